import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';
import { billingDeps } from './billing-deps';
import { GatewayError } from './gateway';
import { retryDuplicateRefunds } from './duplicate-payments';
import { sweepWaitingOrders } from './reconciler';
import { hmacHex } from './signatures';
import type { SimulatedGateway } from './simulated-gateway';
import { captureSilently, tamperPayment } from '../../test/simulated-gateway-control';

const CREATE = `mutation CreatePaymentOrder { createPaymentOrder {
  mode key_id order_id amount currency name description prefill { name email contact } notes { user_id course phone } } }`;
const VERIFY = `mutation VerifyPayment($input: VerifyPaymentInput!) { verifyPayment(input: $input) { status user { payment_status } } }`;
const STATUS = `query GetUserPaymentStatus { paymentStatus { user_id payment_status } }`;
const ME = `query GetSessionUser { me { payment_status } }`;

let t: TestApp;
let gateway: SimulatedGateway;

beforeAll(async () => {
  t = await createTestApp();
  gateway = t.services.gateway as SimulatedGateway;
  // Webhooks are posted explicitly in these tests, so each case controls their order.
  gateway.deliver = async () => {};
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function learner() {
  const email = uniqueEmail('buyer');
  const input = {
    email,
    password: 'secret12',
    confirm_password: 'secret12',
    full_name: 'Farhan Ali',
    phone: '9812345678',
  };
  const result = await t.graphql(`mutation S($input: SignupInput!) { signupUser(input: $input) { user_id } }`, {
    input,
  });
  const cookie = result.sessionCookie!;
  const userRef = (
    await t.services.db.selectFrom('app_user').select('id').where('user_id', '=', email).executeTakeFirstOrThrow()
  ).id;
  return { email, cookie, userRef };
}

async function createOrder(cookie: string): Promise<string> {
  const result = await t.graphql(CREATE, {}, { cookie });
  expect(result.body.errors).toBeUndefined();
  return (result.body.data?.createPaymentOrder as { order_id: string }).order_id;
}

async function isPaid(cookie: string): Promise<boolean> {
  return ((await t.graphql(ME, {}, { cookie })).body.data?.me as { payment_status: boolean }).payment_status;
}

async function paymentsFor(userRef: string) {
  return t.services.db.selectFrom('payment').selectAll().where('user_ref', '=', userRef).execute();
}

function signedWebhook(
  event: string,
  payload: Record<string, unknown>,
  eventId = `evt_${Math.random().toString(36).slice(2, 16)}`,
) {
  const body = JSON.stringify({ entity: 'event', event, payload, created_at: 1 });
  return { body, eventId, signature: hmacHex(gateway.webhookSecret, body) };
}

function postWebhook(hook: { body: string; eventId: string; signature?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/razorpay',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': hook.eventId,
      ...(hook.signature ? { 'x-razorpay-signature': hook.signature } : {}),
    },
    payload: hook.body,
  });
}

/** The current total of a counter in the app's metrics, over the series matching `labels`. */
async function counted(name: string, labels: Record<string, string>): Promise<number> {
  const { values } = await t.services.metrics.registry.getSingleMetric(name)!.get();
  return values
    .filter((v) => Object.entries(labels).every(([key, value]) => v.labels[key] === value))
    .reduce((sum, v) => sum + v.value, 0);
}

/** Makes an order look `ms` older, as if the learner had come back later. */
async function ageOrder(orderId: string, ms: number): Promise<void> {
  await t.services.db
    .updateTable('payment_order')
    .set((eb) => ({ created_at: eb('created_at', '-', ms) }))
    .where('order_id', '=', orderId)
    .execute();
}

const codeOf = (r: { body: { errors?: { extensions?: { code?: string } }[] } }) => r.body.errors?.[0]?.extensions?.code;

