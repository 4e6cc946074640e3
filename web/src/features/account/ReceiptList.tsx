import { Link } from 'react-router';
import type { Account } from '../../lib/account-api';
import { formatIndianDate, formatPaise } from '../../lib/indian-format';

/** One line per payment, each opening its printable receipt. */
export function ReceiptList({ receipts }: { receipts: Account['receipts'] }) {
  if (receipts.length === 0) {
    return <p className="text-sm text-slate-300">No payments yet. A receipt appears here after you pay.</p>;
  }
  return (
    <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800">
      {receipts.map((receipt) => (
        <li key={receipt.number} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm">
          <Link
            to={`/account/receipts/${encodeURIComponent(receipt.number)}`}
            className="inline-flex min-h-11 items-center font-semibold text-emerald-300 underline underline-offset-4 hover:text-emerald-200"
          >
            Receipt {receipt.number}
          </Link>
          <span className="text-slate-300">{formatIndianDate(receipt.paid_at)}</span>
          <span className="font-semibold text-white">{formatPaise(receipt.amount, receipt.currency)}</span>
          {receipt.refunded_at && (
            <span className="rounded-full bg-amber-400/15 px-2 py-0.5 text-xs font-semibold text-amber-200">
              Refunded on {formatIndianDate(receipt.refunded_at)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
