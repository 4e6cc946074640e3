import { randomBytes } from 'node:crypto';
import type { CreateOrderRequest, GatewayOrder, GatewayPayment, PaymentGateway } from './gateway';
import { GatewayError } from './gateway';
import { hmacHex } from './signatures';

/** Razorpay ids are a prefix and 14 base62 characters (e.g. order_NxGkW3Zp1q2R7t). */
function razorpayId(prefix: 'order' | 'pay' | 'evt' | 'rfnd'): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const bytes = randomBytes(14);
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

export interface SimulatedCheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface SimulatedWebhook {
  eventId: string;
  body: string;
  signature: string;
}

/**
 * A local stand-in for Razorpay, for development and tests without keys. It keeps orders
 * and payments in memory, signs checkout results and webhooks with its own secrets the way
 * Razorpay does, and hands the webhook to `deliver` (our own endpoint). The server's
 * verification code cannot tell it from the real thing, which is the point.
 */
export class SimulatedGateway implements PaymentGateway {
  readonly mode = 'simulated' as const;
  readonly keyId = 'rzp_test_simulated';
  readonly keySecret = randomBytes(24).toString('hex');
  readonly webhookSecret = randomBytes(24).toString('hex');
  private readonly orders = new Map<string, GatewayOrder & { notes: Record<string, string> }>();
  private readonly payments = new Map<string, GatewayPayment>();
  /** Where signed webhooks go; set once the HTTP app exists. */
  deliver: (webhook: SimulatedWebhook) => Promise<void> = async () => {};

  async createOrder(request: CreateOrderRequest): Promise<GatewayOrder> {
    const order = {
      id: razorpayId('order'),
      amount: request.amount,
      currency: request.currency,
      receipt: request.receipt,
      status: 'created',
      notes: request.notes,
    };
    this.orders.set(order.id, order);
    return {
      id: order.id,
      amount: order.amount,
      currency: order.currency,
      receipt: order.receipt,
      status: order.status,
    };
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new GatewayError('The id provided does not exist', 400, 'BAD_REQUEST_ERROR');
    return { ...payment };
  }

  async fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    if (!this.orders.has(orderId)) throw new GatewayError('The id provided does not exist', 400, 'BAD_REQUEST_ERROR');
    return [...this.payments.values()].filter((p) => p.order_id === orderId).map((p) => ({ ...p }));
  }

  /**
   * The learner pressed "Simulate success" or "Simulate failure" in the test dialog: what
   * Razorpay's checkout would do. Success captures a payment, returns the signed payload
   * the checkout hands to its `handler`, and sends `payment.captured` and `order.paid`
   * webhooks; failure records a failed payment and sends `payment.failed`.
   */
  async pay(orderId: string, outcome: 'success' | 'failure'): Promise<SimulatedCheckoutResult | null> {
    const order = this.orders.get(orderId);
    if (!order) throw new GatewayError('The id provided does not exist', 400, 'BAD_REQUEST_ERROR');
    const payment: GatewayPayment = {
      id: razorpayId('pay'),
      order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      status: outcome === 'success' ? 'captured' : 'failed',
    };
    this.payments.set(payment.id, payment);
    if (outcome === 'failure') {
      order.status = 'attempted';
      await this.sendWebhook('payment.failed', { payment: { entity: payment } });
      return null;
    }
    order.status = 'paid';
    await this.sendWebhook('payment.captured', { payment: { entity: payment } });
    await this.sendWebhook('order.paid', {
      payment: { entity: payment },
      order: { entity: { ...order, notes: undefined } },
    });
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: hmacHex(this.keySecret, `${order.id}|${payment.id}`),
    };
  }

  /** Test hook: a payment captured at the gateway whose confirmation never reaches us. */
  captureSilently(orderId: string): GatewayPayment {
    const order = this.orders.get(orderId);
    if (!order) throw new GatewayError('The id provided does not exist', 400, 'BAD_REQUEST_ERROR');
    const payment = {
      id: razorpayId('pay'),
      order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      status: 'captured',
    };
    this.payments.set(payment.id, payment);
    order.status = 'paid';
    return payment;
  }

  /** Test hook: overwrite what the gateway reports for a payment (wrong amount, status…). */
  tamper(paymentId: string, changes: Partial<GatewayPayment>): void {
    const payment = this.payments.get(paymentId);
    if (payment) this.payments.set(paymentId, { ...payment, ...changes });
  }

  private async sendWebhook(event: string, payload: Record<string, unknown>): Promise<void> {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_simulated',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    await this.deliver({ eventId: razorpayId('evt'), body, signature: hmacHex(this.webhookSecret, body) });
  }
}