describe('CreatePaymentOrder', () => {
  it('stores an order at the server price and returns what the checkout needs', async () => {
    const { email, cookie, userRef } = await learner();
    const result = await t.graphql(CREATE, {}, { cookie });
    const checkout = result.body.data?.createPaymentOrder as Record<string, unknown>;
    expect(checkout).toMatchObject({
      mode: 'simulated',
      key_id: 'rzp_test_simulated',
      amount: 4900,
      currency: 'INR',
      prefill: { name: 'Farhan Ali', email, contact: '9812345678' },
      notes: { user_id: email, phone: '9812345678' },
    });
    expect(checkout.order_id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const stored = await t.services.db
      .selectFrom('payment_order')
      .selectAll()
      .where('order_id', '=', checkout.order_id as string)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_ref: userRef,
      amount: 4900,
      currency: 'INR',
      status: 'created',
      gateway: 'simulated',
    });
    expect(stored.receipt.length).toBeLessThanOrEqual(40);
  });

  it('needs a session', async () => {
    expect(codeOf(await t.graphql(CREATE))).toBe('UNAUTHENTICATED');
  });

  it('refuses a learner who creates more than 30 orders in an hour', async () => {
    const { cookie } = await learner();
    for (let i = 0; i < 30; i += 1) {
      await ageOrder(await createOrder(cookie), 20 * 60_000);
    }
    expect(codeOf(await t.graphql(CREATE, {}, { cookie }))).toBe('RATE_LIMITED');
  });
});

describe('one open order per learner', () => {
  it('gives two tabs opening the checkout at once the same order', async () => {
    const { cookie, userRef } = await learner();
    const [a, b] = await Promise.all([createOrder(cookie), createOrder(cookie)]);
    expect(a).toBe(b);
    const orders = await t.services.db
      .selectFrom('payment_order')
      .select('order_id')
      .where('user_ref', '=', userRef)
      .execute();
    expect(orders).toEqual([{ order_id: a }]);
  });

  it('hands out the open order again, and a fresh one once it is 15 minutes old', async () => {
    const { cookie } = await learner();
    const first = await createOrder(cookie);
    expect(await createOrder(cookie)).toBe(first);
    await ageOrder(first, 15 * 60_000 + 1000);
    expect(await createOrder(cookie)).not.toBe(first);
  });

  it('answers GATEWAY_UNAVAILABLE when the gateway cannot make an order', async () => {
    const { cookie, userRef } = await learner();
    vi.spyOn(gateway, 'createOrder').mockRejectedValueOnce(
      new GatewayError('no answer within 8000 ms', null, 'TIMEOUT'),
    );
    expect(codeOf(await t.graphql(CREATE, {}, { cookie }))).toBe('GATEWAY_UNAVAILABLE');
    expect(
      await t.services.db.selectFrom('payment_order').select('order_id').where('user_ref', '=', userRef).execute(),
    ).toEqual([]);
  });
});

