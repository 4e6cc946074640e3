import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { receiptLabel } from '../billing/receipts';
import { rupees, text, toCsv, type CsvCell } from './csv';
import { istDay, istDayRange } from './ist-days';

export const PAYMENTS_CSV_HEADER = [
  'date',
  'receipt_number',
  'type',
  'learner_state',
  'amount_inr',
  'taxable_value_inr',
  'gst_inr',
  'payment_id',
  'method',
];

/**
 * Splits an amount that includes GST at 18% into the taxable value and the tax, in paise
 * (taxable = amount × 100/118 rounded to the paisa, GST the rest, so the two always add
 * up). Without a GSTIN no GST is charged and the whole amount is the value.
 */
export function gstSplit(amountPaise: number, gstRegistered: boolean): { taxable: number; gst: number } {
  if (!gstRegistered) return { taxable: amountPaise, gst: 0 };
  const sign = Math.sign(amountPaise);
  const taxable = Math.round((Math.abs(amountPaise) * 100) / 118);
  return { taxable: sign * taxable, gst: amountPaise - sign * taxable };
}

interface RegisterLine {
  at: number;
  receiptNumber: number | null;
  type: 'sale' | 'refund';
  amount: number;
  paymentId: string;
  method: string | null;
}

/**
 * The payments of an IST day range as a tax register: one row per payment captured in the
 * range (a sale) and one per full refund made in it (a negative row with the sale's receipt
 * number), oldest first. We do not collect the learner's state, so the place of supply is
 * written "unknown". GST follows the GSTIN in the settings now, not the one in force on the
 * day (the settings keep no history).
 */
export async function paymentsCsv(
  db: Kysely<Database>,
  gstin: string | null,
  from: string,
  to: string,
): Promise<string> {
  const { startMs, endMs } = istDayRange(from, to);
  const columns = ['payment_id', 'receipt_number', 'amount', 'method', 'captured_at', 'refunded_at'] as const;
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
  });
  const lines = [...captured.map((row) => line(row, 'sale')), ...refunded.map((row) => line(row, 'refund'))].sort(
    (a, b) => a.at - b.at || a.paymentId.localeCompare(b.paymentId) || (a.type === 'sale' ? -1 : 1),
  );
  return toCsv(
    PAYMENTS_CSV_HEADER,
    lines.map((entry): CsvCell[] => {
      const { taxable, gst } = gstSplit(entry.amount, gstin !== null);
      return [
        text(istDay(entry.at)),
        text(entry.receiptNumber === null ? null : receiptLabel(entry.receiptNumber)),
        text(entry.type),
        text('unknown'),
        rupees(entry.amount),
        rupees(taxable),
        rupees(gst),
        text(entry.paymentId),
        text(entry.method),
      ];
    }),
  );
}
