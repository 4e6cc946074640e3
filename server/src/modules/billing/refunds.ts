import type { Transaction } from 'kysely';
import { lockLearner } from '../../db/learner-lock';
import type { Database } from '../../db/schema';
import { queueRefundMail } from './payment-service';

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
  refundId: string | null;
  /** Paise this refund gave back (what the learner's email states). */
  amount: number;
  /** Paise refunded on the payment so far, this refund included; decides full or partial. */
  totalRefunded: number;
}

/**
 * Records a refund the gateway made, in the caller's transaction (the refund.processed
 * webhook's own, or an admin's together with its audit entry). A full refund returns the
 * money, so it also takes the access back (docs/decisions/0004) unless the learner holds
 * another captured payment; a partial refund (a goodwill discount) leaves access as it is.
 * The refund of a duplicate payment (which never granted anything) just completes that
 * record. Takes the learner's lock; repeating it changes nothing and queues no second email.
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
  if (news.totalRefunded < payment.amount) {
    await queueRefundMail(trx, payment.user_ref, paymentId, news.amount, false);
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
  await queueRefundMail(trx, payment.user_ref, paymentId, news.amount, !other);
  return other ? 'refunded_access_kept' : 'refunded_access_revoked';
}