describe('VerifyPayment', () => {
  it('unlocks the course for a captured payment with a valid signature, once', async () => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    const checkout = (await gateway.pay(orderId, 'success'))!;

    const paidBefore = await counted('payment_verifications_total', { outcome: 'paid' });
    const result = await t.graphql(VERIFY, { input: checkout }, { cookie });
    expect(result.body.data?.verifyPayment).toEqual({ status: 'paid', user: { payment_status: true } });
    expect(await counted('payment_verifications_total', { outcome: 'paid' })).toBe(paidBefore + 1);
    expect(await isPaid(cookie)).toBe(true);

    const again = await t.graphql(VERIFY, { input: checkout }, { cookie });
    expect(again.body.data?.verifyPayment).toMatchObject({ status: 'paid' });
    expect(await paymentsFor(userRef)).toHaveLength(1);
    const order = await t.services.db
      .selectFrom('payment_order')
      .select('status')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
  });

  it('refuses a signature with one character changed', async () => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    const checkout = (await gateway.pay(orderId, 'success'))!;
    const last = checkout.razorpay_signature.slice(-1);
    const forged = {
      ...checkout,
      razorpay_signature: checkout.razorpay_signature.slice(0, -1) + (last === 'a' ? 'b' : 'a'),
    };
    await tamperPayment(t.services.db, checkout.razorpay_payment_id, { status: 'authorized' }); // keep the reconciler from granting it
    expect(codeOf(await t.graphql(VERIFY, { input: forged }, { cookie }))).toBe('PAYMENT_NOT_VERIFIED');
    expect(await isPaid(cookie)).toBe(false);
    expect(await paymentsFor(userRef)).toHaveLength(0);
  });

  it('refuses a signature made for a different order or payment', async () => {
    const { cookie } = await learner();
    const orderId = await createOrder(cookie);
    const checkout = (await gateway.pay(orderId, 'success'))!;
    await tamperPayment(t.services.db, checkout.razorpay_payment_id, { status: 'authorized' });
    const otherSignature = hmacHex(gateway.keySecret, `${orderId}|pay_someoneelse0000`);
    expect(
      codeOf(await t.graphql(VERIFY, { input: { ...checkout, razorpay_signature: otherSignature } }, { cookie })),
    ).toBe('PAYMENT_NOT_VERIFIED');
    expect(await isPaid(cookie)).toBe(false);
  });

  it("refuses another learner's order, even with its genuine signature", async () => {
    const buyer = await learner();
    const thief = await learner();
    const orderId = await createOrder(buyer.cookie);
    const checkout = (await gateway.pay(orderId, 'success'))!;
    expect(codeOf(await t.graphql(VERIFY, { input: checkout }, { cookie: thief.cookie }))).toBe('PAYMENT_NOT_VERIFIED');
    expect(await isPaid(thief.cookie)).toBe(false);
  });

  it.each([
    ['a wrong amount', { amount: 100 }],
    ['a wrong currency', { currency: 'USD' }],
    ['a failed payment', { status: 'failed' }],
    ['another order', { order_id: 'order_AAAAAAAAAAAAAA' }],
  ])('refuses a payment the gateway reports with %s', async (_case, changes) => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    const checkout = (await gateway.pay(orderId, 'success'))!;
    await tamperPayment(t.services.db, checkout.razorpay_payment_id, changes);
    expect(codeOf(await t.graphql(VERIFY, { input: checkout }, { cookie }))).toBe('PAYMENT_NOT_VERIFIED');
    expect(await isPaid(cookie)).toBe(false);
    expect(await paymentsFor(userRef)).toHaveLength(0);
  });

  it('answers "pending" while the payment is only authorized', async () => {
    const { cookie } = await learner();
    const orderId = await createOrder(cookie);
    const checkout = (await gateway.pay(orderId, 'success'))!;
    await tamperPayment(t.services.db, checkout.razorpay_payment_id, { status: 'authorized' });
    const result = await t.graphql(VERIFY, { input: checkout }, { cookie });
    expect(result.body.data?.verifyPayment).toMatchObject({ status: 'pending', user: { payment_status: false } });
  });
});

