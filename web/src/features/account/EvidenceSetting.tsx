import { useEffect, useId, useState } from 'react';
import { FormMessage } from '../../components/FormMessage';
import { gql, graphql } from '../../lib/graphql';
import { accountErrorMessage } from './account-errors';

const GetEvidenceShown = graphql(`
  query GetEvidenceShown {
    evidenceShown
  }
`);

const SetEvidenceShown = graphql(`
  mutation SetEvidenceShown($show: Boolean!) {
    setEvidenceShown(show: $show)
  }
`);

/**
 * The learner's choice to show "Labs solved" and knowledge-check scores on /verify and
 * their certificate screen: off until they turn it on, saved as soon as it changes.
 */
export function EvidenceSetting() {
  const id = useId();
  const [shown, setShown] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    gql(GetEvidenceShown).then(
      (data) => current && setShown(data.evidenceShown),
      (failure: unknown) => current && setError(accountErrorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, []);

  async function change(show: boolean) {
    setError(null);
    setSaved(null);
    setShown(show);
    try {
      await gql(SetEvidenceShown, { show });
      setSaved(show ? 'Shown on your certificates.' : 'Hidden from your certificates.');
    } catch (failure) {
      setShown(!show);
      setError(accountErrorMessage(failure));
    }
  }

  return (
    <div className="space-y-3">
      <label htmlFor={id} className="flex min-h-11 items-start gap-3 text-slate-200">
        <input
          id={id}
          type="checkbox"
          checked={shown ?? false}
          disabled={shown === null}
          onChange={(event) => void change(event.target.checked)}
          aria-describedby={`${id}-message`}
          className="mt-1 h-5 w-5 shrink-0 accent-emerald-500"
        />
        <span>Show labs solved and knowledge-check scores on my certificates and their verification page</span>
      </label>
      <FormMessage id={`${id}-message`} error={error} success={saved} />
    </div>
  );
}
