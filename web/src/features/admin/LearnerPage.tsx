import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { LoadingScreen } from '../../components/LoadingScreen';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ActionDialog } from './ActionDialog';
import { fetchLearner, type AdminLearner, type LearnerAction } from './admin-api';
import { ConsoleError } from './ConsoleError';
import { AuditLog } from './learner/AuditLog';
import { LearnerAccount } from './learner/LearnerAccount';
import { LearnerActivity } from './learner/LearnerActivity';
import { LearnerCertificates } from './learner/LearnerCertificates';
import { LearnerPayments } from './learner/LearnerPayments';
import { LearnerProgress } from './learner/LearnerProgress';

/** `/admin/learners/:learnerId`: everything about one learner, and the actions support needs. */
export function LearnerPage() {
  const { learnerId = '' } = useParams();
  // The search that led here (LearnerSearchPage passes it), so Back shows the same results.
  const from: unknown = useLocation().state?.from;
  const backTo = typeof from === 'string' && from.startsWith('/admin') ? from : '/admin';
  const queryClient = useQueryClient();
  const learner = useQuery({ queryKey: queryKeys.admin.learner(learnerId), queryFn: () => fetchLearner(learnerId) });
  const name = learner.data ? learner.data.summary.full_name || learner.data.summary.email : 'Learner';
  useDocumentTitle(`${name} · Console`);

  return (
    <>
      <Link
        to={backTo}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-emerald-300 underline-offset-4 hover:underline"
      >
        ← Back to results
      </Link>
      {learner.status === 'pending' && <LoadingScreen />}
      {learner.status === 'error' && <ConsoleError error={learner.error} onRetry={() => void learner.refetch()} />}
      {learner.status === 'success' && !learner.data && (
        <>
          <h1 className="mt-2 text-2xl font-extrabold text-white">Learner not found</h1>
          <p className="mt-2 text-slate-300">No learner has this id. Search again from the Learners page.</p>
        </>
      )}
      {learner.data && (
        <LearnerDetails
          learner={learner.data}
          onChange={(changed) => queryClient.setQueryData(queryKeys.admin.learner(learnerId), changed)}
        />
      )}
    </>
  );
}

function LearnerDetails({ learner, onChange }: { learner: AdminLearner; onChange(learner: AdminLearner): void }) {
  const [action, setAction] = useState<LearnerAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { summary } = learner;

  function open(next: LearnerAction) {
    setNotice(null);
    setAction(next);
  }

  return (
    <>
      <h1 className="mt-2 text-2xl font-extrabold break-words text-white sm:text-3xl">
        {summary.full_name || summary.email}
      </h1>
      <p role="status" className="mt-3 text-sm font-semibold text-emerald-300 empty:hidden">
        {notice && `${notice} The audit log below shows the entry.`}
      </p>
      <div className="mt-6 space-y-6">
        <LearnerAccount summary={summary} onAction={open} />
        <LearnerPayments learner={learner} onAction={open} />
        <LearnerProgress progress={learner.progress} />
        <LearnerCertificates certificates={learner.certificates} onAction={open} />
        <LearnerActivity emails={learner.emails} sessions={learner.sessions} />
        <AuditLog entries={learner.audit} />
      </div>
      {action && (
        <ActionDialog
          action={action}
          learner={learner}
          onCancel={() => setAction(null)}
          onDone={(updated, message) => {
            setAction(null);
            onChange(updated);
            setNotice(message);
          }}
        />
      )}
    </>
  );
}
