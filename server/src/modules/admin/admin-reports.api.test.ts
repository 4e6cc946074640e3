import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, signUpAdmin, type Learner } from '../../test/admin-fixtures';
import { taxInvoiceFor, type TaxInvoice } from '../billing/tax-invoice';
import { createTestApp, type TestApp } from '../../test/test-app';

const SALES = `query Sales($from: String!, $to: String!) { adminSales(from: $from, to: $to) {
  from to signups paid_learners revenue refunds conversion_percent days { date signups paid revenue refunds } } }`;
const CSV = `query Csv($from: String!, $to: String!) { adminPaymentsCsv(from: $from, to: $to) }`;

let t: TestApp;
let admin: Learner;

const at = (iso: string) => Date.parse(iso);

/**
 * A learner and (optionally) their payment, written straight into the books at chosen
 * instants, so each lands on a known side of midnight in India (18:30 UTC).
 */
async function seed(learner: {
  createdAt: string;
  payment?: { capturedAt: string; amount: number; receipt: number; method: string; refundedAt?: string };
}): Promise<void> {
  const db = t.services.db;
  const id = randomUUID();
  await db
    .insertInto('app_user')
    .values({
      id,
      user_id: `report.${id}@example.com`,
      password_hash: '!seeded',
      full_name: 'Seeded Learner',
      phone: '9876543210',
      created_at: at(learner.createdAt),
    })
    .execute();
  const payment = learner.payment;
  if (!payment) return;
  const orderId = `order_${id.slice(0, 14)}`;
  await db
    .insertInto('payment_order')
    .values({
      order_id: orderId,
      user_ref: id,
      amount: payment.amount,
      currency: 'INR',
      receipt: `ehc_${id}`,
      status: payment.refundedAt ? 'refunded' : 'paid',
      gateway: 'razorpay',
      created_at: at(payment.capturedAt),
      updated_at: at(payment.capturedAt),
    })
    .execute();
  await db
    .insertInto('payment')
    .values({
      payment_id: `pay_Receipt${String(payment.receipt).padStart(6, '0')}`,
      order_id: orderId,
      user_ref: id,
      amount: payment.amount,
      currency: 'INR',
      status: payment.refundedAt ? 'refunded' : 'captured',
      captured_at: at(payment.capturedAt),
      refunded_at: payment.refundedAt ? at(payment.refundedAt) : null,
      receipt_number: payment.receipt,
      method: payment.method,
    })
    .execute();
  // A refund is its own record (billing/refunds.ts), as the gateway's refund would make it.
  if (payment.refundedAt) {
    await db
      .insertInto('payment_refund')
      .values({
        refund_id: `rfnd_${id.slice(0, 14)}`,
        payment_id: `pay_Receipt${String(payment.receipt).padStart(6, '0')}`,
        amount: payment.amount,
        refunded_at: at(payment.refundedAt),
        credit_note_number: null,
      })
      .execute();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  // IST midnight is 18:30 UTC the day before.
  // A: signed up a millisecond before 1 March IST; paid ₹99 on 2 March, refunded on 3 March.
  await seed({
    createdAt: '2025-02-28T18:29:59.999Z',
    payment: {
      capturedAt: '2025-03-02T12:00:00Z',
      amount: 9900,
      receipt: 3,
      method: '@SUM(A1:A2)',
      refundedAt: '2025-03-03T05:00:00Z',
    },
  });
  // B: signed up at 00:00 IST on 1 March, paid at 23:59 IST the same day.
  await seed({
    createdAt: '2025-02-28T18:30:00.000Z',
    payment: { capturedAt: '2025-03-01T18:29:00Z', amount: 4900, receipt: 1, method: 'upi' },
  });
  // C: signed up at 01:30 IST on 2 March (still 1 March in UTC), paid on 2 March, refunded after the range.
  await seed({
    createdAt: '2025-03-01T20:00:00Z',
    payment: {
      capturedAt: '2025-03-02T10:00:00Z',
      amount: 4900,
      receipt: 2,
      method: '=HYPERLINK("https://evil.example","click")',
      refundedAt: '2025-03-03T19:00:00Z',
    },
  });
  // D: signed up on 3 March, never paid.
  await seed({ createdAt: '2025-03-03T06:00:00Z' });
  // E: signed up at 23:59 IST on 3 March, paid at 00:01 IST on 4 March: after the range.
  await seed({
    createdAt: '2025-03-03T18:29:00Z',
    payment: { capturedAt: '2025-03-03T18:31:00Z', amount: 4900, receipt: 4, method: 'card' },
  });
});
afterAll(async () => {
  await t.close();
});

async function asAdmin(query: string, variables: Record<string, unknown>) {
  return t.graphql(query, variables, { cookie: admin.cookie });
}

