import type { AdminCertificate, LearnerAction } from '../admin-api';
import { formatWhen } from '../admin-format';
import { AdminTable, type Column } from '../AdminTable';
import { ConsoleSection } from '../ConsoleSection';
import { StatusBadge } from '../StatusBadge';
import { actionButton, dangerActionButton } from './action-button';

/** The learner's certificates, with revoke and re-issue (a corrected name). */
export function LearnerCertificates({
  certificates,
  onAction,
}: {
  certificates: AdminCertificate[];
  onAction(action: LearnerAction): void;
}) {
  const columns: Column<AdminCertificate>[] = [
    {
      header: 'Certificate id',
      cell: (c) => (
        <a
          href={`/verify/${encodeURIComponent(c.certificate_id)}`}
          target="_blank"
          rel="noopener noreferrer"
          className="font-mono text-xs break-all text-emerald-300 underline underline-offset-2"
        >
          {c.certificate_id}
        </a>
      ),
    },
    { header: 'For', cell: (c) => c.title },
    { header: 'Holder', cell: (c) => c.holder_name || '—' },
    { header: 'Completed', cell: (c) => formatWhen(c.completed_at), className: 'whitespace-nowrap' },
    {
      header: 'State',
      cell: (c) =>
        c.revoked_at ? (
          <span className="flex flex-col items-start gap-1">
            <StatusBadge status="revoked" />
            <span className="text-xs text-slate-300">
              {formatWhen(c.revoked_at)}
              {c.revoked_reason && `: ${c.revoked_reason}`}
            </span>
          </span>
        ) : (
          <StatusBadge status="valid" />
        ),
    },
    {
      header: 'Actions',
      cell: (c) =>
        c.revoked_at ? (
          <span className="text-slate-400">—</span>
        ) : (
          <div className="flex flex-col items-stretch gap-2">
            <button
              type="button"
              className={actionButton}
              aria-label={`Re-issue certificate ${c.certificate_id}`}
              onClick={() =>
                onAction({
                  kind: 'reissueCertificate',
                  certificateId: c.certificate_id,
                  title: c.title,
                  holderName: c.holder_name,
                })
              }
            >
              Re-issue
            </button>
            <button
              type="button"
              className={dangerActionButton}
              aria-label={`Revoke certificate ${c.certificate_id}`}
              onClick={() => onAction({ kind: 'revokeCertificate', certificateId: c.certificate_id, title: c.title })}
            >
              Revoke
            </button>
          </div>
        ),
    },
  ];
  return (
    <ConsoleSection title="Certificates">
      <AdminTable
        caption="Certificates"
        columns={columns}
        rows={certificates}
        rowKey={(c) => c.certificate_id}
        empty="No certificates."
        minWidth="min-w-[52rem]"
      />
    </ConsoleSection>
  );
}
