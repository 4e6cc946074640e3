import { GatewayError } from './gateway';
import type { BillingDeps } from './billing-deps';
import { recordCapturedPayment } from './captured-payments';
import { markAttempted } from './payment-orders';
import { recordRefundIn } from './refunds';
import { webhookSignatureValid } from './signatures';

export type WebhookResult = 'processed' | 'duplicate' | 'ignored' | 'unmatched';

export class WebhookSignatureError extends Error {
  constructor() {
    super('Webhook signature does not match');
    this.name = 'WebhookSignatureError';
  }
}

interface RazorpayEvent {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string | null; amount?: number } };
    refund?: { entity?: { id?: string; payment_id?: string; amount?: number } };
  };
}

/**
 * Handles one Razorpay webhook delivery. The signature is checked over the raw bytes
 * before anything is parsed. Events are signals: for captures we fetch the payment from
 * the gateway and record what it says. Each event id is stored once processing has
 * succeeded, so a retry after a failure is processed again and a repeat is skipped.
 */
export async function handleRazorpayWebhook(
  deps: BillingDeps,
  delivery: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
): Promise<WebhookResult> {
  if (!delivery.signature || !webhookSignatureValid(deps.gateway.webhookSecret, delivery.rawBody, delivery.signature)) {
    deps.log.warn({ event: 'webhook_rejected', eventId: delivery.eventId }, 'webhook signature does not match');
    throw new WebhookSignatureError();
  }
  const eventId = delivery.eventId ?? '';
  if (eventId) {
    const seen = await deps.db
      .selectFrom('webhook_event')
      .select('event_id')
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    if (seen) return 'duplicate';
  }
  const event = JSON.parse(delivery.rawBody.toString('utf8')) as RazorpayEvent;
  const name = event.event ?? 'unknown';
  deps.log.info({ event: 'webhook_received', eventId, webhook: name }, 'webhook received');

  const result = await dispatch(deps, name, event);
  if (result === 'unmatched') {
    // Correctly signed, so from Razorpay; about nothing we sold. Answered 200 so it is not
    // retried for a day, and kept for whoever looks into it.
    deps.log.warn(
      { event: 'webhook_unmatched', eventId, webhook: name, paymentId: event.payload?.payment?.entity?.id ?? null },
      'webhook about a payment that is not ours',
    );
  }
  if (eventId) {
    await deps.db
      .insertInto('webhook_event')
      .values({ event_id: eventId, event: name, received_at: Date.now(), outcome: result })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return result;
}

async function dispatch(deps: BillingDeps, name: string, event: RazorpayEvent): Promise<WebhookResult> {
  const paymentEntity = event.payload?.payment?.entity;
  switch (name) {
    case 'order.paid':
    case 'payment.captured': {
      if (!paymentEntity?.id) return 'ignored';
      const payment = await fetchKnownPayment(deps, paymentEntity.id);
      if (!payment?.order_id || !(await isOurOrder(deps, payment.order_id))) return 'unmatched';
      await recordCapturedPayment(deps, payment.order_id, payment);
      return 'processed';
    }
    case 'payment.failed': {
      if (!paymentEntity?.order_id) return 'ignored';
      // Only created → attempted: a paid order never moves back.
      await markAttempted(deps.db, paymentEntity.order_id);
      return 'processed';
    }
    case 'refund.processed': {
      const refund = event.payload?.refund?.entity;
      if (!refund?.payment_id) return 'ignored';
      return recordRefund(deps, refund.payment_id, refund.id ?? null, refund.amount ?? 0);
    }
    default:
      return 'ignored';
  }
}

/**
 * The payment as the gateway has it, or null when the gateway says there is no such
 * payment (Razorpay answers 400 BAD_REQUEST_ERROR for an unknown id). Anything else (a
 * timeout, a 5xx) still fails, so the webhook is answered 500 and Razorpay retries it.
 */
async function fetchKnownPayment(deps: BillingDeps, paymentId: string) {
  try {
    return await deps.gateway.fetchPayment(paymentId);
  } catch (error) {
    if (error instanceof GatewayError && (error.status === 400 || error.status === 404)) return null;
    throw error;
  }
}

async function isOurOrder(deps: BillingDeps, orderId: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('payment_order')
    .select('order_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The refund.processed webhook: records the refund in a transaction of its own. */
async function recordRefund(
  deps: BillingDeps,
  paymentId: string,
  refundId: string | null,
  refundedAmount: number,
): Promise<WebhookResult> {
  // The refund is recorded once by its id; partial refunds add up to the whole.
  const outcome = await deps.db
    .transaction()
    .execute((trx) => recordRefundIn(trx, { paymentId, refundId, amount: refundedAmount, totalRefunded: 0 }));
  if (outcome === 'unknown_payment') return 'unmatched';
  if (outcome === 'refunded_access_revoked') {
    deps.log.info({ event: 'refund_processed', paymentId }, 'full refund recorded; access revoked');
  } else {
    deps.log.info({ event: 'refund_processed', paymentId }, 'refund recorded; access unchanged');
  }
  return 'processed';
}
