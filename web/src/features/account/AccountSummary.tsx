import type { Account } from '../../lib/account-api';
import { formatIndianDate } from '../../lib/indian-format';

/** Who the account belongs to and where it stands. */
export function AccountSummary({ account }: { account: Account }) {
  const { user } = account;
  // Receipts come newest first; the oldest is the payment that unlocked the course.
  const firstPayment = account.receipts.at(-1);
  const rows = [
    { label: 'Email', value: user.user_id, wide: true },
    { label: 'Full name', value: user.full_name || '—' },
    { label: 'Phone', value: user.phone || '—' },
    { label: 'Status', value: user.payment_status ? 'Premium' : 'Free' },
    ...(firstPayment ? [{ label: 'Paid on', value: formatIndianDate(firstPayment.paid_at) }] : []),
    { label: 'Member since', value: formatIndianDate(account.created_at) },
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className={`min-w-0 ${'wide' in row ? 'sm:col-span-2' : ''}`}>
          <dt className="text-sm text-slate-400">{row.label}</dt>
          <dd className="font-semibold break-words text-white">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
