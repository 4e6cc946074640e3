import type { CreatePaymentOrderMutation, VerifyPaymentInput, VerifyPaymentMutation } from '../../gql/graphql';
import { gql, graphql, withFragments } from '../../lib/graphql';
import { UserFields, type SessionUser } from '../../lib/session';

/** What the browser needs to open the checkout for one stored order; `mode` is "razorpay" or "simulated". */
export type CheckoutOptions = CreatePaymentOrderMutation['createPaymentOrder'];

/** What the checkout hands back for a captured payment, sent to the server as it is. */
export type CheckoutSuccess = VerifyPaymentInput;

const CreatePaymentOrder = graphql(`
  mutation CreatePaymentOrder {
    createPaymentOrder {
      mode
      key_id
      order_id
      amount
      currency
      name
      description
      prefill {
        name
        email
        contact
      }
      notes {
        user_id
        course
        phone
      }
    }
  }
`);

export async function createPaymentOrder(): Promise<CheckoutOptions> {
  return (await gql(CreatePaymentOrder)).createPaymentOrder;
}

const VerifyPayment = withFragments(
  graphql(`
    mutation VerifyPayment($input: VerifyPaymentInput!) {
      verifyPayment(input: $input) {
        status
        user {
          ...UserFields
        }
      }
    }
  `),
  UserFields,
);

/** `status` is "paid", or "pending" while the gateway has not confirmed the payment. */
export async function verifyPayment(result: CheckoutSuccess): Promise<VerifyPaymentMutation['verifyPayment']> {
  return (await gql(VerifyPayment, { input: result })).verifyPayment;
}

const GetUserPaymentStatus = withFragments(
  graphql(`
    query GetUserPaymentStatus {
      paymentStatus {
        ...UserFields
      }
    }
  `),
  UserFields,
);

/** Asks the server to check with the gateway, then returns the learner as it stands. */
export async function fetchPaymentStatus(): Promise<SessionUser> {
  return (await gql(GetUserPaymentStatus)).paymentStatus;
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
