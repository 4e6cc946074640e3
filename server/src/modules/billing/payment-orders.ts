import type { Kysely } from 'kysely';
import type { Database, PaymentOrderTable } from '../../db/schema';

// An order's states, shared by whoever moves it: checkout and the reconciler look for
// waiting orders; a captured payment marks one paid (captured-payments.ts), a full refund
// marks it refunded (refunds.ts), and a failed attempt (from a webhook, the reconciler or
// an admin's check) only marks it attempted.

/** Orders that may still be paid: created, or attempted after a payment that failed. */
export const WAITING: PaymentOrderTable['status'][] = ['created', 'attempted'];

/** A payment attempt failed; the order may still be paid by a retry, so only created → attempted. */
export async function markAttempted(db: Kysely<Database>, orderId: string): Promise<void> {
  await db
    .updateTable('payment_order')
    .set({ status: 'attempted', updated_at: Date.now() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
}
