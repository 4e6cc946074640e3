import Razorpay from 'razorpay';
import {
  GatewayError,
  type CreateOrderRequest,
  type GatewayOrder,
  type GatewayPayment,
  type PaymentGateway,
} from './gateway';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** Razorpay through its official SDK. */
export class RazorpayGateway implements PaymentGateway {
  readonly mode = 'razorpay' as const;
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  private readonly client: Razorpay;

  constructor(keys: RazorpayKeys) {
    this.keyId = keys.keyId;
    this.keySecret = keys.keySecret;
    this.webhookSecret = keys.webhookSecret;
    this.client = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  }

  createOrder(request: CreateOrderRequest): Promise<GatewayOrder> {
    return call('create an order', async () => {
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
    return call('fetch a payment', async () => toPayment(await this.client.payments.fetch(paymentId)));
  }

  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    return call('list an order’s payments', async () => {
      const list = await this.client.orders.fetchPayments(orderId);
      return list.items.map(toPayment);
    });
  }
}

function toPayment(entity: {
  id: string;
  order_id?: string | null;
  amount: number | string;
  currency: string;
  status: string;
}): GatewayPayment {
  return {
    id: entity.id,
    order_id: entity.order_id ?? null,
    amount: Number(entity.amount),
    currency: entity.currency,
    status: entity.status,
  };
}

/**
 * The SDK rejects with plain objects (`{ statusCode, error: { code, description } }`) for
 * API errors and with assorted errors for network failures; both become GatewayErrors.
 */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (failure) {
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
  }
}
