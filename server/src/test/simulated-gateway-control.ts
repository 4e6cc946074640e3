import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { GatewayPayment } from '../modules/billing/gateway';
import { razorpayId } from '../modules/billing/simulated-gateway';

/**
 * What tests do to the simulated gateway behind the app's back, by writing its books in
 * the database: a payment captured whose news never reaches us, or a payment the gateway
 * reports differently (wrong amount, only authorized, failed).
 */
export async function captureSilently(db: Kysely<Database>, orderId: string): Promise<GatewayPayment> {
  const order = await db
    .selectFrom('simulated_gateway_order')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const payment = {
    payment_id: razorpayId('pay'),
    order_id: order.order_id,
    amount: order.amount,
    currency: order.currency,
    status: 'captured',
    amount_refunded: 0,
    created_at: Date.now(),
  };
  await db.insertInto('simulated_gateway_payment').values(payment).execute();
  await db.updateTable('simulated_gateway_order').set({ status: 'paid' }).where('order_id', '=', orderId).execute();
  return { ...payment, id: payment.payment_id, method: 'simulated' };
}

export async function tamperPayment(
  db: Kysely<Database>,
  paymentId: string,
  changes: Partial<Pick<GatewayPayment, 'amount' | 'currency' | 'status' | 'order_id'>>,
): Promise<void> {
  await db
    .updateTable('simulated_gateway_payment')
    .set({ ...changes, order_id: changes.order_id ?? undefined })
    .where('payment_id', '=', paymentId)
    .execute();
}
