import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from './gateway';
import { RazorpayGateway } from './razorpay-gateway';

// The real SDK, with Razorpay's servers replaced by nock at the HTTP layer. Any request
// nock was not told to expect fails the test instead of leaving the machine.
const API = 'https://api.razorpay.com';
const keys = { keyId: 'rzp_test_K3yIdForTests', keySecret: 'sekrit_for_tests', webhookSecret: 'whsec_for_tests' };
const basicAuth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});
afterAll(() => nock.enableNetConnect());

const gateway = (timeoutMs = 8000) => new RazorpayGateway(keys, timeoutMs);

describe('RazorpayGateway against the SDK', () => {
  it('creates an order with basic auth and the given amount, receipt and notes', async () => {
    let sent: Record<string, unknown> = {};
    nock(API, { reqheaders: { authorization: basicAuth } })
      .post('/v1/orders', (body) => {
        sent = body as Record<string, unknown>;
        return true;
      })
      .reply(200, {
        id: 'order_Ab12Cd34Ef56Gh',
        entity: 'order',
        amount: 4900,
        currency: 'INR',
        receipt: 'ehc_r1',
        status: 'created',
        attempts: 0,
      });

    const order = await gateway().createOrder({
      amount: 4900,
      currency: 'INR',
      receipt: 'ehc_r1',
      notes: { user_id: 'a@b.in', course: 'X', phone: '9876543210' },
    });

    expect(order).toEqual({
      id: 'order_Ab12Cd34Ef56Gh',
      amount: 4900,
      currency: 'INR',
      receipt: 'ehc_r1',
      status: 'created',
    });
    expect(sent).toMatchObject({ amount: 4900, currency: 'INR', receipt: 'ehc_r1' });
    expect(JSON.stringify(sent)).toContain('a@b.in');
  });

  it('fetches a payment', async () => {
    nock(API).get('/v1/payments/pay_Zy98Xw76Vu54Ts').reply(200, {
      id: 'pay_Zy98Xw76Vu54Ts',
      entity: 'payment',
      amount: 4900,
      currency: 'INR',
      status: 'captured',
      order_id: 'order_Ab12Cd34Ef56Gh',
      method: 'upi',
      amount_refunded: 0,
    });
    expect(await gateway().fetchPayment('pay_Zy98Xw76Vu54Ts')).toEqual({
      id: 'pay_Zy98Xw76Vu54Ts',
      order_id: 'order_Ab12Cd34Ef56Gh',
      amount: 4900,
      currency: 'INR',
      status: 'captured',
      amount_refunded: 0,
      method: 'upi',
    });
  });

  it("lists an order's payments", async () => {
    nock(API)
      .get('/v1/orders/order_Ab12Cd34Ef56Gh/payments')
      .reply(200, {
        entity: 'collection',
        count: 2,
        items: [
          {
            id: 'pay_Failed0000001',
            amount: 4900,
            currency: 'INR',
            status: 'failed',
            order_id: 'order_Ab12Cd34Ef56Gh',
          },
          {
            id: 'pay_Captured00001',
            amount: 4900,
            currency: 'INR',
            status: 'captured',
            order_id: 'order_Ab12Cd34Ef56Gh',
          },
        ],
      });
    const payments = await gateway().fetchOrderPayments('order_Ab12Cd34Ef56Gh');
    expect(payments.map((p) => [p.id, p.status])).toEqual([
      ['pay_Failed0000001', 'failed'],
      ['pay_Captured00001', 'captured'],
    ]);
  });

  it("turns Razorpay's API error objects into GatewayErrors with status and code", async () => {
    nock(API)
      .get('/v1/payments/pay_DoesNotExist00')
      .reply(400, {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'The id provided does not exist',
          source: 'business',
          reason: 'input_validation_failed',
        },
      });
    const failure = await gateway()
      .fetchPayment('pay_DoesNotExist00')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });
    expect((failure as Error).message).toMatch(/does not exist/);
  });

  it('turns an authentication failure into a GatewayError', async () => {
    nock(API)
      .post('/v1/orders')
      .reply(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    const failure = await gateway()
      .createOrder({ amount: 4900, currency: 'INR', receipt: 'r', notes: {} })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'GatewayError', status: 401 });
  });

  it('turns a network failure into a GatewayError without a status', async () => {
    nock(API).get('/v1/payments/pay_Net0000000000').replyWithError('socket hang up');
    const failure = await gateway()
      .fetchPayment('pay_Net0000000000')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure).toMatchObject({ status: null });
  });

  it('refunds a payment in full with a normal-speed refund and our notes', async () => {
    let sent: Record<string, unknown> = {};
    nock(API, { reqheaders: { authorization: basicAuth } })
      .post('/v1/payments/pay_Dup00000000001/refund', (body) => {
        sent = body as Record<string, unknown>;
        return true;
      })
      .reply(200, {
        id: 'rfnd_Ref00000000001',
        entity: 'refund',
        amount: 4900,
        currency: 'INR',
        payment_id: 'pay_Dup00000000001',
        status: 'processed',
        speed_requested: 'normal',
      });
    const refund = await gateway().refundPayment('pay_Dup00000000001', 4900, { reason: 'duplicate payment' });
    expect(refund).toEqual({ id: 'rfnd_Ref00000000001', payment_id: 'pay_Dup00000000001', amount: 4900 });
    expect(sent).toMatchObject({ amount: 4900, speed: 'normal', notes: { reason: 'duplicate payment' } });
  });

  it('gives up on a Razorpay that does not answer, with a GatewayError, after the configured timeout', async () => {
    // The reply would come after a minute; the gateway is told to wait 150 ms.
    nock(API).get('/v1/payments/pay_Slow0000000001').delay(60_000).reply(200, {});
    const failure = await gateway(150)
      .fetchPayment('pay_Slow0000000001')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GatewayError);
    expect((failure as Error).message).toMatch(/no answer within 150 ms/);
  });
});
