import type { AdminLearnerSummary, LearnerAction } from '../admin-api';
import { formatWhen } from '../admin-format';
import { ConsoleSection } from '../ConsoleSection';
import { StatusBadge } from '../StatusBadge';
import { actionButton, dangerActionButton } from './action-button';

/** Who the learner is, whether the course is unlocked, and the account-wide actions. */
export function LearnerAccount({
  summary,
  onAction,
}: {
  summary: AdminLearnerSummary;
  onAction(action: LearnerAction): void;
}) {
  const userId = summary.id;
  const rows = [
    { label: 'Email', value: summary.email },
    { label: 'Full name', value: summary.full_name || '—' },
    { label: 'Phone', value: summary.phone || '—' },
    { label: 'Role', value: summary.role },
    { label: 'Signed up', value: formatWhen(summary.created_at) },
  ];
  return (
    <ConsoleSection
      title="Account"
      actions={
        !summary.deleted && (
          <>
            {summary.paid ? (
              <button
                type="button"
                className={dangerActionButton}
                onClick={() => onAction({ kind: 'revokeAccess', userId })}
              >
                Revoke access
              </button>
            ) : (
              <button type="button" className={actionButton} onClick={() => onAction({ kind: 'grantAccess', userId })}>
                Grant access
              </button>
            )}
            <button type="button" className={actionButton} onClick={() => onAction({ kind: 'checkPayment', userId })}>
              Check payment now
            </button>
            <button
              type="button"
              className={actionButton}
              onClick={() => onAction({ kind: 'signOutEverywhere', userId })}
            >
              Sign out everywhere
            </button>
          </>
        )
      }
    >
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-400">Course access</dt>
          <dd className="mt-0.5 flex flex-wrap gap-2">
            <StatusBadge status={summary.paid ? 'paid' : 'not paid'} tone={summary.paid ? 'good' : 'plain'} />
            {summary.deleted && <StatusBadge status="deleted" />}
          </dd>
        </div>
        {rows.map((row) => (
          <div key={row.label} className="min-w-0">
            <dt className="text-sm text-slate-400">{row.label}</dt>
            <dd className="font-semibold break-words text-white">{row.value}</dd>
          </div>
        ))}
      </dl>
    </ConsoleSection>
  );
}
