import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payThroughCheckout, signUp, signUpAdmin, type Learner } from '../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { SimulatedGateway, SimulatedWebhook } from '../billing/simulated-gateway';
import { REFUND_IN_PROGRESS } from './payment-actions';

// Refunds as records of their own (issue 39): serialised per payment, partial refunds that
// add up to the whole, counted in sales and the tax register, with credit notes for a
// refunded tax invoice. The seller here is registered for GST, so every sale is a tax invoice.

const REFUND = `mutation Refund($payment_id: String!, $reason: String!) { adminRefundPayment(payment_id: $payment_id, reason: $reason) { summary { paid } } }`;
const ME = `query { me { payment_status } }`;
const RECEIPTS = `query { account { receipts { number } } }`;
const RECEIPT = `query R($n: String!) { receipt(number: $n) { refunded_at refunds { amount credit_note } } }`;
const SALES = `query Sales($from: String!, $to: String!) { adminSales(from: $from, to: $to) { revenue refunds } }`;
const CSV = `query Csv($from: String!, $to: String!) { adminPaymentsCsv(from: $from, to: $to) }`;
const REASON = 'Learner asked for a refund by email';

let t: TestApp;
let admin: Learner;
let gateway: SimulatedGateway;
let webhooks: SimulatedWebhook[] = [];

beforeAll(async () => {
  t = await createTestApp({ SELLER_GSTIN: '29ABCDE1234F1Z5' });
  admin = await signUpAdmin(t);
  gateway = t.services.gateway as SimulatedGateway;
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  webhooks = [];
  gateway.deliver = async (webhook) => {
    webhooks.push(webhook);
  };
});

function postWebhook(webhook: SimulatedWebhook) {
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/razorpay',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': webhook.signature,
      'x-razorpay-event-id': webhook.eventId,
    },
    payload: webhook.body,
  });
}

async function paidLearner() {
  const learner = await signUp(t, { prefix: 'refunds' });
  return { ...learner, ...(await payThroughCheckout(t, learner)) };
}

const isPaid = async (learner: Learner) =>
  ((await t.graphql(ME, {}, { cookie: learner.cookie })).body.data?.me as { payment_status: boolean }).payment_status;

const refundRows = (paymentId: string) =>
  t.services.db.selectFrom('payment_refund').selectAll().where('payment_id', '=', paymentId).execute();

const today = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

describe('refunds', () => {
  it('refunds a payment once when three admins press Refund at the same moment', async () => {
    const learner = await paidLearner();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.graphql(REFUND, { payment_id: learner.paymentId, reason: REASON }, { cookie: admin.cookie }),
      ),
    );
    for (const answer of answers) {
      const error = answer.body.errors?.[0];
      if (error) expect(error.message).toBe(REFUND_IN_PROGRESS);
    }
    expect(answers.some((answer) => !answer.body.errors)).toBe(true);
    expect(await gateway.fetchPayment(learner.paymentId)).toMatchObject({ amount_refunded: 4900, status: 'refunded' });
    expect((await refundRows(learner.paymentId)).map((row) => row.amount)).toEqual([4900]);
    const mails = await t.services.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('user_ref', '=', learner.userRef)
      .where('kind', '=', 'refund_processed')
      .execute();
    expect(mails).toHaveLength(1);
    expect(await isPaid(learner)).toBe(false);
  });

  it('lets the simulated gateway refund no more than is left, however many ask at once', async () => {
    const learner = await paidLearner();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => gateway.refundPayment(learner.paymentId, 4900, {})),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await gateway.fetchPayment(learner.paymentId)).toMatchObject({ amount_refunded: 4900 });
  });

  it('records partial refunds, keeps access until they reach the amount, and counts them in sales and the register', async () => {
    const learner = await paidLearner();
    await gateway.refundPayment(learner.paymentId, 2000, {});
    await gateway.refundPayment(learner.paymentId, 2900, {});
    const [first, second] = webhooks.filter((hook) => JSON.parse(hook.body).event === 'refund.processed');
    expect((await postWebhook(first!)).statusCode).toBe(200);
    expect(await isPaid(learner)).toBe(true);
    // The same refund reported twice counts once.
    expect((await postWebhook({ ...first!, eventId: `${first!.eventId}-again` })).statusCode).toBe(200);
    expect((await refundRows(learner.paymentId)).map((row) => row.amount)).toEqual([2000]);
    expect((await postWebhook(second!)).statusCode).toBe(200);
    expect(await isPaid(learner)).toBe(false);
    expect((await refundRows(learner.paymentId)).map((row) => row.amount).sort()).toEqual([2000, 2900]);

    const day = today();
    const sales = (await t.graphql(SALES, { from: day, to: day }, { cookie: admin.cookie })).body.data?.adminSales as {
      refunds: number;
    };
    expect(sales.refunds).toBeGreaterThanOrEqual(4900);
    const csv = (await t.graphql(CSV, { from: day, to: day }, { cookie: admin.cookie })).body.data
      ?.adminPaymentsCsv as string;
    const refundLines = csv
      .split('\r\n')
      .filter((line) => line.includes(learner.paymentId) && line.includes(',refund,'));
    expect(refundLines.map((line) => line.split(',')[5])).toEqual(['-20.00', '-29.00']);
    for (const line of refundLines) expect(line).toMatch(/,CN-\d{6}$/);
  });

  it('gives a refunded tax invoice a credit note of its own series, shown on the receipt', async () => {
    const learner = await paidLearner();
    await t.graphql(REFUND, { payment_id: learner.paymentId, reason: REASON }, { cookie: admin.cookie });
    const receipts = (await t.graphql(RECEIPTS, {}, { cookie: learner.cookie })).body.data?.account as {
      receipts: { number: string }[];
    };
    const receipt = (await t.graphql(RECEIPT, { n: receipts.receipts[0]!.number }, { cookie: learner.cookie })).body
      .data?.receipt as { refunded_at: string; refunds: { amount: number; credit_note: string }[] };
    expect(receipt.refunded_at).not.toBeNull();
    expect(receipt.refunds).toEqual([{ amount: 4900, credit_note: expect.stringMatching(/^CN-\d{6}$/) }]);
    expect(receipt.refunds[0]!.credit_note).not.toBe(receipts.receipts[0]!.number);
  });
});
