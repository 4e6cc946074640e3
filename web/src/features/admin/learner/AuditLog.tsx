import type { AuditEntry } from '../admin-api';
import { formatWhen, humanize } from '../admin-format';
import { AdminTable, type Column } from '../AdminTable';
import { ConsoleSection } from '../ConsoleSection';

/** The details JSON, indented for reading; shown as it came if it is not JSON. */
function prettyDetails(details: string): string {
  try {
    return JSON.stringify(JSON.parse(details), null, 2);
  } catch {
    return details;
  }
}

const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', cell: (a) => formatWhen(a.at), className: 'whitespace-nowrap' },
  { header: 'Who', cell: (a) => a.actor_email, className: 'wrap-anywhere' },
  { header: 'What', cell: (a) => humanize(a.action), className: 'whitespace-nowrap font-semibold text-white' },
  { header: 'On', cell: (a) => a.target ?? '—', className: 'min-w-40 font-mono text-xs break-all' },
  { header: 'Why', cell: (a) => a.reason, className: 'min-w-48' },
  {
    header: 'Details',
    cell: (a) =>
      a.details && a.details !== '{}' ? (
        <details>
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-emerald-300">Show</summary>
          <pre className="mt-1 max-w-md overflow-x-auto rounded-lg bg-slate-950 p-2 text-xs">
            {prettyDetails(a.details)}
          </pre>
        </details>
      ) : (
        '—'
      ),
  },
];

/** Who did what to this learner, when and why: newest first, never edited. */
export function AuditLog({ entries }: { entries: AuditEntry[] }) {
  return (
    <ConsoleSection title="Audit log">
      <AdminTable
        caption="Audit log"
        columns={COLUMNS}
        rows={entries}
        rowKey={(a, index) => `${a.at}-${a.action}-${index}`}
        empty="No admin actions yet."
        minWidth="min-w-[60rem]"
      />
    </ConsoleSection>
  );
}
