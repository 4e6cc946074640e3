import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { BillingDeps } from './billing-deps';
import { queueRefundMail } from './refunds';

// A learner who already paid and pays again (two tabs, two checkouts) gets the second
// payment back automatically (docs/decisions/0004). captured-payments.ts stores such a
// payment as a duplicate; this gives its money back, at most once across servers.

/** A refund claimed by a server that never finished it is retried after this long. */
export const STALE_REFUND_MS = 10 * 60_000;

/**
 * Gives a duplicate payment's money back, at most once whoever asks: a server claims the
 * row (pending → refunding) before calling the gateway, checks the gateway has not already
 * refunded it (a server that claimed it earlier may have died mid-way), and a failure
 * puts the row back to pending for the maintenance job to retry.
 */
export async function refundDuplicatePayment(deps: BillingDeps, paymentId: string): Promise<void> {
  const now = Date.now();
  const claimed = await deps.db
    .updateTable('duplicate_payment')
    .set({ status: 'refunding', updated_at: now, attempts: sql<number>`attempts + 1` })
    .where('payment_id', '=', paymentId)
    .where(awaitingRefund(now))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  const row = await deps.db
    .selectFrom('duplicate_payment')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  try {
    const current = await deps.gateway.fetchPayment(paymentId);
    const left = row.amount - current.amount_refunded;
    const refund =
      left > 0
        ? await deps.gateway.refundPayment(paymentId, left, { reason: 'duplicate payment', order_id: row.order_id })
        : null;
    await deps.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('duplicate_payment')
        .set({ status: 'refunded', refund_id: refund?.id ?? row.refund_id, updated_at: Date.now() })
        .where('payment_id', '=', paymentId)
        .where('status', '=', 'refunding')
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) > 0) await queueRefundMail(trx, row.user_ref, paymentId, row.amount, false);
    });
    deps.log.info({ event: 'duplicate_refunded', paymentId, refundId: refund?.id }, 'duplicate payment refunded');
    deps.metrics.duplicatePayments.inc({ result: 'refunded' });
  } catch (error) {
    deps.metrics.duplicatePayments.inc({ result: 'refund_failed' });
    await deps.db
      .updateTable('duplicate_payment')
      .set({ status: 'pending', updated_at: Date.now() })
      .where('payment_id', '=', paymentId)
      .where('status', '=', 'refunding')
      .execute();
    deps.log.error({ err: error, paymentId }, 'duplicate payment could not be refunded yet; will retry');
  }
}

/** Duplicate payments nobody is refunding: pending, or claimed by a server that gave up mid-way. */
function awaitingRefund(now: number) {
  return (eb: ExpressionBuilder<Database, 'duplicate_payment'>) =>
    eb.or([
      eb('status', '=', 'pending'),
      eb.and([eb('status', '=', 'refunding'), eb('updated_at', '<', now - STALE_REFUND_MS)]),
    ]);
}

/** Retries the refunds of duplicate payments that are pending or whose server gave up mid-way. */
export async function retryDuplicateRefunds(deps: BillingDeps): Promise<void> {
  const rows = await deps.db
    .selectFrom('duplicate_payment')
    .select('payment_id')
    .where(awaitingRefund(Date.now()))
    .orderBy('updated_at')
    .limit(100)
    .execute();
  for (const { payment_id } of rows) await refundDuplicatePayment(deps, payment_id);
}