describe('webhooks', () => {
  it('grants once when the same signed webhook arrives 5 times at once, answering 2xx to all', async () => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    const payment = await captureSilently(t.services.db, orderId);
    const hook = signedWebhook('order.paid', { payment: { entity: payment }, order: { entity: { id: orderId } } });
    const responses = await Promise.all(Array.from({ length: 5 }, () => postWebhook(hook)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await paymentsFor(userRef)).toHaveLength(1);
    expect(await isPaid(cookie)).toBe(true);
    const events = await t.services.db
      .selectFrom('webhook_event')
      .selectAll()
      .where('event_id', '=', hook.eventId)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('answers 200 to a signed webhook about a payment that is not ours, logs it and records it as unmatched', async () => {
    const hooks = [
      signedWebhook('payment.captured', { payment: { entity: { id: 'pay_NotKnownToTheGateway' } } }),
      signedWebhook('order.paid', { payment: { entity: { id: 'pay_AlsoUnknown', order_id: 'order_NotOurs' } } }),
      signedWebhook('refund.processed', {
        refund: { entity: { id: 'rfnd_X', payment_id: 'pay_NotOurs', amount: 4900 } },
      }),
    ];
    for (const hook of hooks) {
      const response = await postWebhook(hook);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'unmatched' });
      const [row] = await t.services.db
        .selectFrom('webhook_event')
        .selectAll()
        .where('event_id', '=', hook.eventId)
        .execute();
      expect(row).toMatchObject({ outcome: 'unmatched' });
    }
    expect(t.logs.filter((line) => line.includes('"webhook_unmatched"'))).toHaveLength(3);
  });

  it('webhook first, then verify: one grant, one payment', async () => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    const checkout = (await gateway.pay(orderId, 'success'))!;
    const payment = await gateway.fetchPayment(checkout.razorpay_payment_id);
    expect((await postWebhook(signedWebhook('payment.captured', { payment: { entity: payment } }))).statusCode).toBe(
      200,
    );
    expect(await isPaid(cookie)).toBe(true);
    expect((await t.graphql(VERIFY, { input: checkout }, { cookie })).body.data?.verifyPayment).toMatchObject({
      status: 'paid',
    });
    expect(await paymentsFor(userRef)).toHaveLength(1);
  });

  it('verify first, then webhook: one grant, one payment', async () => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    const checkout = (await gateway.pay(orderId, 'success'))!;
    await t.graphql(VERIFY, { input: checkout }, { cookie });
    const payment = await gateway.fetchPayment(checkout.razorpay_payment_id);
    expect((await postWebhook(signedWebhook('order.paid', { payment: { entity: payment } }))).statusCode).toBe(200);
    expect(await paymentsFor(userRef)).toHaveLength(1);
    expect(await isPaid(cookie)).toBe(true);
  });

  it('payment.failed after order.paid leaves the learner paid', async () => {
    const { cookie } = await learner();
    const orderId = await createOrder(cookie);
    const payment = await captureSilently(t.services.db, orderId);
    await postWebhook(signedWebhook('order.paid', { payment: { entity: payment } }));
    const failed = { ...payment, id: 'pay_FailedAttempt01', status: 'failed' };
    expect((await postWebhook(signedWebhook('payment.failed', { payment: { entity: failed } }))).statusCode).toBe(200);
    expect(await isPaid(cookie)).toBe(true);
    const order = await t.services.db
      .selectFrom('payment_order')
      .select('status')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
  });

  it('payment.failed on an unpaid order marks it attempted and grants nothing', async () => {
    const { cookie } = await learner();
    const orderId = await createOrder(cookie);
    await gateway.pay(orderId, 'failure');
    const [failed] = await gateway.fetchOrderPayments(orderId);
    expect((await postWebhook(signedWebhook('payment.failed', { payment: { entity: failed } }))).statusCode).toBe(200);
    expect(await isPaid(cookie)).toBe(false);
    const order = await t.services.db
      .selectFrom('payment_order')
      .select('status')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('attempted');
  });

  it.each([
    ['unsigned', (h: ReturnType<typeof signedWebhook>) => ({ ...h, signature: undefined })],
    [
      'signed with the wrong secret',
      (h: ReturnType<typeof signedWebhook>) => ({ ...h, signature: hmacHex('not-the-secret', h.body) }),
    ],
    [
      're-serialised',
      (h: ReturnType<typeof signedWebhook>) => ({ ...h, body: JSON.stringify(JSON.parse(h.body), null, 2) }),
    ],
    [
      'altered',
      (h: ReturnType<typeof signedWebhook>) => ({ ...h, body: h.body.replace('"order.paid"', '"order.paid" ') }),
    ],
  ])('refuses a webhook that is %s with 400 and changes nothing', async (_case, spoil) => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    const payment = await captureSilently(t.services.db, orderId);
    const hook = spoil(signedWebhook('order.paid', { payment: { entity: payment } }));
    const response = await postWebhook(hook);
    expect(response.statusCode).toBe(400);
    expect(await paymentsFor(userRef)).toHaveLength(0);
    const events = await t.services.db
      .selectFrom('webhook_event')
      .selectAll()
      .where('event_id', '=', hook.eventId)
      .execute();
    expect(events).toHaveLength(0);
  });

  it('a full refund takes the access back', async () => {
    const { cookie } = await learner();
    const orderId = await createOrder(cookie);
    const payment = await captureSilently(t.services.db, orderId);
    await postWebhook(signedWebhook('payment.captured', { payment: { entity: payment } }));
    expect(await isPaid(cookie)).toBe(true);
    const refund = { id: 'rfnd_Test00000001', payment_id: payment.id, amount: 4900 };
    expect((await postWebhook(signedWebhook('refund.processed', { refund: { entity: refund } }))).statusCode).toBe(200);
    expect(await isPaid(cookie)).toBe(false);
  });
});

