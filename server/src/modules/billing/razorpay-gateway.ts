import Razorpay from 'razorpay';
import {
  GatewayError,
  type CreateOrderRequest,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './gateway';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** The part of the SDK's private HTTP client we configure: its axios instance. */
interface SdkInternals {
  api?: { rq?: { defaults: { timeout?: number } } };
}

/** Razorpay through its official SDK. */
export class RazorpayGateway implements PaymentGateway {
  readonly mode = 'razorpay' as const;
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  private readonly client: Razorpay;

  constructor(
    keys: RazorpayKeys,
    private readonly timeoutMs: number,
  ) {
    this.keyId = keys.keyId;
    this.keySecret = keys.keySecret;
    this.webhookSecret = keys.webhookSecret;
    this.client = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
    // The SDK has no timeout option and waits forever on a hung connection. `call` below
    // gives up after timeoutMs with a clear error; the SDK's requests go through one axios
    // instance, whose own timeout (a moment later) then closes the abandoned socket.
    const http = (this.client as unknown as SdkInternals).api?.rq;
    if (http) http.defaults.timeout = timeoutMs + 1000;
  }

  createOrder(request: CreateOrderRequest): Promise<GatewayOrder> {
    return call('create an order', this.timeoutMs, async () => {
      const order = await this.client.orders.create({
        amount: request.amount,
        currency: request.currency,
        receipt: request.receipt,
        notes: request.notes,
      });
      return {
        id: order.id,
        amount: Number(order.amount),
        currency: order.currency,
        receipt: order.receipt ?? request.receipt,
        status: order.status,
      };
    });
  }

  fetchPayment(paymentId: string): Promise<GatewayPayment> {
    return call('fetch a payment', this.timeoutMs, async () => toPayment(await this.client.payments.fetch(paymentId)));
  }

  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    return call('list an order’s payments', this.timeoutMs, async () => {
      const list = await this.client.orders.fetchPayments(orderId);
      return list.items.map(toPayment);
    });
  }

  refundPayment(paymentId: string, amount: number, notes: Record<string, string>): Promise<GatewayRefund> {
    return call('refund a payment', this.timeoutMs, async () => {
      const refund = await this.client.payments.refund(paymentId, { amount, speed: 'normal', notes });
      return { id: refund.id, payment_id: refund.payment_id, amount: Number(refund.amount) };
    });
  }
}

function toPayment(entity: {
  id: string;
  order_id?: string | null;
  amount: number | string;
  amount_refunded?: number | string | null;
  currency: string;
  status: string;
  method?: string | null;
}): GatewayPayment {
  return {
    id: entity.id,
    order_id: entity.order_id ?? null,
    amount: Number(entity.amount),
    currency: entity.currency,
    status: entity.status,
    amount_refunded: Number(entity.amount_refunded ?? 0),
    method: entity.method ?? null,
  };
}

/**
 * The SDK rejects with plain objects (`{ statusCode, error: { code, description } }`) for
 * API errors and with assorted errors for network failures; both become GatewayErrors.
 */
async function call<T>(what: string, timeoutMs: number, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new GatewayError(`Razorpay could not ${what}: no answer within ${timeoutMs} ms`, null, 'TIMEOUT')),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([run(), timeout]);
  } catch (failure) {
    if (failure instanceof GatewayError) throw failure;
    if (failure && typeof failure === 'object' && 'statusCode' in failure) {
      const { statusCode, error } = failure as { statusCode?: number; error?: { code?: string; description?: string } };
      throw new GatewayError(
        `Razorpay could not ${what}: ${error?.description ?? 'no description'}`,
        typeof statusCode === 'number' ? statusCode : null,
        error?.code ?? null,
      );
    }
    const message = failure instanceof Error ? failure.message : String(failure);
    throw new GatewayError(`Razorpay could not ${what}: ${message}`, null, null);
  } finally {
    clearTimeout(timer);
  }
}
