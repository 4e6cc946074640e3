import type { Kysely, Transaction } from 'kysely';
import { lockLearner } from '../../db/learner-lock';
import type { Database } from '../../db/schema';
import { queueMail } from '../mail/mail-queue';

/** What recording a refund changed. */
export type RefundOutcome =
  /** No payment or duplicate payment of ours has this id. */
  | 'unknown_payment'
  /** A duplicate payment's refund completed (access was never tied to it). */
  | 'duplicate_refunded'
  /** Already recorded: nothing changed, nobody is told twice. */
  | 'already_recorded'
  /** Part of the money went back: the learner is told, access stays. */
  | 'partial'
  /** Refunded in full; access stays because another captured payment holds it. */
  | 'refunded_access_kept'
  /** Refunded in full and the course locked again. */
  | 'refunded_access_revoked';

export interface RefundNews {
  paymentId: string;
  /** The gateway's refund id; null when only the gateway's total is known (see below). */
  refundId: string | null;
  /** Paise this refund gave back. */
  amount: number;
  /**
   * Paise the gateway said it had refunded on the payment, this refund included, when the
   * caller asked it (an admin's refund); 0 when unknown (a webhook). When it is the whole
   * payment, whatever refunds we have not heard of yet are recorded as the difference, so
   * the payment is not left looking paid; later refunds of it then find no room left.
   */
  totalRefunded: number;
}

/**
 * Records a refund the gateway made, in the caller's transaction (the refund.processed
 * webhook's own, or an admin's together with its audit entry): one `payment_refund` row per
 * gateway refund, so a refund recorded twice (the admin's call and its webhook) counts once
 * and partial refunds add up. When they reach the payment's amount the money is all back,
 * so the access goes too (docs/decisions/0004) unless the learner holds another captured
 * payment. A refund of a taxed payment gets a credit note number. The refund of a
 * duplicate payment (which never granted anything) just completes that record. Takes the
 * learner's lock; repeating it changes nothing and queues no second email.
 */
export async function recordRefundIn(trx: Transaction<Database>, news: RefundNews): Promise<RefundOutcome> {
  const { paymentId } = news;
  const owner =
    (await trx.selectFrom('payment').select('user_ref').where('payment_id', '=', paymentId).executeTakeFirst()) ??
    (await trx
      .selectFrom('duplicate_payment')
      .select('user_ref')
      .where('payment_id', '=', paymentId)
      .executeTakeFirst());
  if (!owner) return 'unknown_payment';
  await lockLearner(trx, owner.user_ref);
  const now = Date.now();
  const payment = await trx.selectFrom('payment').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  if (!payment) {
    // Whichever of the webhook and the refunding server marks it first tells the learner.
    const marked = await trx
      .updateTable('duplicate_payment')
      .set({ status: 'refunded', refund_id: news.refundId, updated_at: now })
      .where('payment_id', '=', paymentId)
      .where('status', '!=', 'refunded')
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return 'already_recorded';
    await queueRefundMail(trx, owner.user_ref, paymentId, news.amount, false);
    return 'duplicate_refunded';
  }
  if (payment.status === 'refunded') return 'already_recorded';

  const before = await refundedSoFar(trx, paymentId);
  if (news.refundId && news.amount > 0) {
    await addRefund(trx, payment, news.refundId, news.amount, now);
  }
  const recorded = await refundedSoFar(trx, paymentId);
  if (news.totalRefunded >= payment.amount && recorded < payment.amount) {
    await addRefund(trx, payment, `${paymentId}-rest`, payment.amount - recorded, now);
  }
  const total = await refundedSoFar(trx, paymentId);
  if (total === before) return 'already_recorded';
  const refundedNow = total - before;
  if (total < payment.amount) {
    await queueRefundMail(trx, payment.user_ref, paymentId, refundedNow, false);
    return 'partial';
  }
  await trx
    .updateTable('payment')
    .set({ status: 'refunded', refunded_at: now })
    .where('payment_id', '=', paymentId)
    .execute();
  await trx
    .updateTable('payment_order')
    .set({ status: 'refunded', updated_at: now })
    .where('order_id', '=', payment.order_id)
    .execute();
  const other = await trx
    .selectFrom('payment')
    .select('payment_id')
    .where('user_ref', '=', payment.user_ref)
    .where('status', '=', 'captured')
    .executeTakeFirst();
  if (!other) await trx.updateTable('app_user').set({ payment_status: 0 }).where('id', '=', payment.user_ref).execute();
  await queueRefundMail(trx, payment.user_ref, paymentId, refundedNow, !other);
  return other ? 'refunded_access_kept' : 'refunded_access_revoked';
}

/** Paise recorded as refunded on a payment. */
export async function refundedSoFar(trx: Transaction<Database> | Kysely<Database>, paymentId: string): Promise<number> {
  const row = await trx
    .selectFrom('payment_refund')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('total'))
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One refund, once: a second record of the same gateway refund is a no-op. */
async function addRefund(
  trx: Transaction<Database>,
  payment: { payment_id: string; amount: number; tax_invoice: string | null },
  refundId: string,
  amount: number,
  now: number,
): Promise<void> {
  const exists = await trx
    .selectFrom('payment_refund')
    .select('refund_id')
    .where('refund_id', '=', refundId)
    .executeTakeFirst();
  if (exists) return;
  // Never more than the payment: a refund cannot give back what was not paid.
  const room = payment.amount - (await refundedSoFar(trx, payment.payment_id));
  const recorded = Math.min(amount, room);
  if (recorded <= 0) return;
  await trx
    .insertInto('payment_refund')
    .values({
      refund_id: refundId,
      payment_id: payment.payment_id,
      amount: recorded,
      refunded_at: now,
      credit_note_number: payment.tax_invoice ? await nextCreditNoteNumber(trx) : null,
    })
    .execute();
}

async function nextCreditNoteNumber(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .updateTable('credit_note_sequence')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('id', '=', 1)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** Tells the learner their money is on its way back, and whether the course was locked again. */
export async function queueRefundMail(
  trx: Transaction<Database>,
  userRef: string,
  paymentId: string,
  amountPaise: number,
  accessRevoked: boolean,
): Promise<void> {
  const learner = await trx
    .selectFrom('app_user')
    .select(['user_id', 'full_name', 'deleted_at'])
    .where('id', '=', userRef)
    .executeTakeFirst();
  if (!learner || learner.deleted_at !== null) return;
  await queueMail(trx, {
    kind: 'refund_processed',
    to: learner.user_id,
    userRef,
    data: { fullName: learner.full_name, amountPaise, paymentId, accessRevoked },
  });
}