describe('reconciliation', () => {
  it('grants access when the browser never reported a captured payment', async () => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    await captureSilently(t.services.db, orderId);
    expect(await isPaid(cookie)).toBe(false);

    const status = await t.graphql(STATUS, {}, { cookie });
    expect(status.body.data?.paymentStatus).toMatchObject({ payment_status: true });
    expect(await paymentsFor(userRef)).toHaveLength(1);
  });

  it('leaves orders older than three days alone', async () => {
    const { cookie } = await learner();
    const orderId = await createOrder(cookie);
    await captureSilently(t.services.db, orderId);
    await t.services.db
      .updateTable('payment_order')
      .set({ created_at: Date.now() - 4 * 86_400_000 })
      .where('order_id', '=', orderId)
      .execute();
    expect((await t.graphql(STATUS, {}, { cookie })).body.data?.paymentStatus).toMatchObject({ payment_status: false });
  });
});

describe('a second payment from a learner who already paid', () => {
  /** A learner who paid order A, and whose order B (opened in another tab earlier) was paid too. */
  async function paidTwice() {
    const who = await learner();
    const orderA = await createOrder(who.cookie);
    await ageOrder(orderA, 20 * 60_000);
    const orderB = await createOrder(who.cookie);
    await t.graphql(VERIFY, { input: (await gateway.pay(orderA, 'success'))! }, { cookie: who.cookie });
    expect(await isPaid(who.cookie)).toBe(true);
    const second = await captureSilently(t.services.db, orderB);
    return { ...who, orderB, second };
  }

  const duplicatesOf = (userRef: string) =>
    t.services.db.selectFrom('duplicate_payment').selectAll().where('user_ref', '=', userRef).execute();

  it('is recorded, refunded through the gateway exactly once, and access stays', async () => {
    const { cookie, userRef, second } = await paidTwice();
    const refunds = vi.spyOn(gateway, 'refundPayment');
    const refundedBefore = await counted('duplicate_payments_total', { result: 'refunded' });
    const news = signedWebhook('payment.captured', { payment: { entity: second } });
    expect((await postWebhook(news)).statusCode).toBe(200);
    // The same news again, as a new delivery, and the reconciler asking too.
    expect((await postWebhook({ ...news, eventId: `${news.eventId}x` })).statusCode).toBe(200);
    await sweepWaitingOrders(billingDeps(t.services, t.app.log), { callsPerSecond: 1000 });

    const [duplicate] = await duplicatesOf(userRef);
    expect(await duplicatesOf(userRef)).toHaveLength(1);
    expect(duplicate).toMatchObject({ payment_id: second.id, amount: 4900, status: 'refunded' });
    expect(duplicate!.refund_id).toMatch(/^rfnd_/);
    expect(refunds).toHaveBeenCalledTimes(1);
    expect(await counted('duplicate_payments_total', { result: 'refunded' })).toBe(refundedBefore + 1);
    expect(await gateway.fetchPayment(second.id)).toMatchObject({ status: 'refunded', amount_refunded: 4900 });
    expect(await paymentsFor(userRef)).toHaveLength(1);
    expect(await isPaid(cookie)).toBe(true);
    expect(t.logs.some((line) => line.includes('"event":"duplicate_payment"'))).toBe(true);

    // Razorpay then reports the refund: the learner keeps the course they paid for once.
    const refund = { id: duplicate!.refund_id, payment_id: second.id, amount: 4900 };
    expect((await postWebhook(signedWebhook('refund.processed', { refund: { entity: refund } }))).statusCode).toBe(200);
    expect(await isPaid(cookie)).toBe(true);
  });

  it('is refunded later by the maintenance job when the gateway fails the first time', async () => {
    const { userRef, orderB, second } = await paidTwice();
    vi.spyOn(gateway, 'refundPayment').mockRejectedValueOnce(new GatewayError('no answer', null, 'TIMEOUT'));
    await postWebhook(signedWebhook('order.paid', { payment: { entity: second }, order: { entity: { id: orderB } } }));
    expect(await duplicatesOf(userRef)).toMatchObject([{ status: 'pending', attempts: 1 }]);

    await retryDuplicateRefunds(billingDeps(t.services, t.app.log));
    expect(await duplicatesOf(userRef)).toMatchObject([{ status: 'refunded', attempts: 2 }]);
    expect(await gateway.fetchPayment(second.id)).toMatchObject({ amount_refunded: 4900 });
  });

  it('is not refunded twice when a server died after the gateway refunded it', async () => {
    const { userRef, second } = await paidTwice();
    const refunds = vi.spyOn(gateway, 'refundPayment');
    await postWebhook(signedWebhook('payment.captured', { payment: { entity: second } }));
    expect(refunds).toHaveBeenCalledTimes(1);
    // As if the refunding server had crashed before writing down that it was done.
    await t.services.db
      .updateTable('duplicate_payment')
      .set({ status: 'refunding', updated_at: Date.now() - 11 * 60_000 })
      .where('payment_id', '=', second.id)
      .execute();
    await retryDuplicateRefunds(billingDeps(t.services, t.app.log));
    expect(refunds).toHaveBeenCalledTimes(1);
    expect(await duplicatesOf(userRef)).toMatchObject([{ status: 'refunded' }]);
  });
});

