import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, codeOf, signUp, signUpAdmin, snapshotDatabase, type Learner } from '../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hmacHex } from '../billing/signatures';

// The admin refund through the real Razorpay SDK, with Razorpay's servers replaced by nock:
// any request nock was not told to expect fails instead of leaving the machine.
const API = 'https://api.razorpay.com';
const KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_AdminRefund01',
  RAZORPAY_KEY_SECRET: 'admin_refund_key_secret',
  RAZORPAY_WEBHOOK_SECRET: 'admin_refund_webhook_secret',
};
const basicAuth = `Basic ${Buffer.from(`${KEYS.RAZORPAY_KEY_ID}:${KEYS.RAZORPAY_KEY_SECRET}`).toString('base64')}`;
const REFUND = `mutation Refund($payment_id: String!, $reason: String!) {
  adminRefundPayment(payment_id: $payment_id, reason: $reason) { summary { paid } payments { payment_id status } } }`;
const REASON = 'Refund requested within 7 days';

let t: TestApp;
let admin: Learner;
let counter = 0;

beforeAll(async () => {
  nock.disableNetConnect();
  // inject() stays in-process; only Razorpay's host is intercepted.
  nock.enableNetConnect('127.0.0.1');
  t = await createTestApp(KEYS);
  admin = await signUpAdmin(t);
});
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});
afterAll(async () => {
  await t.close();
  nock.enableNetConnect();
});

/** A learner who paid through Razorpay, recorded as verifyPayment records it. */
async function razorpayBuyer() {
  const learner = await signUp(t, { prefix: 'rzp' });
  counter += 1;
  const orderId = `order_AdminRefund${String(counter).padStart(3, '0')}`;
  const paymentId = `pay_AdminRefund0${String(counter).padStart(3, '0')}`;
  const now = Date.now();
  await t.services.db
    .insertInto('payment_order')
    .values({
      order_id: orderId,
      user_ref: learner.userRef,
      amount: 4900,
      currency: 'INR',
      receipt: `ehc_admin_refund_${counter}`,
      status: 'paid',
      gateway: 'razorpay',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.services.db
    .insertInto('payment')
    .values({
      payment_id: paymentId,
      order_id: orderId,
      user_ref: learner.userRef,
      amount: 4900,
      currency: 'INR',
      status: 'captured',
      captured_at: now,
      refunded_at: null,
      method: 'upi',
    })
    .execute();
  await t.services.db.updateTable('app_user').set({ payment_status: 1 }).where('id', '=', learner.userRef).execute();
  return { ...learner, orderId, paymentId };
}

const paymentEntity = (paymentId: string, orderId: string, refunded: number) => ({
  id: paymentId,
  entity: 'payment',
  amount: 4900,
  currency: 'INR',
  status: refunded >= 4900 ? 'refunded' : 'captured',
  order_id: orderId,
  method: 'upi',
  amount_refunded: refunded,
});

describe('adminRefundPayment with Razorpay', () => {
  it('asks what is refunded, refunds the rest with the SDK, and records it', async () => {
    const buyer = await razorpayBuyer();
    let sent: Record<string, unknown> = {};
    nock(API, { reqheaders: { authorization: basicAuth } })
      .get(`/v1/payments/${buyer.paymentId}`)
      .reply(200, paymentEntity(buyer.paymentId, buyer.orderId, 0))
      .post(`/v1/payments/${buyer.paymentId}/refund`, (body) => {
        sent = body as Record<string, unknown>;
        return true;
      })
      .reply(200, {
        id: 'rfnd_AdminRefund0001',
        entity: 'refund',
        amount: 4900,
        currency: 'INR',
        payment_id: buyer.paymentId,
        status: 'processed',
        speed_requested: 'normal',
      });

    const result = await t.graphql(REFUND, { payment_id: buyer.paymentId, reason: REASON }, { cookie: admin.cookie });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.adminRefundPayment).toEqual({
      summary: { paid: false },
      payments: [{ payment_id: buyer.paymentId, status: 'refunded' }],
    });
    expect(sent).toEqual({
      amount: 4900,
      speed: 'normal',
      notes: { reason: 'refunded by the seller', order_id: buyer.orderId },
    });
    const [entry] = await auditEntries(t, buyer.userRef);
    expect(entry).toMatchObject({
      action: 'refund_payment',
      reason: REASON,
      details: { refund_id: 'rfnd_AdminRefund0001', refunded_now_paise: 4900 },
    });
    const mails = await t.services.db
      .selectFrom('mail_outbox')
      .select('data')
      .where('user_ref', '=', buyer.userRef)
      .where('kind', '=', 'refund_processed')
      .execute();
    expect(mails.map((m) => JSON.parse(m.data))).toMatchObject([{ amountPaise: 4900, accessRevoked: true }]);

    // Razorpay's refund.processed webhook, signed, arrives later and changes nothing.
    const body = JSON.stringify({
      entity: 'event',
      event: 'refund.processed',
      payload: { refund: { entity: { id: 'rfnd_AdminRefund0001', payment_id: buyer.paymentId, amount: 4900 } } },
      created_at: 1,
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/webhooks/razorpay',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': 'evt_AdminRefund0001',
        'x-razorpay-signature': hmacHex(KEYS.RAZORPAY_WEBHOOK_SECRET, body),
      },
      payload: body,
    });
    expect(hook.statusCode).toBe(200);
    const after = await t.services.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('user_ref', '=', buyer.userRef)
      .where('kind', '=', 'refund_processed')
      .execute();
    expect(after).toHaveLength(1);
  });

  it('sends no refund request when Razorpay says the payment is already refunded', async () => {
    const buyer = await razorpayBuyer();
    nock(API)
      .get(`/v1/payments/${buyer.paymentId}`)
      .reply(200, paymentEntity(buyer.paymentId, buyer.orderId, 4900));
    const result = await t.graphql(REFUND, { payment_id: buyer.paymentId, reason: REASON }, { cookie: admin.cookie });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.adminRefundPayment).toMatchObject({ summary: { paid: false } });
    const [entry] = await auditEntries(t, buyer.userRef);
    expect(entry!.details).toMatchObject({ refunded_now_paise: 0, refunded_before_at_gateway_paise: 4900 });
  });

  it('answers GATEWAY_UNAVAILABLE and changes nothing when Razorpay refuses', async () => {
    const buyer = await razorpayBuyer();
    nock(API)
      .get(`/v1/payments/${buyer.paymentId}`)
      .reply(200, paymentEntity(buyer.paymentId, buyer.orderId, 0))
      .post(`/v1/payments/${buyer.paymentId}/refund`)
      .reply(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Insufficient balance' } });
    const before = await snapshotDatabase(t);
    const result = await t.graphql(REFUND, { payment_id: buyer.paymentId, reason: REASON }, { cookie: admin.cookie });
    expect(codeOf(result)).toBe('GATEWAY_UNAVAILABLE');
    expect(await snapshotDatabase(t)).toEqual(before);
  });
});
