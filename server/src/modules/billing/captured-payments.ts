import type { Transaction } from 'kysely';
import { lockLearner } from '../../db/learner-lock';
import type { Database } from '../../db/schema';
import { queueMail } from '../mail/mail-queue';
import type { BillingDeps } from './billing-deps';
import { refundDuplicatePayment } from './duplicate-payments';
import type { GatewayPayment } from './gateway';
import { nextReceiptNumber, receiptMail } from './receipts';
import { taxInvoiceFor } from './tax-invoice';

// The one place a course is unlocked. Every way we hear of a captured payment (the
// browser's verify, a webhook, the reconciler, an admin's check) records it here, so the
// checks on amount, order and duplicates are made once.

/** What recording a payment did: unlocked the course, found it already recorded, kept it for refund, or refused it. */
export type RecordOutcome = 'granted' | 'recorded' | 'duplicate' | 'refused';

/**
 * Records a captured payment for a stored order and unlocks the course, in one
 * transaction that holds the learner's lock. Idempotent: five deliveries of the same news
 * make one payment and one grant. A second captured payment for a learner who has
 * already paid (two checkouts, both paid) is kept as a duplicate and refunded.
 */
export async function recordCapturedPayment(
  deps: BillingDeps,
  orderId: string,
  payment: GatewayPayment,
): Promise<RecordOutcome> {
  // Read before the transaction: on SQLite it holds the only connection, and the settings
  // read would wait for it forever.
  const sale = await saleContext(deps);
  const outcome = await deps.db.transaction().execute((trx) => recordCapturedPaymentIn(trx, sale, orderId, payment));
  if (outcome === 'granted') {
    deps.log.info({ event: 'payment_captured', orderId, paymentId: payment.id }, 'payment recorded; course unlocked');
  } else if (outcome === 'duplicate') {
    deps.log.warn(
      { event: 'duplicate_payment', orderId, paymentId: payment.id },
      'second payment from a learner who had already paid; refunding it',
    );
    await refundDuplicatePayment(deps, payment.id);
  }
  return outcome;
}

/** What recording a sale needs besides the payment: links for the receipt, the GSTIN in force. */
export interface SaleContext {
  appOrigin: string;
  gstin: string | null;
}

export async function saleContext(deps: Pick<BillingDeps, 'appOrigin' | 'settings'>): Promise<SaleContext> {
  return { appOrigin: deps.appOrigin, gstin: (await deps.settings()).gstin };
}

/**
 * The recording part of recordCapturedPayment, in the caller's transaction (which it
 * locks to the learner): an admin's payment check records what it finds together with its
 * audit entry. The caller refunds any 'duplicate' once the transaction has committed.
 */
export async function recordCapturedPaymentIn(
  trx: Transaction<Database>,
  { appOrigin, gstin }: SaleContext,
  orderId: string,
  payment: GatewayPayment,
): Promise<RecordOutcome> {
  const owner = await trx
    .selectFrom('payment_order')
    .select('user_ref')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!owner) return 'refused';
  await lockLearner(trx, owner.user_ref);
  const order = await trx
    .selectFrom('payment_order')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (
    payment.status !== 'captured' ||
    payment.order_id !== order.order_id ||
    payment.amount !== order.amount ||
    payment.currency !== order.currency
  ) {
    return 'refused';
  }
  const known = await trx
    .selectFrom('payment')
    .select('payment_id')
    .where('payment_id', '=', payment.id)
    .executeTakeFirst();
  if (known) return 'recorded';

  const now = Date.now();
  const paidBefore = await trx
    .selectFrom('payment')
    .select('payment_id')
    .where((eb) => eb.or([eb('user_ref', '=', order.user_ref), eb('order_id', '=', order.order_id)]))
    .where('status', '=', 'captured')
    .executeTakeFirst();
  if (paidBefore || order.status === 'refunded') {
    await trx
      .insertInto('duplicate_payment')
      .values({
        payment_id: payment.id,
        order_id: order.order_id,
        user_ref: order.user_ref,
        amount: payment.amount,
        currency: payment.currency,
        status: 'pending',
        refund_id: null,
        attempts: 0,
        captured_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .execute();
    return 'duplicate';
  }
  const receiptNumber = await nextReceiptNumber(trx);
  const buyer = await trx
    .selectFrom('app_user')
    .select(['user_id', 'full_name', 'state_code'])
    .where('id', '=', order.user_ref)
    .executeTakeFirstOrThrow();
  const invoice = taxInvoiceFor(payment.amount, gstin, buyer.state_code);
  await trx
    .insertInto('payment')
    .values({
      payment_id: payment.id,
      order_id: order.order_id,
      user_ref: order.user_ref,
      amount: payment.amount,
      currency: payment.currency,
      status: 'captured',
      captured_at: now,
      refunded_at: null,
      receipt_number: receiptNumber,
      method: payment.method,
      tax_invoice: invoice ? JSON.stringify(invoice) : null,
    })
    .execute();
  await trx
    .updateTable('payment_order')
    .set({ status: 'paid', updated_at: now })
    .where('order_id', '=', order.order_id)
    .execute();
  await trx.updateTable('app_user').set({ payment_status: 1 }).where('id', '=', order.user_ref).execute();
  // The receipt commits with the payment it records: neither exists without the other.
  await queueMail(
    trx,
    receiptMail(appOrigin, buyer, order.user_ref, {
      receiptNumber,
      amount: payment.amount,
      capturedAt: now,
      paymentId: payment.id,
      method: payment.method,
      invoice,
    }),
  );
  return 'granted';
}