describe('what the gateway says wins over what a webhook claims', () => {
  it('grants nothing for a signed payment.captured whose payment the gateway reports failed', async () => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    const payment = await captureSilently(t.services.db, orderId);
    await tamperPayment(t.services.db, payment.id, { status: 'failed' });
    const claim = signedWebhook('payment.captured', { payment: { entity: { ...payment, status: 'captured' } } });
    expect((await postWebhook(claim)).statusCode).toBe(200);
    expect(await isPaid(cookie)).toBe(false);
    expect(await paymentsFor(userRef)).toHaveLength(0);
  });

  it('records only captured payments: an authorized one waits', async () => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    const payment = await captureSilently(t.services.db, orderId);
    await tamperPayment(t.services.db, payment.id, { status: 'authorized' });
    await postWebhook(
      signedWebhook('order.paid', { payment: { entity: payment }, order: { entity: { id: orderId } } }),
    );
    expect(await isPaid(cookie)).toBe(false);
    expect(await paymentsFor(userRef)).toHaveLength(0);
  });

  it('keeps access after a partial refund', async () => {
    const { cookie } = await learner();
    const orderId = await createOrder(cookie);
    const payment = await captureSilently(t.services.db, orderId);
    await postWebhook(signedWebhook('payment.captured', { payment: { entity: payment } }));
    const refund = { id: 'rfnd_Partial000001', payment_id: payment.id, amount: 1000 };
    expect((await postWebhook(signedWebhook('refund.processed', { refund: { entity: refund } }))).statusCode).toBe(200);
    expect(await isPaid(cookie)).toBe(true);
  });
});

