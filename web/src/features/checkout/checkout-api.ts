import { USER_FIELDS, type SessionUser } from '../../lib/session';
import { gql } from '../../lib/graphql';

export interface CheckoutOptions {
  mode: 'razorpay' | 'simulated';
  key_id: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: { user_id: string; course: string; phone: string };
}

export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export async function createPaymentOrder(): Promise<CheckoutOptions> {
  const data = await gql<{ createPaymentOrder: CheckoutOptions }>(
    'CreatePaymentOrder',
    `mutation CreatePaymentOrder { createPaymentOrder {
      mode key_id order_id amount currency name description prefill { name email contact } notes { user_id course phone } } }`,
  );
  return data.createPaymentOrder;
}

export async function verifyPayment(
  result: CheckoutSuccess,
): Promise<{ status: 'paid' | 'pending'; user: SessionUser }> {
  const data = await gql<{ verifyPayment: { status: 'paid' | 'pending'; user: SessionUser } }>(
    'VerifyPayment',
    `mutation VerifyPayment($input: VerifyPaymentInput!) { verifyPayment(input: $input) { status user { ${USER_FIELDS} } } }`,
    { input: result },
  );
  return data.verifyPayment;
}

/** Asks the server to check with the gateway, then returns the learner as it stands. */
export async function fetchPaymentStatus(): Promise<SessionUser> {
  const data = await gql<{ paymentStatus: SessionUser }>(
    'GetUserPaymentStatus',
    `query GetUserPaymentStatus { paymentStatus { ${USER_FIELDS} } }`,
  );
  return data.paymentStatus;
}

/** The simulated gateway's stand-in for Razorpay's checkout (development and tests only). */
export async function simulatePayment(
  orderId: string,
  outcome: 'success' | 'failure',
): Promise<CheckoutSuccess | null> {
  const response = await fetch('/simulated-razorpay/pay', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, outcome }),
  });
  if (!response.ok) throw new Error(`simulated checkout answered ${response.status}`);
  // A declined payment is answered 200 with `{ status: 'failed' }`, not a checkout result.
  const body = (await response.json()) as CheckoutSuccess | { status: 'failed' };
  return 'razorpay_payment_id' in body ? body : null;
}
