/**
 * What the server needs from a payment provider, shaped after Razorpay's API. Two
 * implementations: the real SDK (razorpay-gateway.ts) and a local stand-in that speaks
 * the same protocol (simulated-gateway.ts), so verification code is the same in both.
 */
export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: string;
}

export interface GatewayPayment {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  /** created | authorized | captured | refunded | failed */
  status: string;
  /** Paise refunded so far. */
  amount_refunded: number;
  /** upi | card | netbanking | wallet | emi …, as the gateway reports it (null if unknown). */
  method: string | null;
}

export interface GatewayRefund {
  id: string;
  payment_id: string;
  amount: number;
}

export interface CreateOrderRequest {
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
}

export interface PaymentGateway {
  readonly mode: 'razorpay' | 'simulated';
  /** The public key id the browser's checkout needs. */
  readonly keyId: string;
  /** Secret for the checkout signature: HMAC-SHA256(order_id|payment_id). */
  readonly keySecret: string;
  /** Secret for webhook signatures: HMAC-SHA256(raw body). */
  readonly webhookSecret: string;
  createOrder(request: CreateOrderRequest): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /** Refunds `amount` paise of a captured payment (we only ever refund in full). */
  refundPayment(paymentId: string, amount: number, notes: Record<string, string>): Promise<GatewayRefund>;
}

/** A provider call failed; `status` is the provider's HTTP status when it answered. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
