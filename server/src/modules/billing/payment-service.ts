import { randomBytes } from 'node:crypto';
import { COURSE_NAME, PRICE_CURRENCY, PRICE_PAISE } from '@ehc/common';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../users/user-store';
import { GatewayError, type GatewayPayment, type PaymentGateway } from './gateway';
import { checkoutSignatureValid } from './signatures';

export interface BillingDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  /** Logger for payment events; in simulated production mode it says so on every line. */
  log: FastifyBaseLogger;
}

/** Orders older than this are left alone by the reconciler (Razorpay expires them anyway). */
export const RECONCILE_WINDOW_MS = 3 * 24 * 3_600_000;

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

/** Creates a gateway order for the course price and stores it before the learner sees the checkout. */
export async function createPaymentOrder(deps: BillingDeps, user: UserRow): Promise<CheckoutOptions> {
  if (user.payment_status === 1) throw new AppError('VALIDATION_FAILED', 'Your course is already unlocked.');
  const receipt = `ehc_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  const notes = { user_id: user.user_id, course: COURSE_NAME, phone: user.phone };
  let order;
  try {
    order = await deps.gateway.createOrder({ amount: PRICE_PAISE, currency: PRICE_CURRENCY, receipt, notes });
  } catch (error) {
    deps.log.error({ err: error }, 'payment order could not be created');
    throw new AppError('GATEWAY_UNAVAILABLE', 'Payment initialization failed. Please try again.');
  }
  if (order.amount !== PRICE_PAISE || order.currency !== PRICE_CURRENCY) {
    deps.log.error(
      { orderId: order.id, amount: order.amount, currency: order.currency },
      'gateway order has the wrong price',
    );
    throw new AppError('GATEWAY_UNAVAILABLE', 'Payment initialization failed. Please try again.');
  }
  const now = Date.now();
  await deps.db
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
  deps.log.info({ event: 'order_created', orderId: order.id }, 'payment order created');
  return {
    mode: deps.gateway.mode,
    keyId: deps.gateway.keyId,
    orderId: order.id,
    amount: order.amount,
    currency: order.currency,
    name: COURSE_NAME,
    description: 'Lifetime access to all seven modules',
    prefill: { name: user.full_name, email: user.user_id, contact: user.phone },
    notes,
  };
}

export interface VerifyInput {
  paymentId: string;
  orderId: string;
  signature: string;
}

export type VerifyOutcome = 'paid' | 'pending';

/**
 * Checks a checkout result and, when the money is really there, unlocks the course.
 * The order must be one we stored for this learner; the signature is checked against
 * that stored order id; the payment is fetched from the gateway and must be captured
 * for that order at the course price. Repeating it is harmless.
 */
export async function verifyPayment(deps: BillingDeps, user: UserRow, input: VerifyInput): Promise<VerifyOutcome> {
  const order = await deps.db
    .selectFrom('payment_order')
    .selectAll()
    .where('order_id', '=', input.orderId)
    .where('user_ref', '=', user.id)
    .executeTakeFirst();
  if (!order) {
    deps.log.warn({ event: 'verify_refused', orderId: input.orderId }, 'verify for an order this learner does not own');
    throw new AppError('PAYMENT_NOT_VERIFIED', 'This payment could not be verified.');
  }
  if (!checkoutSignatureValid(deps.gateway.keySecret, order.order_id, input.paymentId, input.signature)) {
    deps.log.warn({ event: 'verify_refused', orderId: order.order_id }, 'checkout signature does not match');
    // The learner may still have paid: ask the gateway directly before giving up.
    await reconcileOrders(deps, { userRef: user.id });
    throw new AppError('PAYMENT_NOT_VERIFIED', 'This payment could not be verified.');
  }
  if (order.status === 'paid') return 'paid';
  if (order.status === 'refunded') {
    deps.log.warn({ event: 'verify_refused', orderId: order.order_id }, 'order was refunded');
    throw new AppError('PAYMENT_NOT_VERIFIED', 'This payment was refunded.');
  }

  let payment: GatewayPayment;
  try {
    payment = await deps.gateway.fetchPayment(input.paymentId);
  } catch (error) {
    deps.log.error({ err: error, orderId: order.order_id }, 'payment could not be fetched for verification');
    throw new AppError('GATEWAY_UNAVAILABLE', 'This payment could not be verified.');
  }
  if (payment.order_id !== order.order_id || payment.amount !== order.amount || payment.currency !== order.currency) {
    deps.log.warn(
      { event: 'verify_refused', orderId: order.order_id, paymentId: payment.id },
      'payment does not match the order',
    );
    throw new AppError('PAYMENT_NOT_VERIFIED', 'This payment could not be verified.');
  }
  // Authorized but not yet captured: auto-capture will finish it; webhook or reconciler grant then.
  if (payment.status === 'authorized') return 'pending';
  if (payment.status !== 'captured') {
    deps.log.warn(
      { event: 'verify_refused', orderId: order.order_id, status: payment.status },
      'payment is not captured',
    );
    throw new AppError('PAYMENT_NOT_VERIFIED', 'This payment could not be verified.');
  }
  await recordCapturedPayment(deps, order.order_id, payment);
  return 'paid';
}

/**
 * Records a captured payment for a stored order and unlocks the course, in one
 * transaction. Idempotent: the payment's primary key and the order's unique payment
 * mean five deliveries of the same news still make one payment and one grant.
 */
export async function recordCapturedPayment(
  deps: BillingDeps,
  orderId: string,
  payment: GatewayPayment,
): Promise<boolean> {
  const granted = await deps.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('payment_order').selectAll().where('order_id', '=', orderId).executeTakeFirst();
    if (!order || order.status === 'refunded') return false;
    if (
      payment.status !== 'captured' ||
      payment.order_id !== order.order_id ||
      payment.amount !== order.amount ||
      payment.currency !== order.currency
    ) {
      return false;
    }
    const now = Date.now();
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
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .updateTable('payment_order')
      .set({ status: 'paid', updated_at: now })
      .where('order_id', '=', order.order_id)
      .where('status', '!=', 'paid')
      .execute();
    await grantAccess(trx, order.user_ref);
    return true;
  });
  if (granted)
    deps.log.info({ event: 'payment_captured', orderId, paymentId: payment.id }, 'payment recorded; course unlocked');
  return granted;
}

async function grantAccess(trx: Transaction<Database>, userRef: string): Promise<void> {
  await trx.updateTable('app_user').set({ payment_status: 1 }).where('id', '=', userRef).execute();
}

/**
 * Asks the gateway about orders still waiting (created or attempted, younger than three
 * days) and records any captured payment it reports: for one learner when they ask for
 * their status or a verify failed, for everyone on the periodic sweep.
 */
export async function reconcileOrders(deps: BillingDeps, scope: { userRef?: string } = {}): Promise<number> {
  let query = deps.db
    .selectFrom('payment_order')
    .select(['order_id'])
    .where('status', 'in', ['created', 'attempted'])
    .where('created_at', '>', Date.now() - RECONCILE_WINDOW_MS)
    .orderBy('created_at', 'desc')
    .limit(200);
  if (scope.userRef) query = query.where('user_ref', '=', scope.userRef);
  const waiting = await query.execute();

  let granted = 0;
  for (const { order_id } of waiting) {
    try {
      const payments = await deps.gateway.fetchOrderPayments(order_id);
      const captured = payments.find((p) => p.status === 'captured');
      if (captured && (await recordCapturedPayment(deps, order_id, captured))) {
        granted += 1;
        deps.log.info({ event: 'reconciled', orderId: order_id }, 'reconciler found a captured payment');
      } else if (!captured && payments.some((p) => p.status === 'failed')) {
        await markAttempted(deps.db, order_id);
      }
    } catch (error) {
      // One unreachable order must not stop the sweep; the next sweep tries again.
      const level = error instanceof GatewayError ? 'warn' : 'error';
      deps.log[level]({ err: error, orderId: order_id }, 'reconciler could not check an order');
    }
  }
  return granted;
}

/** A payment attempt failed; the order may still be paid by a retry, so only created → attempted. */
export async function markAttempted(db: Kysely<Database>, orderId: string): Promise<void> {
  await db
    .updateTable('payment_order')
    .set({ status: 'attempted', updated_at: Date.now() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
}
