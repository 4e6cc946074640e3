import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { receiptLabel } from '../billing/receipts';
import { parseTaxInvoice, stateLabel, type TaxInvoice } from '../billing/tax-invoice';
import { rupees, text, toCsv, type CsvCell } from './csv';
import { istDay, istDayRange } from './ist-days';

export const PAYMENTS_CSV_HEADER = [
  'date',
  'receipt_number',
  'type',
  'learner_state',
  'place_of_supply',
  'amount_inr',
  'taxable_value_inr',
  'cgst_inr',
  'sgst_inr',
  'igst_inr',
  'payment_id',
  'method',
];

interface RegisterLine {
  at: number;
  receiptNumber: number | null;
  type: 'sale' | 'refund';
  amount: number;
  paymentId: string;
  method: string | null;
  invoice: TaxInvoice | null;
}

/**
 * The payments of an IST day range as a tax register: one row per payment captured in the
 * range (a sale) and one per full refund made in it (a negative row with the sale's receipt
 * number), oldest first. Tax comes from each payment's own invoice, fixed when it was paid
 * (billing/tax-invoice.ts): a payment made before the seller registered for GST shows no
 * tax, whatever the settings say today. The learner's state is the one on the invoice when
 * they had given it.
 */
export async function paymentsCsv(db: Kysely<Database>, from: string, to: string): Promise<string> {
  const { startMs, endMs } = istDayRange(from, to);
  const columns = [
    'payment_id',
    'receipt_number',
    'amount',
    'method',
    'captured_at',
    'refunded_at',
    'tax_invoice',
  ] as const;
  const [captured, refunded] = await Promise.all([
    db
      .selectFrom('payment')
      .select(columns)
      .where('captured_at', '>=', startMs)
      .where('captured_at', '<', endMs)
      .execute(),
    db
      .selectFrom('payment')
      .select(columns)
      .where('refunded_at', '>=', startMs)
      .where('refunded_at', '<', endMs)
      .execute(),
  ]);
  const line = (row: (typeof captured)[number], type: RegisterLine['type']): RegisterLine => ({
    at: type === 'sale' ? row.captured_at : row.refunded_at!,
    receiptNumber: row.receipt_number,
    type,
    amount: type === 'sale' ? row.amount : -row.amount,
    paymentId: row.payment_id,
    method: row.method,
    invoice: parseTaxInvoice(row.tax_invoice),
  });
  const lines = [...captured.map((row) => line(row, 'sale')), ...refunded.map((row) => line(row, 'refund'))].sort(
    (a, b) => a.at - b.at || a.paymentId.localeCompare(b.paymentId) || (a.type === 'sale' ? -1 : 1),
  );
  return toCsv(
    PAYMENTS_CSV_HEADER,
    lines.map((entry): CsvCell[] => {
      const sign = entry.type === 'sale' ? 1 : -1;
      const invoice = entry.invoice;
      const tax = (paise: number) => rupees(sign * paise);
      return [
        text(istDay(entry.at)),
        text(entry.receiptNumber === null ? null : receiptLabel(entry.receiptNumber)),
        text(entry.type),
        text(invoice?.placeFromLearner ? stateLabel(invoice.placeOfSupplyCode) : 'unknown'),
        text(invoice ? stateLabel(invoice.placeOfSupplyCode) : null),
        rupees(entry.amount),
        invoice ? tax(invoice.taxablePaise) : rupees(entry.amount),
        tax(invoice?.cgstPaise ?? 0),
        tax(invoice?.sgstPaise ?? 0),
        tax(invoice?.igstPaise ?? 0),
        text(entry.paymentId),
        text(entry.method),
      ];
    }),
  );
}
