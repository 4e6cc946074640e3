import { useQuery } from '@tanstack/react-query';
import { paymentMethodName } from '@ehc/common';
import { Link, useParams } from 'react-router';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingScreen } from '../../components/LoadingScreen';
import { fetchReceipt, type Receipt } from '../../lib/account-api';
import { formatIndianDate, formatPaise } from '../../lib/indian-format';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import './receipt-print.css';

/** `/account/receipts/:number`: one receipt, laid out to print or save as a PDF. */
export function ReceiptPage() {
  const { number = '' } = useParams();
  const receipt = useQuery({ queryKey: queryKeys.receipt(number), queryFn: () => fetchReceipt(number) });
  useDocumentTitle(
    receipt.status === 'success' && !receipt.data ? 'Receipt not found' : `Receipt ${number} · Ethical Hacking Course`,
  );

  return (
    <div className="min-h-dvh px-4 py-6 sm:px-6 sm:py-10 print:p-0">
      <nav
        aria-label="Receipt actions"
        className="mx-auto mb-4 flex max-w-3xl flex-wrap items-center justify-between gap-3 print:hidden"
      >
        <Link
          to="/account"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-emerald-300 underline-offset-4 hover:underline"
        >
          ← Back to your account
        </Link>
        {receipt.data && (
          <button
            type="button"
            onClick={() => window.print()}
            className="inline-flex min-h-11 items-center rounded-xl bg-emerald-500 px-5 py-2.5 font-semibold text-slate-950 hover:bg-emerald-400"
          >
            Print or save as PDF
          </button>
        )}
      </nav>
      {receipt.status === 'pending' && <LoadingScreen />}
      {receipt.status === 'error' && <ErrorPanel onRetry={() => void receipt.refetch()} />}
      {receipt.status === 'success' && !receipt.data && <ReceiptNotFound number={number} />}
      {receipt.data && <ReceiptPaper receipt={receipt.data} />}
    </div>
  );
}

function ReceiptNotFound({ number }: { number: string }) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl rounded-2xl border border-slate-800 bg-slate-900/70 p-6">
      <h1 className="text-2xl font-extrabold text-white">Receipt not found</h1>
      <p className="mt-2 text-slate-300">
        Your account has no receipt numbered <span className="font-mono break-all">{number}</span>. Your receipts are
        listed on your account page.
      </p>
    </main>
  );
}

function TaxRow({ label, value }: { label: string; value: string }) {
  return (
    <tr className="border-b border-slate-200 text-slate-700">
      <td className="py-2 pr-4">{label}</td>
      <td className="py-2 text-right whitespace-nowrap">{value}</td>
    </tr>
  );
}

