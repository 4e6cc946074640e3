import { COURSE_NAME } from '@ehc/common';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { QueuedMail } from '../mail/mail-queue';
import type { Seller } from '../settings/business-settings';
import { parseTaxInvoice, stateLabel, type TaxInvoice } from './tax-invoice';

/** Receipt numbers as printed: EHC-000042. */
const RECEIPT_PREFIX = 'EHC-';

export function receiptLabel(number: number): string {
  return `${RECEIPT_PREFIX}${String(number).padStart(6, '0')}`;
}

/** The credit note label printed on receipts and in the tax register: CN-000001… */
export function creditNoteLabel(number: number): string {
  return `CN-${String(number).padStart(6, '0')}`;
}

export function parseReceiptLabel(label: string): number | null {
  const match = /^EHC-(\d{6,9})$/.exec(label);
  return match ? Number(match[1]) : null;
}

/** The next number of the seller's receipt series, taken inside the payment's transaction. */
export async function nextReceiptNumber(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .updateTable('receipt_sequence')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('id', '=', 1)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/**
 * The receipt email for one payment: queued with the payment, and again (same number,
 * same data) when an admin resends it.
 */
export function receiptMail(
  appOrigin: string,
  buyer: { user_id: string; full_name: string },
  userRef: string,
  payment: {
    receiptNumber: number;
    amount: number;
    capturedAt: number;
    paymentId: string;
    method: string | null;
    invoice: TaxInvoice | null;
  },
): QueuedMail {
  const label = receiptLabel(payment.receiptNumber);
  return {
    kind: 'receipt',
    to: buyer.user_id,
    userRef,
    data: {
      fullName: buyer.full_name,
      receiptNumber: label,
      receiptUrl: `${appOrigin}/account/receipts/${label}`,
      amountPaise: payment.amount,
      paidAt: payment.capturedAt,
      paymentId: payment.paymentId,
      method: payment.method,
      invoice: payment.invoice,
    },
  };
}

export const RECEIPT_ITEM = `${COURSE_NAME} Course — lifetime access to all seven modules`;

/**
 * The tax sentence at the foot of a receipt. A payment made while the seller was registered
 * carries its invoice (the GSTIN then in force); one made before registration says no GST
 * was charged, whatever the settings say today.
 */
export function taxLine(invoice: TaxInvoice | null): string {
  return invoice
    ? `GSTIN: ${invoice.gstin}. The price includes GST.`
    : 'GST not charged: supplier not registered under GST.';
}

/** The GST lines of a tax invoice, as label and value, for the receipt page and email. */
export function invoiceRows(invoice: TaxInvoice, formatRupees: (paise: number) => string): [string, string][] {
  const place =
    stateLabel(invoice.placeOfSupplyCode) + (invoice.placeFromLearner ? '' : ' (seller’s state: no state on record)');
  const half = invoice.ratePercent / 2;
  return [
    ['Seller GSTIN', invoice.gstin],
    ['Place of supply', place],
    ['SAC', `${invoice.sac} (commercial training and coaching services)`],
    ['Taxable value', formatRupees(invoice.taxablePaise)],
    ...(invoice.igstPaise > 0 || invoice.cgstPaise + invoice.sgstPaise === 0
      ? ([[`IGST @ ${invoice.ratePercent}%`, formatRupees(invoice.igstPaise)]] as [string, string][])
      : ([
          [`CGST @ ${half}%`, formatRupees(invoice.cgstPaise)],
          [`SGST @ ${half}%`, formatRupees(invoice.sgstPaise)],
        ] as [string, string][])),
  ];
}

export interface Receipt {
  /** EHC-000042 */
  number: string;
  paidAt: number;
  amountPaise: number;
  currency: string;
  paymentId: string;
  method: string | null;
  /** Refunded receipts stay, marked, as the record of a sale that was reversed. */
  refundedAt: number | null;
  /** Every refund of the payment, partial ones included, with its credit note when taxed. */
  refunds: { amountPaise: number; refundedAt: number; creditNote: string | null }[];
  item: string;
  taxLine: string;
  /** Present when the sale was made while the seller was registered for GST. */
  invoice: TaxInvoice | null;
  seller: Seller;
  buyer: { name: string; email: string; phone: string };
}

/** The learner's receipts, newest first (one per payment that unlocked the course). */
export async function listReceipts(
  db: Kysely<Database>,
  seller: Seller,
  userRef: string,
  only?: number,
): Promise<Receipt[]> {
  const rows = await db
    .selectFrom('payment')
    .innerJoin('app_user', 'app_user.id', 'payment.user_ref')
    .select([
      'payment.payment_id',
      'payment.amount',
      'payment.currency',
      'payment.captured_at',
      'payment.refunded_at',
      'payment.receipt_number',
      'payment.method',
      'payment.tax_invoice',
      'app_user.full_name',
      'app_user.user_id',
      'app_user.phone',
    ])
    .where('payment.user_ref', '=', userRef)
    .where('payment.receipt_number', 'is not', null)
    .$if(only !== undefined, (q) => q.where('payment.receipt_number', '=', only!))
    .orderBy('payment.captured_at', 'desc')
    .execute();
  const refunds = rows.length
    ? await db
        .selectFrom('payment_refund')
        .selectAll()
        .where(
          'payment_id',
          'in',
          rows.map((row) => row.payment_id),
        )
        .orderBy('refunded_at')
        .execute()
    : [];
  return rows.map((row) => {
    const invoice = parseTaxInvoice(row.tax_invoice);
    return {
      number: receiptLabel(row.receipt_number!),
      paidAt: row.captured_at,
      amountPaise: row.amount,
      currency: row.currency,
      paymentId: row.payment_id,
      method: row.method,
      refundedAt: row.refunded_at,
      refunds: refunds
        .filter((refund) => refund.payment_id === row.payment_id)
        .map((refund) => ({
          amountPaise: refund.amount,
          refundedAt: Number(refund.refunded_at),
          creditNote: refund.credit_note_number === null ? null : creditNoteLabel(refund.credit_note_number),
        })),
      item: RECEIPT_ITEM,
      taxLine: taxLine(invoice),
      invoice,
      seller,
      buyer: { name: row.full_name, email: row.user_id, phone: row.phone },
    };
  });
}

/** One of the learner's receipts by its printed number, or null (also for someone else's). */
export async function findReceipt(
  db: Kysely<Database>,
  seller: Seller,
  userRef: string,
  label: string,
): Promise<Receipt | null> {
  const number = parseReceiptLabel(label);
  if (number === null) return null;
  const [receipt] = await listReceipts(db, seller, userRef, number);
  return receipt ?? null;
}
