import type { AdminEmail, AdminSession } from '../admin-api';
import { formatWhen, humanize } from '../admin-format';
import { AdminTable, type Column } from '../AdminTable';
import { ConsoleSection } from '../ConsoleSection';
import { StatusBadge } from '../StatusBadge';

const EMAIL_COLUMNS: Column<AdminEmail>[] = [
  { header: 'Kind', cell: (e) => humanize(e.kind) },
  { header: 'Subject', cell: (e) => e.subject ?? '—' },
  { header: 'Status', cell: (e) => <StatusBadge status={e.status} /> },
  { header: 'Tries', cell: (e) => e.attempts, className: 'text-right' },
  { header: 'Queued', cell: (e) => formatWhen(e.created_at), className: 'whitespace-nowrap' },
  { header: 'Sent', cell: (e) => formatWhen(e.sent_at), className: 'whitespace-nowrap' },
  { header: 'Last error', cell: (e) => e.last_error ?? '—', className: 'text-xs break-words' },
];

const SESSION_COLUMNS: Column<AdminSession>[] = [
  { header: 'Signed in', cell: (s) => formatWhen(s.created_at), className: 'whitespace-nowrap' },
  { header: 'Last used', cell: (s) => formatWhen(s.last_seen_at), className: 'whitespace-nowrap' },
  { header: 'Expires', cell: (s) => formatWhen(s.expires_at), className: 'whitespace-nowrap' },
];

/** The emails sent to the learner and the devices signed in. */
export function LearnerActivity({ emails, sessions }: { emails: AdminEmail[]; sessions: AdminSession[] }) {
  return (
    <>
      <ConsoleSection title="Emails sent">
        <AdminTable
          caption="Emails sent"
          columns={EMAIL_COLUMNS}
          rows={emails}
          rowKey={(e, index) => `${e.created_at}-${e.kind}-${index}`}
          empty="No emails."
          minWidth="min-w-[52rem]"
        />
      </ConsoleSection>
      <ConsoleSection title="Sessions">
        <AdminTable
          caption="Sessions"
          columns={SESSION_COLUMNS}
          rows={sessions}
          rowKey={(s, index) => `${s.created_at}-${index}`}
          empty="Not signed in anywhere."
        />
      </ConsoleSection>
    </>
  );
}
