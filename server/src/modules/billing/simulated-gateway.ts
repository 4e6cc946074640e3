import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SimulatedGatewayPaymentTable } from '../../db/schema';
import type { CreateOrderRequest, GatewayOrder, GatewayPayment, GatewayRefund, PaymentGateway } from './gateway';
import { GatewayError } from './gateway';
import { hmacHex } from './signatures';

/** Razorpay ids are a prefix and 14 base62 characters (e.g. order_NxGkW3Zp1q2R7t). */
export function razorpayId(prefix: 'order' | 'pay' | 'evt' | 'rfnd'): string {
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

const unknownId = () => new GatewayError('The id provided does not exist', 400, 'BAD_REQUEST_ERROR');

/**
 * A local stand-in for Razorpay, for development and tests without keys. It keeps its
 * orders, payments and signing secrets in our database, so every app server sharing that
 * database sees the same gateway: an order paid through one server verifies on another.
 * It signs checkout results and webhooks the way Razorpay does and hands webhooks to
 * `deliver` (our own endpoint). The server's verification code cannot tell it from the
 * real thing, which is the point.
 */
export class SimulatedGateway implements PaymentGateway {
  readonly mode = 'simulated' as const;
  readonly keyId = 'rzp_test_simulated';
  /** Where signed webhooks go; set once the HTTP app exists. */
  deliver: (webhook: SimulatedWebhook) => Promise<void> = async () => {};

  private constructor(
    private readonly db: Kysely<Database>,
    readonly keySecret: string,
    readonly webhookSecret: string,
  ) {}

  /** The gateway of this database: its secrets are made by whichever server opens it first. */
  static async open(db: Kysely<Database>): Promise<SimulatedGateway> {
    await db
      .insertInto('simulated_gateway_secret')
      .values({ id: 1, key_secret: randomBytes(24).toString('hex'), webhook_secret: randomBytes(24).toString('hex') })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const secrets = await db
      .selectFrom('simulated_gateway_secret')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return new SimulatedGateway(db, secrets.key_secret, secrets.webhook_secret);
  }

  async createOrder(request: CreateOrderRequest): Promise<GatewayOrder> {
    const order = {
      order_id: razorpayId('order'),
      amount: request.amount,
      currency: request.currency,
      receipt: request.receipt,
      status: 'created',
      notes: JSON.stringify(request.notes),
      created_at: Date.now(),
    };
    await this.db.insertInto('simulated_gateway_order').values(order).execute();
    return {
      id: order.order_id,
      amount: order.amount,
      currency: order.currency,
      receipt: order.receipt,
      status: 'created',
    };
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    const row = await this.db
      .selectFrom('simulated_gateway_payment')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
    if (!row) throw unknownId();
    return toPayment(row);
  }

  async fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    await this.findOrder(orderId);
    const rows = await this.db
      .selectFrom('simulated_gateway_payment')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();
    return rows.map(toPayment);
  }

  async refundPayment(paymentId: string, amount: number, notes: Record<string, string>): Promise<GatewayRefund> {
    await this.fetchPayment(paymentId);
    // Razorpay refuses to refund more than is left of a captured payment. One conditional
    // update decides it, so two servers refunding at once cannot both get through.
    const refunded = await this.db
      .updateTable('simulated_gateway_payment')
      .set((eb) => ({
        amount_refunded: eb('amount_refunded', '+', amount),
        status: sql<string>`case when amount_refunded + ${amount} >= amount then 'refunded' else 'captured' end`,
      }))
      .where('payment_id', '=', paymentId)
      .where('status', '=', 'captured')
      .where(sql<boolean>`amount_refunded + ${amount} <= amount`)
      .where(sql<boolean>`${amount} > 0`)
      .executeTakeFirst();
    if (Number(refunded.numUpdatedRows) === 0) {
      throw new GatewayError('The payment has been fully refunded already', 400, 'BAD_REQUEST_ERROR');
    }
    const payment = await this.fetchPayment(paymentId);
    const refund = { id: razorpayId('rfnd'), payment_id: paymentId, amount };
    await this.sendWebhook('refund.processed', {
      refund: { entity: { ...refund, entity: 'refund', currency: payment.currency, notes, status: 'processed' } },
      payment: { entity: payment },
    });
    return refund;
  }

  /**
   * The learner pressed "Simulate success" or "Simulate failure" in the test dialog: what
   * Razorpay's checkout would do. Success captures a payment, returns the signed payload
   * the checkout hands to its `handler`, and sends `payment.captured` and `order.paid`
   * webhooks; failure records a failed payment and sends `payment.failed`.
   */
  async pay(orderId: string, outcome: 'success' | 'failure'): Promise<SimulatedCheckoutResult | null> {
    const order = await this.findOrder(orderId);
    const payment = {
      payment_id: razorpayId('pay'),
      order_id: order.order_id,
      amount: order.amount,
      currency: order.currency,
      status: outcome === 'success' ? 'captured' : 'failed',
      amount_refunded: 0,
      created_at: Date.now(),
    };
    await this.db.insertInto('simulated_gateway_payment').values(payment).execute();
    const status = outcome === 'success' ? 'paid' : 'attempted';
    await this.db.updateTable('simulated_gateway_order').set({ status }).where('order_id', '=', orderId).execute();
    const entity = toPayment(payment);
    if (outcome === 'failure') {
      await this.sendWebhook('payment.failed', { payment: { entity } });
      return null;
    }
    await this.sendWebhook('payment.captured', { payment: { entity } });
    await this.sendWebhook('order.paid', {
      payment: { entity },
      order: { entity: { id: order.order_id, amount: order.amount, currency: order.currency, status } },
    });
    return {
      razorpay_payment_id: payment.payment_id,
      razorpay_order_id: order.order_id,
      razorpay_signature: hmacHex(this.keySecret, `${order.order_id}|${payment.payment_id}`),
    };
  }

  private async findOrder(orderId: string) {
    const order = await this.db
      .selectFrom('simulated_gateway_order')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (!order) throw unknownId();
    return order;
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

function toPayment(row: Selectable<SimulatedGatewayPaymentTable>): GatewayPayment {
  return {
    id: row.payment_id,
    order_id: row.order_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    amount_refunded: row.amount_refunded,
    // Honest on a receipt: no real instrument was charged.
    method: 'simulated',
  };
}
