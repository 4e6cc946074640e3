import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { creditNoteLabel, receiptLabel } from '../billing/receipts';
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
  'credit_note_number',
];

interface RegisterLine {
  at: number;
  receiptNumber: number | null;
  type: 'sale' | 'refund';
  /** Paise, negative for a refund. */
  amount: number;
  /** The payment's own amount: a partial refund reverses this share of its invoice's tax. */
  paymentAmount: number;
  paymentId: string;
  method: string | null;
  invoice: TaxInvoice | null;
  creditNote: number | null;
}

/**
 * The payments of an IST day range as a tax register: one row per payment captured in the
 * range (a sale) and one per refund made in it, partial ones included (a negative row with
 * the sale's receipt number and the refund's credit note), oldest first. Tax comes from each payment's own invoice, fixed when it was paid
 * (billing/tax-invoice.ts): a payment made before the seller registered for GST shows no
 * tax, whatever the settings say today. The learner's state is the one on the invoice when
 * they had given it.
 */
export async function paymentsCsv(db: Kysely<Database>, from: string, to: string): Promise<string> {
  const { startMs, endMs } = istDayRange(from, to);
  const [captured, refunds] = await Promise.all([
    db
      .selectFrom('payment')
      .select(['payment_id', 'receipt_number', 'amount', 'method', 'captured_at', 'tax_invoice'])
      .where('captured_at', '>=', startMs)
      .where('captured_at', '<', endMs)
      .execute(),
    // One row per refund, partial ones included, each with the credit note it got.
    db
      .selectFrom('payment_refund')
      .innerJoin('payment', 'payment.payment_id', 'payment_refund.payment_id')
      .select([
        'payment.payment_id',
        'payment.receipt_number',
        'payment.amount as payment_amount',
        'payment.method',
        'payment.tax_invoice',
        'payment_refund.amount',
        'payment_refund.refunded_at',
        'payment_refund.credit_note_number',
      ])
      .where('payment_refund.refunded_at', '>=', startMs)
      .where('payment_refund.refunded_at', '<', endMs)
      .execute(),
  ]);
  const lines: RegisterLine[] = [
    ...captured.map((row) => ({
      at: row.captured_at,
      receiptNumber: row.receipt_number,
      type: 'sale' as const,
      amount: row.amount,
      paymentAmount: row.amount,
      paymentId: row.payment_id,
      method: row.method,
      invoice: parseTaxInvoice(row.tax_invoice),
      creditNote: null,
    })),
    ...refunds.map((row) => ({
      at: Number(row.refunded_at),
      receiptNumber: row.receipt_number,
      type: 'refund' as const,
      amount: -row.amount,
      paymentAmount: row.payment_amount,
      paymentId: row.payment_id,
      method: row.method,
      invoice: parseTaxInvoice(row.tax_invoice),
      creditNote: row.credit_note_number,
    })),
  ].sort((a, b) => a.at - b.at || a.paymentId.localeCompare(b.paymentId) || (a.type === 'sale' ? -1 : 1));
  return toCsv(
    PAYMENTS_CSV_HEADER,
    lines.map((entry): CsvCell[] => {
      const invoice = entry.invoice;
      // Each tax in proportion to the money: the whole invoice for a sale or a full refund,
      // its share for a partial refund (the taxable value takes the rounding).
      const share = (paise: number) => Math.round((paise * entry.amount) / entry.paymentAmount) || 0;
      const cgst = share(invoice?.cgstPaise ?? 0);
      const sgst = share(invoice?.sgstPaise ?? 0);
      const igst = share(invoice?.igstPaise ?? 0);
      return [
        text(istDay(entry.at)),
        text(entry.receiptNumber === null ? null : receiptLabel(entry.receiptNumber)),
        text(entry.type),
        text(invoice?.placeFromLearner ? stateLabel(invoice.placeOfSupplyCode) : 'unknown'),
        text(invoice ? stateLabel(invoice.placeOfSupplyCode) : null),
        rupees(entry.amount),
        rupees(invoice ? entry.amount - cgst - sgst - igst : entry.amount),
        rupees(cgst),
        rupees(sgst),
        rupees(igst),
        text(entry.paymentId),
        text(entry.method),
        text(entry.creditNote === null ? null : creditNoteLabel(entry.creditNote)),
      ];
    }),
  );
}