describe('adminSales', () => {
  it('buckets sign-ups, sales and refunds by day in India time', async () => {
    const result = await asAdmin(SALES, { from: '2025-03-01', to: '2025-03-03' });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.adminSales).toEqual({
      from: '2025-03-01',
      to: '2025-03-03',
      signups: 4,
      paid_learners: 3,
      revenue: 19700,
      refunds: 9900,
      // B and C paid within the range; D did not pay, E paid only after it.
      conversion_percent: 50,
      days: [
        { date: '2025-03-01', signups: 1, paid: 1, revenue: 4900, refunds: 0 },
        { date: '2025-03-02', signups: 1, paid: 2, revenue: 14800, refunds: 0 },
        { date: '2025-03-03', signups: 2, paid: 0, revenue: 0, refunds: 9900 },
      ],
    });
  });

  it('gives the next day its own figures', async () => {
    const result = await asAdmin(SALES, { from: '2025-03-04', to: '2025-03-04' });
    expect(result.body.data?.adminSales).toMatchObject({
      signups: 0,
      paid_learners: 1,
      revenue: 4900,
      refunds: 4900,
      conversion_percent: 0,
      days: [{ date: '2025-03-04', signups: 0, paid: 1, revenue: 4900, refunds: 4900 }],
    });
  });

  it('accepts 366 days', async () => {
    const result = await asAdmin(SALES, { from: '2024-03-04', to: '2025-03-04' });
    expect(result.body.errors).toBeUndefined();
    expect((result.body.data?.adminSales as { days: unknown[] }).days).toHaveLength(366);
  });

  it.each([
    ['a range over 366 days', '2024-03-03', '2025-03-04', 'A report covers at most 366 days.'],
    ['"from" after "to"', '2025-03-04', '2025-03-03', '"from" must not be after "to".'],
    ['a day that does not exist', '2025-02-30', '2025-03-03', '"from" must be a day such as 2026-04-01.'],
    ['another format', '2025-03-01', '03/04/2025', '"to" must be a day such as 2026-04-01.'],
  ])('refuses %s', async (_case, from, to, message) => {
    for (const query of [SALES, CSV]) {
      const result = await asAdmin(query, { from, to });
      expect(codeOf(result)).toBe('VALIDATION_FAILED');
      expect(result.body.errors![0]!.message).toBe(message);
    }
  });
});

describe('adminPaymentsCsv', () => {
  const HEADER =
    'date,receipt_number,type,learner_state,place_of_supply,amount_inr,taxable_value_inr,cgst_inr,sgst_inr,igst_inr,payment_id,method,credit_note_number\r\n';

  async function csv(from: string, to: string): Promise<string> {
    const result = await asAdmin(CSV, { from, to });
    expect(result.body.errors).toBeUndefined();
    return result.body.data?.adminPaymentsCsv as string;
  }

  it('lists sales and refunds by IST day, quoted per RFC 4180, formulas defused, no GST without an invoice', async () => {
    expect(await csv('2025-03-01', '2025-03-03')).toBe(
      HEADER +
        '2025-03-01,EHC-000001,sale,unknown,,49.00,49.00,0.00,0.00,0.00,pay_Receipt000001,upi,\r\n' +
        `2025-03-02,EHC-000002,sale,unknown,,49.00,49.00,0.00,0.00,0.00,pay_Receipt000002,"'=HYPERLINK(""https://evil.example"",""click"")",\r\n` +
        "2025-03-02,EHC-000003,sale,unknown,,99.00,99.00,0.00,0.00,0.00,pay_Receipt000003,'@SUM(A1:A2),\r\n" +
        "2025-03-03,EHC-000003,refund,unknown,,-99.00,-99.00,0.00,0.00,0.00,pay_Receipt000003,'@SUM(A1:A2),\r\n",
    );
  });

  it('takes GST from each payment’s own invoice, not from today’s settings', async () => {
    const setInvoice = (paymentId: string, invoice: TaxInvoice | null) =>
      t.services.db
        .updateTable('payment')
        .set({ tax_invoice: invoice && JSON.stringify(invoice) })
        .where('payment_id', '=', paymentId)
        .execute();
    // Payment 1 from a learner in Karnataka (the seller's state), payment 3 from Maharashtra;
    // payment 2 predates registration. Today's settings have no GSTIN at all.
    await setInvoice('pay_Receipt000001', taxInvoiceFor(4900, '29ABCDE1234F1Z5', '29'));
    await setInvoice('pay_Receipt000003', taxInvoiceFor(9900, '29ABCDE1234F1Z5', '27'));
    await setInvoice('pay_Receipt000004', taxInvoiceFor(4900, '29ABCDE1234F1Z5', null));
    try {
      // 4900 × 100/118 → 41.53 + 3.73 + 3.74; 9900 × 100/118 → 83.90 + 15.10 IGST.
      expect(await csv('2025-03-01', '2025-03-04')).toBe(
        HEADER +
          '2025-03-01,EHC-000001,sale,Karnataka (29),Karnataka (29),49.00,41.53,3.73,3.74,0.00,pay_Receipt000001,upi,\r\n' +
          `2025-03-02,EHC-000002,sale,unknown,,49.00,49.00,0.00,0.00,0.00,pay_Receipt000002,"'=HYPERLINK(""https://evil.example"",""click"")",\r\n` +
          "2025-03-02,EHC-000003,sale,Maharashtra (27),Maharashtra (27),99.00,83.90,0.00,0.00,15.10,pay_Receipt000003,'@SUM(A1:A2),\r\n" +
          "2025-03-03,EHC-000003,refund,Maharashtra (27),Maharashtra (27),-99.00,-83.90,0.00,0.00,-15.10,pay_Receipt000003,'@SUM(A1:A2),\r\n" +
          '2025-03-04,EHC-000004,sale,unknown,Karnataka (29),49.00,41.53,3.73,3.74,0.00,pay_Receipt000004,card,\r\n' +
          `2025-03-04,EHC-000002,refund,unknown,,-49.00,-49.00,0.00,0.00,0.00,pay_Receipt000002,"'=HYPERLINK(""https://evil.example"",""click"")",\r\n`,
      );
    } finally {
      for (const id of ['pay_Receipt000001', 'pay_Receipt000003', 'pay_Receipt000004']) await setInvoice(id, null);
    }
  });

  it('is only the header for a range without payments', async () => {
    expect(await csv('2025-01-01', '2025-01-31')).toBe(HEADER);
  });
});
