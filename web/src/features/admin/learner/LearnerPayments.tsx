import { formatPaise } from '../../../lib/indian-format';
import type { AdminDuplicatePayment, AdminLearner, AdminOrder, AdminPayment, LearnerAction } from '../admin-api';
import { formatWhen } from '../admin-format';
import { AdminTable, type Column } from '../AdminTable';
import { ConsoleSection } from '../ConsoleSection';
import { StatusBadge } from '../StatusBadge';
import { actionButton, dangerActionButton } from './action-button';

const mono = 'font-mono text-xs break-all';

const ORDER_COLUMNS: Column<AdminOrder>[] = [
  { header: 'Order id', cell: (o) => o.order_id, className: mono },
  { header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
  { header: 'Amount', cell: (o) => formatPaise(o.amount, o.currency), className: 'whitespace-nowrap' },
  { header: 'Gateway', cell: (o) => o.gateway },
  { header: 'Created', cell: (o) => formatWhen(o.created_at), className: 'whitespace-nowrap' },
  { header: 'Updated', cell: (o) => formatWhen(o.updated_at), className: 'whitespace-nowrap' },
];

const DUPLICATE_COLUMNS: Column<AdminDuplicatePayment>[] = [
  { header: 'Payment id', cell: (d) => d.payment_id, className: mono },
  { header: 'Order id', cell: (d) => d.order_id, className: mono },
  { header: 'Amount', cell: (d) => formatPaise(d.amount), className: 'whitespace-nowrap' },
  { header: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
  { header: 'Refund id', cell: (d) => d.refund_id ?? '—', className: mono },
  { header: 'Captured', cell: (d) => formatWhen(d.captured_at), className: 'whitespace-nowrap' },
];

/** Orders, payments (with receipt numbers, refund and resend) and duplicate payments. */
export function LearnerPayments({
  learner,
  onAction,
}: {
  learner: AdminLearner;
  onAction(action: LearnerAction): void;
}) {
  const paymentColumns: Column<AdminPayment>[] = [
    { header: 'Payment id', cell: (p) => p.payment_id, className: mono },
    { header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
    { header: 'Amount', cell: (p) => formatPaise(p.amount, p.currency), className: 'whitespace-nowrap' },
    { header: 'Method', cell: (p) => p.method ?? '—' },
    { header: 'Receipt', cell: (p) => p.receipt_number ?? '—', className: 'whitespace-nowrap' },
    { header: 'Captured', cell: (p) => formatWhen(p.captured_at), className: 'whitespace-nowrap' },
    { header: 'Refunded', cell: (p) => formatWhen(p.refunded_at), className: 'whitespace-nowrap' },
    { header: 'Order id', cell: (p) => p.order_id, className: mono },
    { header: 'Actions', cell: (p) => <PaymentActions payment={p} onAction={onAction} /> },
  ];
  return (
    <ConsoleSection title="Orders and payments">
      <h3 className="mb-2 text-sm font-semibold text-slate-200">Payments</h3>
      <AdminTable
        caption="Payments"
        columns={paymentColumns}
        rows={learner.payments}
        rowKey={(p) => p.payment_id}
        empty="No payments."
        minWidth="min-w-[60rem]"
      />
      <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-200">Orders</h3>
      <AdminTable
        caption="Orders"
        columns={ORDER_COLUMNS}
        rows={learner.orders}
        rowKey={(o) => o.order_id}
        empty="No orders."
      />
      <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-200">Duplicate payments</h3>
      <p className="mb-2 text-xs text-slate-400">
        A second payment from a learner who already paid is refunded automatically.
      </p>
      <AdminTable
        caption="Duplicate payments"
        columns={DUPLICATE_COLUMNS}
        rows={learner.duplicate_payments}
        rowKey={(d) => d.payment_id}
        empty="No duplicate payments."
      />
    </ConsoleSection>
  );
}

function PaymentActions({ payment, onAction }: { payment: AdminPayment; onAction(action: LearnerAction): void }) {
  const refundable = payment.status === 'captured' && !payment.refunded_at;
  const receipt = payment.receipt_number;
  if (!refundable && !receipt) return <span className="text-slate-400">—</span>;
  return (
    <div className="flex flex-col items-stretch gap-2">
      {refundable && (
        <button
          type="button"
          className={dangerActionButton}
          aria-label={`Refund payment ${payment.payment_id}`}
          onClick={() => onAction({ kind: 'refundPayment', paymentId: payment.payment_id, amount: payment.amount })}
        >
          Refund
        </button>
      )}
      {receipt && (
        <button
          type="button"
          className={actionButton}
          aria-label={`Resend receipt ${receipt}`}
          onClick={() => onAction({ kind: 'resendReceipt', paymentId: payment.payment_id, receiptNumber: receipt })}
        >
          Resend receipt
        </button>
      )}
    </div>
  );
}
