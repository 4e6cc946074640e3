import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/button-styles';
import { FormMessage } from '../../components/FormMessage';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { findLearners, type AdminLearnerSummary } from './admin-api';
import { formatWhen } from './admin-format';
import { ConsoleError } from './ConsoleError';
import { StatusBadge } from './StatusBadge';

const EMPTY_QUERY = 'Please type a name, email, phone (or its last digits), order id, payment id or certificate id.';

/** `/admin`: find a learner by anything a support email is likely to quote. */
export function LearnerSearchPage() {
  useDocumentTitle('Find a learner · Console');
  const ids = useId();
  // The query lives in the address, so Back from a learner returns to the same results.
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = text.trim();
    if (wanted === '') {
      setError(EMPTY_QUERY);
      return;
    }
    setParams({ q: wanted });
  }

  return (
    <>
      <h1 className="text-2xl font-extrabold text-white sm:text-3xl">Find a learner</h1>
      <form role="search" noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${ids}-query`} className="mb-1.5 block text-sm font-medium text-slate-200">
            Name, email, phone, order id, payment id or certificate id
          </label>
          <input
            id={`${ids}-query`}
            type="search"
            value={text}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            className="min-h-11 w-full rounded-xl border border-slate-700 bg-slate-950 px-4 py-2.5 text-slate-100 placeholder:text-slate-500 focus:border-emerald-500 aria-invalid:border-rose-400"
          />
        </div>
        <button type="submit" className={buttonStyles.primary}>
          Search
        </button>
      </form>
      <div className="mt-2">
        <FormMessage id={`${ids}-error`} error={error} />
      </div>
      {query && <SearchResults key={query} query={query} />}
    </>
  );
}

function SearchResults({ query }: { query: string }) {
  const results = useQuery({ queryKey: queryKeys.admin.search(query), queryFn: () => findLearners(query) });
  if (results.status === 'pending') return <p className="mt-6 text-slate-300">Loading...</p>;
  if (results.status === 'error') return <ConsoleError error={results.error} onRetry={() => void results.refetch()} />;
  const learners = results.data;
  return (
    <section aria-labelledby="results-heading" className="mt-6">
      <h2 id="results-heading" className="text-lg font-bold text-white">
        Results
      </h2>
      <p role="status" className="mt-1 text-sm text-slate-300">
        {learners.length === 0
          ? `No learner matches “${query}”.`
          : `${learners.length} ${learners.length === 1 ? 'learner matches' : 'learners match'} “${query}”.`}
      </p>
      {learners.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-800 rounded-xl border border-slate-800">
          {learners.map((learner) => (
            <ResultRow key={learner.id} learner={learner} from={`/admin?${new URLSearchParams({ q: query })}`} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ResultRow({ learner, from }: { learner: AdminLearnerSummary; from: string }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
      <Link
        to={`/admin/learners/${encodeURIComponent(learner.id)}`}
        state={{ from }}
        className="inline-flex min-h-11 items-center font-semibold break-all text-emerald-300 underline underline-offset-4 hover:text-emerald-200"
      >
        {learner.full_name || learner.email}
      </Link>
      <span className="break-all text-slate-200">{learner.email}</span>
      <span className="text-slate-300">{learner.phone || '—'}</span>
      <StatusBadge status={learner.paid ? 'paid' : 'not paid'} tone={learner.paid ? 'good' : 'plain'} />
      {learner.role === 'admin' && <StatusBadge status="admin" tone="warn" />}
      {learner.deleted && <StatusBadge status="deleted" />}
      <span className="text-slate-400">Joined {formatWhen(learner.created_at)}</span>
    </li>
  );
}
