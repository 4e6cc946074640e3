import { AppError } from '../../lib/errors';
import type { UserRow } from '../users/user-store';
import type { BillingDeps } from './billing-deps';
import { recordCapturedPayment } from './captured-payments';
import type { GatewayPayment } from './gateway';
import { checkoutSignatureValid } from './signatures';

// The browser's report of a finished checkout (the VerifyPayment mutation). It is only a
// claim: the signature and the gateway's own record of the payment decide.

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
  try {
    const outcome = await checkAndRecord(deps, user, input);
    deps.metrics.paymentVerifications.inc({ outcome });
    return outcome;
  } catch (error) {
    const gatewayDown = error instanceof AppError && error.code === 'GATEWAY_UNAVAILABLE';
    deps.metrics.paymentVerifications.inc({ outcome: gatewayDown ? 'gateway_error' : 'refused' });
    throw error;
  }
}

async function checkAndRecord(deps: BillingDeps, user: UserRow, input: VerifyInput): Promise<VerifyOutcome> {
  const refused = (why: string, details: Record<string, unknown>, message = 'This payment could not be verified.') => {
    deps.log.warn({ event: 'verify_refused', ...details }, why);
    return new AppError('PAYMENT_NOT_VERIFIED', message);
  };
  const order = await deps.db
    .selectFrom('payment_order')
    .selectAll()
    .where('order_id', '=', input.orderId)
    .where('user_ref', '=', user.id)
    .executeTakeFirst();
  if (!order) throw refused('verify for an order this learner does not own', { orderId: input.orderId });
  // A forged or garbled signature says nothing about the learner's payments, so it costs
  // no gateway call; a learner who really paid is found by the webhook or the sweep.
  if (!checkoutSignatureValid(deps.gateway.keySecret, order.order_id, input.paymentId, input.signature)) {
    throw refused('checkout signature does not match', { orderId: order.order_id });
  }
  if (order.status === 'paid') return 'paid';
  if (order.status === 'refunded') {
    throw refused('order was refunded', { orderId: order.order_id }, 'This payment was refunded.');
  }

  let payment: GatewayPayment;
  try {
    payment = await deps.gateway.fetchPayment(input.paymentId);
  } catch (error) {
    deps.log.error({ err: error, orderId: order.order_id }, 'payment could not be fetched for verification');
    throw new AppError('GATEWAY_UNAVAILABLE', 'This payment could not be verified.');
  }
  if (payment.order_id !== order.order_id || payment.amount !== order.amount || payment.currency !== order.currency) {
    throw refused('payment does not match the order', { orderId: order.order_id, paymentId: payment.id });
  }
  // Authorized but not yet captured: auto-capture will finish it; webhook or reconciler grant then.
  if (payment.status === 'authorized') return 'pending';
  if (payment.status !== 'captured') {
    throw refused('payment is not captured', { orderId: order.order_id, status: payment.status });
  }
  await recordCapturedPayment(deps, order.order_id, payment);
  return 'paid';
}