describe('reconciliation costs are bounded', () => {
  it('makes at most 4 gateway calls a minute for one learner, however many aliased fields ask', async () => {
    const { cookie } = await learner();
    for (let i = 0; i < 5; i += 1) await ageOrder(await createOrder(cookie), 20 * 60_000);
    const calls = vi.spyOn(gateway, 'fetchOrderPayments');
    const refusedBefore = await counted('throttle_refusals_total', { limit: 'reconcile' });
    const fields = Array.from({ length: 10 }, (_, i) => `a${i}: paymentStatus { payment_status }`).join(' ');
    const answer = await t.graphql(`query Many { ${fields} }`, {}, { cookie });
    expect(answer.body.errors).toBeUndefined();
    expect(calls).toHaveBeenCalledTimes(4);
    await t.graphql(STATUS, {}, { cookie });
    expect(calls).toHaveBeenCalledTimes(4);
    expect(await counted('throttle_refusals_total', { limit: 'reconcile' })).toBeGreaterThan(refusedBefore);
  });

  it('asks the gateway nothing for a verify with a bad signature', async () => {
    const { cookie } = await learner();
    const orderId = await createOrder(cookie);
    const checkout = (await gateway.pay(orderId, 'success'))!;
    const fetches = [vi.spyOn(gateway, 'fetchOrderPayments'), vi.spyOn(gateway, 'fetchPayment')];
    const forged = { ...checkout, razorpay_signature: '0'.repeat(64) };
    expect(codeOf(await t.graphql(VERIFY, { input: forged }, { cookie }))).toBe('PAYMENT_NOT_VERIFIED');
    for (const fetch of fetches) expect(fetch).not.toHaveBeenCalled();
  });

  it('reconciles an order whose first attempt failed and whose retry was captured', async () => {
    const { cookie } = await learner();
    const orderId = await createOrder(cookie);
    await gateway.pay(orderId, 'failure');
    const [failed] = await gateway.fetchOrderPayments(orderId);
    await postWebhook(signedWebhook('payment.failed', { payment: { entity: failed } }));
    await captureSilently(t.services.db, orderId);
    expect((await t.graphql(STATUS, {}, { cookie })).body.data?.paymentStatus).toMatchObject({ payment_status: true });
  });
});