/** The receipt itself: what a tax record needs, in the order an accountant reads it. */
function ReceiptPaper({ receipt }: { receipt: Receipt }) {
  const { seller, buyer } = receipt;
  const amount = formatPaise(receipt.amount, receipt.currency);
  // The GSTIN printed is the one on the invoice (in force when it was paid), not today's.
  const invoice = receipt.tax_invoice;
  const money = (paise: number) => formatPaise(paise, receipt.currency);
  return (
    <main
      id="main"
      tabIndex={-1}
      className="receipt-paper mx-auto max-w-3xl rounded-2xl bg-white p-6 text-slate-900 shadow-2xl sm:p-10"
    >
      <div className="flex flex-wrap items-start justify-between gap-6 border-b border-slate-300 pb-6">
        <div className="min-w-0 text-sm">
          <p className="text-lg font-bold">{seller.legal_name}</p>
          <p className="mt-1 whitespace-pre-line text-slate-700">{seller.address}</p>
          <p className="mt-2 break-words text-slate-700">
            {seller.support_email}
            {seller.support_phone && <> · {seller.support_phone}</>}
          </p>
          {invoice && <p className="mt-1 font-semibold">GSTIN {invoice.gstin}</p>}
        </div>
        <div className="text-left sm:text-right">
          <h1 className="text-2xl font-extrabold">{invoice ? 'Tax invoice' : 'Receipt'}</h1>
          <dl className="mt-2 text-sm">
            <dt className="sr-only">Receipt number</dt>
            <dd className="font-mono text-base font-semibold">{receipt.number}</dd>
            <dt className="sr-only">Date</dt>
            <dd className="text-slate-700">{formatIndianDate(receipt.paid_at)}</dd>
          </dl>
        </div>
      </div>

      <section aria-labelledby="receipt-buyer" className="mt-6 text-sm">
        <h2 id="receipt-buyer" className="text-xs font-semibold tracking-wider text-slate-600 uppercase">
          Billed to
        </h2>
        <p className="mt-1 font-semibold">{buyer.name || '—'}</p>
        <p className="break-all text-slate-700">{buyer.email}</p>
        {buyer.phone && <p className="text-slate-700">{buyer.phone}</p>}
      </section>

      <table className="mt-6 w-full border-collapse text-sm">
        <caption className="sr-only">What was paid for</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-xs tracking-wider text-slate-600 uppercase">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Item
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-200">
            <td className="py-3 pr-4">
              {receipt.item}
              {invoice && <span className="block text-xs text-slate-600">SAC {invoice.sac}</span>}
            </td>
            <td className="py-3 text-right whitespace-nowrap">
              {invoice ? money(invoice.taxable) : amount}
              {invoice && <span className="block text-xs text-slate-600">Taxable value</span>}
            </td>
          </tr>
          {invoice &&
            (invoice.igst > 0 || invoice.cgst + invoice.sgst === 0 ? (
              <TaxRow label={`IGST @ ${invoice.rate_percent}%`} value={money(invoice.igst)} />
            ) : (
              <>
                <TaxRow label={`CGST @ ${invoice.rate_percent / 2}%`} value={money(invoice.cgst)} />
                <TaxRow label={`SGST @ ${invoice.rate_percent / 2}%`} value={money(invoice.sgst)} />
              </>
            ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-3 pr-4 text-left font-bold">
              Total paid
            </th>
            <td className="py-3 text-right text-base font-bold whitespace-nowrap">{amount}</td>
          </tr>
        </tfoot>
      </table>

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Payment id</dt>
          <dd className="font-mono break-all">{receipt.payment_id}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Payment method</dt>
          <dd>{receipt.method ? paymentMethodName(receipt.method) : '—'}</dd>
        </div>
        {invoice && (
          <div>
            <dt className="text-slate-600">Place of supply</dt>
            <dd>
              {invoice.place_of_supply}
              {!invoice.place_from_learner && (
                <span className="block text-xs text-slate-600">The seller’s state: no state was on record.</span>
              )}
            </dd>
          </div>
        )}
      </dl>

      {receipt.refunded_at && (
        <p className="mt-6 rounded-lg border border-amber-500 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
          Refunded on {formatIndianDate(receipt.refunded_at)}
        </p>
      )}
      {receipt.refunds.length > 0 && (
        <section aria-labelledby="refunds-title" className="mt-6">
          <h2 id="refunds-title" className="text-sm font-bold text-slate-900">
            {invoice ? 'Refunds and credit notes' : 'Refunds'}
          </h2>
          <ul className="mt-2 space-y-1 text-sm" data-testid="receipt-refunds">
            {receipt.refunds.map((refund, index) => (
              <li key={index}>
                {refund.credit_note && <span className="font-semibold">Credit note {refund.credit_note}: </span>}
                {formatPaise(refund.amount, receipt.currency)} refunded on {formatIndianDate(refund.refunded_at)}
              </li>
            ))}
          </ul>
        </section>
      )}

      {invoice && (
        // CGST Rules 46: whether tax is payable on reverse charge, and the supplier's signature
        // (rule 46(q) accepts a statement that the invoice is generated electronically).
        <dl className="mt-6 grid gap-1 text-sm" data-testid="invoice-declarations">
          <div className="flex gap-2">
            <dt className="text-slate-600">Tax payable on reverse charge:</dt>
            <dd className="font-semibold">No</dd>
          </div>
          <div>
            <dt className="sr-only">Signature</dt>
            <dd className="text-slate-700">
              This is a computer-generated invoice issued by {seller.legal_name}; no signature is required.
            </dd>
          </div>
        </dl>
      )}
      <p className="mt-8 border-t border-slate-300 pt-4 text-xs text-slate-600">{receipt.tax_line}</p>
    </main>
  );
}
