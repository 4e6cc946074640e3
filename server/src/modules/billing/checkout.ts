import { randomBytes } from 'node:crypto';
import { COURSE_NAME, PRICE_CURRENCY } from '@ehc/common';
import type { Kysely, Transaction } from 'kysely';
import { lockLearner } from '../../db/learner-lock';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../users/user-store';
import type { BillingDeps } from './billing-deps';
import type { PaymentGateway } from './gateway';
import { WAITING } from './payment-orders';

// Checkout, the first step of a purchase (docs/razorpay.md): the order the learner pays,
// made through the gateway and stored before the checkout opens. Nothing here grants access.

/** A learner's unpaid order younger than this is handed out again instead of a new one. */
export const OPEN_ORDER_REUSE_MS = 15 * 60_000;

const INIT_FAILED = 'Payment initialization failed. Please try again.';

export interface CheckoutOptions {
  mode: 'razorpay' | 'simulated';
  keyId: string;
  orderId: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: { user_id: string; course: string; phone: string };
}

/**
 * What the learner's checkout opens: their still-open order (so two tabs or a second
 * click cannot lead to two charges), or a new gateway order for the course price, stored
 * before the learner sees it.
 */
export async function createPaymentOrder(deps: BillingDeps, user: UserRow): Promise<CheckoutOptions> {
  if (user.payment_status === 1) throw new AppError('VALIDATION_FAILED', 'Your course is already unlocked.');
  const price = (await deps.settings()).pricePaise;
  const open = await findOpenOrder(deps.db, deps.gateway, user.id, price);
  if (open) return checkoutOptions(deps.gateway, user, open.order_id, price);

  if (!(await deps.limits.orders.take(user.id))) throw AppError.rateLimited();
  const receipt = `ehc_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  let order;
  try {
    order = await deps.gateway.createOrder({
      amount: price,
      currency: PRICE_CURRENCY,
      receipt,
      notes: checkoutNotes(user),
    });
  } catch (error) {
    deps.log.error({ err: error }, 'payment order could not be created');
    throw new AppError('GATEWAY_UNAVAILABLE', INIT_FAILED);
  }
  if (order.amount !== price || order.currency !== PRICE_CURRENCY) {
    deps.log.error(
      { orderId: order.id, amount: order.amount, currency: order.currency },
      'gateway order has the wrong price',
    );
    throw new AppError('GATEWAY_UNAVAILABLE', INIT_FAILED);
  }
  const stored = await deps.db.transaction().execute(async (trx) => {
    // A parallel request (another tab) may have stored an order while ours was being
    // made: the learner keeps one open order, and the unused gateway order simply expires.
    await lockLearner(trx, user.id);
    const raced = await findOpenOrder(trx, deps.gateway, user.id, price);
    if (raced) return raced.order_id;
    const now = Date.now();
    await trx
      .insertInto('payment_order')
      .values({
        order_id: order.id,
        user_ref: user.id,
        amount: order.amount,
        currency: order.currency,
        receipt,
        status: 'created',
        gateway: deps.gateway.mode,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return order.id;
  });
  deps.log.info({ event: 'order_created', orderId: stored }, 'payment order created');
  return checkoutOptions(deps.gateway, user, stored, price);
}

function findOpenOrder(
  db: Kysely<Database> | Transaction<Database>,
  gateway: PaymentGateway,
  userRef: string,
  pricePaise: number,
) {
  return db
    .selectFrom('payment_order')
    .select('order_id')
    .where('user_ref', '=', userRef)
    .where('status', 'in', WAITING)
    .where('gateway', '=', gateway.mode)
    .where('amount', '=', pricePaise)
    .where('currency', '=', PRICE_CURRENCY)
    .where('created_at', '>', Date.now() - OPEN_ORDER_REUSE_MS)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

function checkoutNotes(user: UserRow): CheckoutOptions['notes'] {
  return { user_id: user.user_id, course: COURSE_NAME, phone: user.phone };
}

function checkoutOptions(gateway: PaymentGateway, user: UserRow, orderId: string, pricePaise: number): CheckoutOptions {
  return {
    mode: gateway.mode,
    keyId: gateway.keyId,
    orderId,
    amount: pricePaise,
    currency: PRICE_CURRENCY,
    name: COURSE_NAME,
    description: 'Lifetime access to all seven modules',
    prefill: { name: user.full_name, email: user.user_id, contact: user.phone },
    notes: checkoutNotes(user),
  };
}