describe('the periodic sweep', () => {
  it('walks every waiting order, oldest first, in batches', async () => {
    const buyers: { cookie: string; orderId: string }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const buyer = await learner();
      const orderId = await createOrder(buyer.cookie);
      await captureSilently(t.services.db, orderId);
      buyers.push({ ...buyer, orderId });
    }
    const calls = vi.spyOn(gateway, 'fetchOrderPayments');
    const result = await sweepWaitingOrders(billingDeps(t.services, t.app.log), { callsPerSecond: 1000, batchSize: 2 });
    expect(result.granted).toBeGreaterThanOrEqual(5);
    for (const buyer of buyers) expect(await isPaid(buyer.cookie)).toBe(true);
    const asked = calls.mock.calls.map(([orderId]) => orderId);
    const ours = asked.filter((orderId) => buyers.some((b) => b.orderId === orderId));
    expect(ours).toEqual(buyers.map((b) => b.orderId));
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('spreads its gateway calls to the configured pace', async () => {
    for (let i = 0; i < 3; i += 1) {
      const buyer = await learner();
      await captureSilently(t.services.db, await createOrder(buyer.cookie));
    }
    const times: number[] = [];
    vi.spyOn(gateway, 'fetchOrderPayments').mockImplementation(async () => {
      times.push(performance.now());
      return [];
    });
    await sweepWaitingOrders(billingDeps(t.services, t.app.log), { callsPerSecond: 25 });
    expect(times.length).toBeGreaterThanOrEqual(3);
    // 25 calls a second: 40 ms apart (timers may fire a millisecond or two early).
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(37);
  });

  it('stops when told to', async () => {
    const buyer = await learner();
    await captureSilently(t.services.db, await createOrder(buyer.cookie));
    const stop = new AbortController();
    stop.abort();
    const result = await sweepWaitingOrders(billingDeps(t.services, t.app.log), {
      callsPerSecond: 1000,
      signal: stop.signal,
    });
    expect(result.checked).toBe(0);
    expect(await isPaid(buyer.cookie)).toBe(false);
  });
});

describe('no way to set paid from the client', () => {
  it('has no mutation that takes a paid flag or sets payment status', async () => {
    const result = await t.graphql(`{ __schema { mutationType { fields { name } } } }`);
    const names = (
      result.body.data?.__schema as { mutationType: { fields: { name: string }[] } }
    ).mutationType.fields.map((f) => f.name);
    expect(names).not.toContain('updatePaymentStatus');
    // The admin mutations (one of them grants access) refuse every learner: admin-guards.api.test.ts.
    expect(names.sort()).toEqual([
      'adminCheckPayment',
      'adminGrantAccess',
      'adminRefundPayment',
      'adminReissueCertificate',
      'adminResendReceipt',
      'adminRevokeAccess',
      'adminRevokeCertificate',
      'adminSignOutEverywhere',
      'answerQuestion',
      'changePassword',
      'confirmEmail',
      'createPaymentOrder',
      'deleteAccount',
      'loginUser',
      'logoutOtherSessions',
      'logoutUser',
      'markLessonComplete',
      'openLabWriteup',
      'requestPasswordReset',
      'resendEmailConfirmation',
      'resetPassword',
      'revealLabHint',
      'setEvidenceShown',
      'showAnswer',
      'signupUser',
      'startLab',
      'submitLabFlag',
      'updateBusinessSettings',
      'updateProfile',
      'verifyPayment',
    ]);
  });
});

// Each of these guards once survived every test (mutation testing, issue 39): each test
// here fails if its guard is removed.
describe('payment guards', () => {
  it('does not unlock from a webhook for a payment of the wrong amount on our order', async () => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    const payment = await captureSilently(t.services.db, orderId);
    await tamperPayment(t.services.db, payment.id, { amount: 100 });
    const response = await postWebhook(signedWebhook('payment.captured', { payment: { entity: { id: payment.id } } }));
    expect(response.statusCode).toBe(200);
    expect(await isPaid(cookie)).toBe(false);
    expect(await paymentsFor(userRef)).toHaveLength(0);
  });

  it('refuses a gateway order made at another price, and stores none', async () => {
    const { cookie, userRef } = await learner();
    const real = gateway.createOrder.bind(gateway);
    const spy = vi
      .spyOn(gateway, 'createOrder')
      .mockImplementation(async (request) => ({ ...(await real(request)), amount: request.amount - 4800 }));
    try {
      const result = await t.graphql(CREATE, {}, { cookie });
      expect(result.body.errors?.[0]?.extensions?.code).toBe('GATEWAY_UNAVAILABLE');
      expect(result.body.errors?.[0]?.message).toBe('Payment initialization failed. Please try again.');
    } finally {
      spy.mockRestore();
    }
    const orders = await t.services.db
      .selectFrom('payment_order')
      .selectAll()
      .where('user_ref', '=', userRef)
      .execute();
    expect(orders).toEqual([]);
  });

  it('opens no checkout for a learner whose course is already unlocked', async () => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    await postWebhook(
      signedWebhook('payment.captured', { payment: { entity: await captureSilently(t.services.db, orderId) } }),
    );
    expect(await isPaid(cookie)).toBe(true);
    const again = await t.graphql(CREATE, {}, { cookie });
    expect(again.body.errors?.[0]?.message).toBe('Your course is already unlocked.');
    const orders = await t.services.db
      .selectFrom('payment_order')
      .selectAll()
      .where('user_ref', '=', userRef)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('keeps a late capture on a refunded order for refund instead of unlocking again', async () => {
    const { cookie, userRef } = await learner();
    const orderId = await createOrder(cookie);
    const first = await captureSilently(t.services.db, orderId);
    await postWebhook(signedWebhook('payment.captured', { payment: { entity: first } }));
    // Refunded: the order and the payment are marked refunded, the course locked again.
    await t.services.db
      .updateTable('payment_order')
      .set({ status: 'refunded' })
      .where('order_id', '=', orderId)
      .execute();
    await t.services.db
      .updateTable('payment')
      .set({ status: 'refunded', refunded_at: Date.now() })
      .where('order_id', '=', orderId)
      .execute();
    await t.services.db.updateTable('app_user').set({ payment_status: 0 }).where('id', '=', userRef).execute();

    const late = await captureSilently(t.services.db, orderId);
    expect((await postWebhook(signedWebhook('payment.captured', { payment: { entity: late } }))).statusCode).toBe(200);
    expect(await isPaid(cookie)).toBe(false);
    const duplicates = await t.services.db
      .selectFrom('duplicate_payment')
      .selectAll()
      .where('payment_id', '=', late.id)
      .execute();
    expect(duplicates).toHaveLength(1);
  });
});
