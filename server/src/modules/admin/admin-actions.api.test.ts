import { PostgresAdapter, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  auditEntries,
  codeOf,
  earnCertificate,
  payThroughCheckout,
  signUp,
  signUpAdmin,
  snapshotDatabase,
  type Learner,
} from '../../test/admin-fixtures';
import { captureSilently } from '../../test/simulated-gateway-control';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { SimulatedGateway, SimulatedWebhook } from '../billing/simulated-gateway';

const PAGE = `fragment Page on AdminLearner {
  summary { id email paid deleted }
  payments { payment_id status receipt_number refunded_at }
  certificates { certificate_id holder_name revoked_at revoked_reason }
  sessions { created_at }
  audit { actor_email action target reason details }
}`;
const GRANT = `mutation Grant($user_id: ID!, $reason: String!) { adminGrantAccess(user_id: $user_id, reason: $reason) { ...Page } } ${PAGE}`;
const REVOKE = `mutation Revoke($user_id: ID!, $reason: String!) { adminRevokeAccess(user_id: $user_id, reason: $reason) { ...Page } } ${PAGE}`;
const REFUND = `mutation Refund($payment_id: String!, $reason: String!) { adminRefundPayment(payment_id: $payment_id, reason: $reason) { ...Page } } ${PAGE}`;
const RESEND = `mutation Resend($payment_id: String!, $reason: String!) { adminResendReceipt(payment_id: $payment_id, reason: $reason) { ...Page } } ${PAGE}`;
const REVOKE_CERTIFICATE = `mutation RevokeCertificate($certificate_id: String!, $reason: String!) { adminRevokeCertificate(certificate_id: $certificate_id, reason: $reason) { ...Page } } ${PAGE}`;
const REISSUE = `mutation Reissue($certificate_id: String!, $holder_name: String!, $reason: String!) { adminReissueCertificate(certificate_id: $certificate_id, holder_name: $holder_name, reason: $reason) { ...Page } } ${PAGE}`;
const SIGN_OUT = `mutation SignOut($user_id: ID!, $reason: String!) { adminSignOutEverywhere(user_id: $user_id, reason: $reason) { ...Page } } ${PAGE}`;
const CHECK = `mutation Check($user_id: ID!, $reason: String!) { adminCheckPayment(user_id: $user_id, reason: $reason) { ...Page } } ${PAGE}`;

const ME = `query GetSessionUser { me { payment_status } }`;
const MY_CERTIFICATES = `query GetCertificates { certificates { certificate_id holder_name } }`;
const VERIFY = `query VerifyCertificate($id: String!) { verifyCertificate(certificate_id: $id) { holder_name revoked_at } }`;

interface Page {
  summary: { id: string; email: string; paid: boolean; deleted: boolean };
  payments: { payment_id: string; status: string; receipt_number: string | null; refunded_at: string | null }[];
  certificates: {
    certificate_id: string;
    holder_name: string;
    revoked_at: string | null;
    revoked_reason: string | null;
  }[];
  sessions: { created_at: string }[];
  audit: { actor_email: string; action: string; target: string | null; reason: string; details: string }[];
}

let t: TestApp;
let gateway: SimulatedGateway;
let admin: Learner;
let webhooks: SimulatedWebhook[];

beforeAll(async () => {
  t = await createTestApp();
  gateway = t.services.gateway as SimulatedGateway;
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  // Webhooks are kept and posted by the test that wants them, so each case controls the order.
  webhooks = [];
  gateway.deliver = async (webhook) => {
    webhooks.push(webhook);
  };
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function asAdmin(query: string, variables: Record<string, unknown>) {
  return t.graphql(query, variables, { cookie: admin.cookie });
}

/** Runs an admin mutation that must succeed and returns the learner page it answers with. */
async function act(query: string, variables: Record<string, unknown>): Promise<Page> {
  const result = await asAdmin(query, variables);
  expect(result.body.errors).toBeUndefined();
  return Object.values(result.body.data!)[0] as Page;
}

async function isPaid(learner: Learner): Promise<boolean> {
  const result = await t.graphql(ME, {}, { cookie: learner.cookie });
  return (result.body.data?.me as { payment_status: boolean }).payment_status;
}

async function lastAudit(userRef: string) {
  const entries = await auditEntries(t, userRef);
  return entries.at(-1)!;
}

async function paidLearner(prefix = 'buyer') {
  const learner = await signUp(t, { prefix });
  const paid = await payThroughCheckout(t, learner);
  return { ...learner, ...paid };
}

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

async function mailsOf(userRef: string, kind: string) {
  return t.services.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('user_ref', '=', userRef)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .execute();
}

const REASON = 'Learner asked by email on 2 March';

describe('access', () => {
  it('grants complimentary access, once, with an audit entry naming the admin and the reason', async () => {
    const learner = await signUp(t);
    expect(await isPaid(learner)).toBe(false);

    const page = await act(GRANT, { user_id: learner.userRef, reason: `  ${REASON}  ` });
    expect(page.summary).toMatchObject({ id: learner.userRef, email: learner.email, paid: true });
    expect(await isPaid(learner)).toBe(true);
    expect(await auditEntries(t, learner.userRef)).toEqual([
      {
        actor_ref: admin.userRef,
        actor_email: admin.email,
        action: 'grant_access',
        target_user_ref: learner.userRef,
        target: null,
        reason: REASON,
        details: { before: { paid: false }, after: { paid: true }, complimentary: true },
      },
    ]);
    expect(page.audit).toMatchObject([{ action: 'grant_access', actor_email: admin.email, reason: REASON }]);

    const again = await asAdmin(GRANT, { user_id: learner.userRef, reason: REASON });
    expect(codeOf(again)).toBe('VALIDATION_FAILED');
    expect(await auditEntries(t, learner.userRef)).toHaveLength(1);
  });

  it('revokes access without refunding, listing the payments kept', async () => {
    const learner = await paidLearner();
    const page = await act(REVOKE, { user_id: learner.userRef, reason: REASON });
    expect(page.summary.paid).toBe(false);
    expect(await isPaid(learner)).toBe(false);
    expect(page.payments).toMatchObject([{ payment_id: learner.paymentId, status: 'captured' }]);
    expect(await lastAudit(learner.userRef)).toMatchObject({
      action: 'revoke_access',
      actor_ref: admin.userRef,
      reason: REASON,
      details: { before: { paid: true }, after: { paid: false }, captured_payments_not_refunded: [learner.paymentId] },
    });
  });

  it('answers NOT_FOUND for an account that does not exist', async () => {
    expect(codeOf(await asAdmin(GRANT, { user_id: 'no-such-account', reason: REASON }))).toBe('NOT_FOUND');
  });

  it('signs the learner out of every device', async () => {
    const learner = await signUp(t);
    const login = await t.graphql(
      `mutation LoginUser($email: String!, $password: String!) { loginUser(email: $email, password: $password) { user_id } }`,
      { email: learner.email, password: 'secret12' },
    );
    const second = login.sessionCookie!;
    const page = await act(SIGN_OUT, { user_id: learner.userRef, reason: REASON });
    expect(page.sessions).toEqual([]);
    for (const cookie of [learner.cookie, second]) {
      expect((await t.graphql(ME, {}, { cookie })).body.data?.me).toBeNull();
    }
    expect(await lastAudit(learner.userRef)).toMatchObject({
      action: 'sign_out_everywhere',
      details: { before: { sessions: 2 }, after: { sessions: 0 } },
    });
  });
});

describe('refunds through the simulated gateway', () => {
  it('refunds at the gateway, locks the course again, queues the refund email, and audits it', async () => {
    const learner = await paidLearner();
    const page = await act(REFUND, { payment_id: learner.paymentId, reason: REASON });

    expect(page.summary.paid).toBe(false);
    expect(page.payments).toMatchObject([{ payment_id: learner.paymentId, status: 'refunded' }]);
    expect(page.payments[0]!.refunded_at).not.toBeNull();
    expect(await isPaid(learner)).toBe(false);
    expect(await gateway.fetchPayment(learner.paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 4900 });
    const order = await t.services.db
      .selectFrom('payment_order')
      .select('status')
      .where('order_id', '=', learner.orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('refunded');
    const mails = await mailsOf(learner.userRef, 'refund_processed');
    expect(mails.map((m) => JSON.parse(m.data))).toEqual([
      { fullName: 'Kavya Menon', amountPaise: 4900, paymentId: learner.paymentId, accessRevoked: true },
    ]);
    const entry = await lastAudit(learner.userRef);
    expect(entry).toMatchObject({
      action: 'refund_payment',
      actor_ref: admin.userRef,
      target: learner.paymentId,
      reason: REASON,
      details: {
        before: { payment: 'captured', order: 'paid', paid: true },
        after: { payment: 'refunded', order: 'refunded', paid: false },
        refunded_now_paise: 4900,
        refunded_before_at_gateway_paise: 0,
        recorded: 'refunded_access_revoked',
      },
    });
    expect(entry.details.refund_id).toMatch(/^rfnd_/);

    // Razorpay's refund.processed webhook for it arrives afterwards: already recorded, no second email.
    const refundHooks = webhooks.filter((w) => JSON.parse(w.body).event === 'refund.processed');
    expect(refundHooks).toHaveLength(1);
    expect((await postWebhook(refundHooks[0]!)).statusCode).toBe(200);
    expect(await mailsOf(learner.userRef, 'refund_processed')).toHaveLength(1);
  });

  it('refunds nothing the second time, and says so in the audit log', async () => {
    const learner = await paidLearner();
    await act(REFUND, { payment_id: learner.paymentId, reason: REASON });
    const refunds = vi.spyOn(gateway, 'refundPayment');

    const page = await act(REFUND, { payment_id: learner.paymentId, reason: 'Clicked twice by mistake' });
    expect(refunds).not.toHaveBeenCalled();
    expect(page.summary.paid).toBe(false);
    expect(await gateway.fetchPayment(learner.paymentId)).toMatchObject({ amount_refunded: 4900 });
    expect(await mailsOf(learner.userRef, 'refund_processed')).toHaveLength(1);
    const entries = await auditEntries(t, learner.userRef);
    expect(entries.map((e) => e.action)).toEqual(['refund_payment', 'refund_payment']);
    expect(entries[1]!.details).toMatchObject({
      refunded_now_paise: 0,
      refund_id: null,
      refunded_before_at_gateway_paise: 4900,
      recorded: 'already_recorded',
      note: 'nothing refunded: the gateway had already refunded the whole payment',
    });
  });

  it('agrees with a refund.processed webhook that got there first: one email, one refund', async () => {
    const learner = await paidLearner();
    // The webhook is processed inside the gateway call, before the admin's transaction.
    gateway.deliver = async (webhook) => {
      expect((await postWebhook(webhook)).statusCode).toBe(200);
    };
    const page = await act(REFUND, { payment_id: learner.paymentId, reason: REASON });
    expect(page.summary.paid).toBe(false);
    expect(await mailsOf(learner.userRef, 'refund_processed')).toHaveLength(1);
    expect((await lastAudit(learner.userRef)).details).toMatchObject({
      refunded_now_paise: 4900,
      recorded: 'already_recorded',
      after: { payment: 'refunded', paid: false },
    });
  });

  it('records a refund made earlier in the dashboard whose webhook never arrived, without refunding again', async () => {
    const learner = await paidLearner();
    await gateway.refundPayment(learner.paymentId, 4900, { reason: 'dashboard' });
    webhooks = []; // lost
    const refunds = vi.spyOn(gateway, 'refundPayment');
    const page = await act(REFUND, { payment_id: learner.paymentId, reason: REASON });
    expect(refunds).not.toHaveBeenCalled();
    expect(page.summary.paid).toBe(false);
    expect((await mailsOf(learner.userRef, 'refund_processed')).map((m) => JSON.parse(m.data).amountPaise)).toEqual([
      4900,
    ]);
  });

  it('refuses an unknown payment and a duplicate payment (refunded automatically)', async () => {
    expect(codeOf(await asAdmin(REFUND, { payment_id: 'pay_NoSuchPayment0', reason: REASON }))).toBe('NOT_FOUND');
    const learner = await paidLearner();
    await t.services.db
      .insertInto('duplicate_payment')
      .values({
        payment_id: 'pay_DuplicateOne01',
        order_id: learner.orderId,
        user_ref: learner.userRef,
        amount: 4900,
        currency: 'INR',
        status: 'refunded',
        refund_id: 'rfnd_Dup0000000001',
        attempts: 1,
        captured_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    const refused = await asAdmin(REFUND, { payment_id: 'pay_DuplicateOne01', reason: REASON });
    expect(codeOf(refused)).toBe('VALIDATION_FAILED');
    expect(refused.body.errors![0]!.message).toMatch(/refunded automatically/);
  });

  it('answers GATEWAY_UNAVAILABLE and changes nothing when the gateway fails', async () => {
    const learner = await paidLearner();
    vi.spyOn(gateway, 'refundPayment').mockRejectedValueOnce(new Error('socket hang up'));
    const before = await snapshotDatabase(t);
    expect(codeOf(await asAdmin(REFUND, { payment_id: learner.paymentId, reason: REASON }))).toBe(
      'GATEWAY_UNAVAILABLE',
    );
    expect(await snapshotDatabase(t)).toEqual(before);
  });
});

describe('receipts', () => {
  it('queues the receipt email again with the same number and data', async () => {
    const learner = await paidLearner();
    const page = await act(RESEND, { payment_id: learner.paymentId, reason: REASON });
    const receipts = await mailsOf(learner.userRef, 'receipt');
    expect(receipts).toHaveLength(2);
    expect(JSON.parse(receipts[1]!.data)).toEqual(JSON.parse(receipts[0]!.data));
    expect(receipts[1]!.to_address).toBe(learner.email);
    expect(JSON.parse(receipts[1]!.data).receiptNumber).toBe(page.payments[0]!.receipt_number);
    expect(await lastAudit(learner.userRef)).toMatchObject({
      action: 'resend_receipt',
      target: learner.paymentId,
      details: {
        before: { receipt_emails: 1 },
        after: { receipt_emails: 2 },
        receipt_number: page.payments[0]!.receipt_number,
      },
    });
  });
});

describe('certificates', () => {
  async function image(learner: Learner, certificateId: string) {
    return t.app.inject({
      method: 'GET',
      url: `/certificates/${certificateId}.png`,
      headers: { cookie: learner.cookie },
    });
  }

  it('revokes: /verify says so, and the learner no longer lists or downloads it', async () => {
    const learner = await paidLearner('holder');
    const certificateId = await earnCertificate(t, learner);
    expect((await image(learner, certificateId)).statusCode).toBe(200);

    const page = await act(REVOKE_CERTIFICATE, { certificate_id: certificateId, reason: REASON });
    expect(page.certificates).toMatchObject([{ certificate_id: certificateId, revoked_reason: REASON }]);
    expect(page.certificates[0]!.revoked_at).not.toBeNull();
    expect((await t.graphql(MY_CERTIFICATES, {}, { cookie: learner.cookie })).body.data?.certificates).toEqual([]);
    expect((await image(learner, certificateId)).statusCode).toBe(404);
    const verified = await t.graphql(VERIFY, { id: certificateId });
    expect((verified.body.data?.verifyCertificate as { revoked_at: string | null }).revoked_at).not.toBeNull();
    const entry = await lastAudit(learner.userRef);
    expect(entry).toMatchObject({
      action: 'revoke_certificate',
      target: certificateId,
      details: { before: { revoked_at: null }, after: { revoked_reason: REASON } },
    });

    expect(codeOf(await asAdmin(REVOKE_CERTIFICATE, { certificate_id: certificateId, reason: REASON }))).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('reissues under the same id with the corrected name, redrawn, and lifts a revocation', async () => {
    const learner = await paidLearner('holder');
    const certificateId = await earnCertificate(t, learner);
    const firstImage = (await image(learner, certificateId)).rawPayload;
    await act(REVOKE_CERTIFICATE, { certificate_id: certificateId, reason: REASON });

    const page = await act(REISSUE, {
      certificate_id: certificateId,
      holder_name: '  Kavya Raghunath Menon ',
      reason: 'Learner corrected the spelling',
    });
    expect(page.certificates).toEqual([
      { certificate_id: certificateId, holder_name: 'Kavya Raghunath Menon', revoked_at: null, revoked_reason: null },
    ]);
    expect((await t.graphql(MY_CERTIFICATES, {}, { cookie: learner.cookie })).body.data?.certificates).toEqual([
      { certificate_id: certificateId, holder_name: 'Kavya Raghunath Menon' },
    ]);
    expect((await t.graphql(VERIFY, { id: certificateId })).body.data?.verifyCertificate).toEqual({
      holder_name: 'Kavya Raghunath Menon',
      revoked_at: null,
    });
    // The first drawing is cached under the old name; the new name is drawn afresh.
    const newImage = await image(learner, certificateId);
    expect(newImage.statusCode).toBe(200);
    expect(newImage.rawPayload.equals(firstImage)).toBe(false);
    expect(await lastAudit(learner.userRef)).toMatchObject({
      action: 'reissue_certificate',
      target: certificateId,
      reason: 'Learner corrected the spelling',
      details: {
        holder_name_changed: true,
        before: { revoked_reason: REASON },
        after: { revoked_at: null, revoked_reason: null },
      },
    });
    // The audit log outlives a deleted account: it never holds a learner's name.
    expect(JSON.stringify(await lastAudit(learner.userRef))).not.toMatch(/Kavya/);
  });

  it.each([
    ['empty', '   ', 'Please enter the holder name (1 to 100 characters).'],
    ['too long', 'A'.repeat(101), 'The holder name must be at most 100 characters long.'],
    ['with a line break', 'Kavya\nMenon', 'The holder name contains characters that are not allowed.'],
  ])('refuses a holder name that is %s, changing nothing', async (_case, holderName, message) => {
    const learner = await paidLearner('holder');
    const certificateId = await earnCertificate(t, learner);
    const before = await snapshotDatabase(t);
    const refused = await asAdmin(REISSUE, { certificate_id: certificateId, holder_name: holderName, reason: REASON });
    expect(codeOf(refused)).toBe('VALIDATION_FAILED');
    expect(refused.body.errors![0]!.message).toBe(message);
    expect(await snapshotDatabase(t)).toEqual(before);
  });
});

describe('checking payments with the gateway', () => {
  it("records a payment the learner's own checks could not find, beyond their budget, one call per waiting order", async () => {
    const learner = await signUp(t);
    const first = await createOrder(learner);
    await ageOrder(first, 16 * 60_000); // so the next checkout makes a second order
    const second = await createOrder(learner);
    await captureSilently(t.services.db, second);
    // The learner's status checks have used their budget for the minute.
    while (await t.services.billingLimits.reconcile.take(learner.userRef)) {
      // spend it
    }
    const asked = vi.spyOn(gateway, 'fetchOrderPayments');

    const page = await act(CHECK, { user_id: learner.userRef, reason: REASON });
    expect(page.summary.paid).toBe(true);
    expect(page.payments).toHaveLength(1);
    expect(asked.mock.calls.map(([orderId]) => orderId).sort()).toEqual([first, second].sort());
    expect(await mailsOf(learner.userRef, 'receipt')).toHaveLength(1);
    const entry = await lastAudit(learner.userRef);
    expect(entry).toMatchObject({
      action: 'check_payment',
      details: { before: { paid: false }, after: { paid: true } },
    });
    expect(entry.details.orders).toEqual(
      expect.arrayContaining([
        { order_id: first, result: 'no payment yet' },
        { order_id: second, result: `${page.payments[0]!.payment_id}: granted` },
      ]),
    );
  });

  it('asks nothing when no order is waiting, and audits that it looked', async () => {
    const learner = await paidLearner();
    const asked = vi.spyOn(gateway, 'fetchOrderPayments');
    const page = await act(CHECK, { user_id: learner.userRef, reason: REASON });
    expect(asked).not.toHaveBeenCalled();
    expect(page.summary.paid).toBe(true);
    expect((await lastAudit(learner.userRef)).details).toEqual({
      before: { paid: true },
      after: { paid: true },
      orders: [],
    });
  });
});

async function createOrder(learner: Learner): Promise<string> {
  const result = await t.graphql(`mutation CreatePaymentOrder { createPaymentOrder { order_id } }`, {}, learner);
  return (result.body.data!.createPaymentOrder as { order_id: string }).order_id;
}

async function ageOrder(orderId: string, ms: number): Promise<void> {
  await t.services.db
    .updateTable('payment_order')
    .set((eb) => ({ created_at: eb('created_at', '-', ms) }))
    .where('order_id', '=', orderId)
    .execute();
}

/** Every mutation, with arguments for one prepared learner. */
async function everyMutation() {
  const learner = await paidLearner('subject');
  const certificateId = await earnCertificate(t, learner);
  const unpaid = await signUp(t, { prefix: 'unpaid' });
  return {
    learner,
    mutations: [
      ['adminGrantAccess', GRANT, { user_id: unpaid.userRef }],
      ['adminRevokeAccess', REVOKE, { user_id: learner.userRef }],
      ['adminRefundPayment', REFUND, { payment_id: learner.paymentId }],
      ['adminResendReceipt', RESEND, { payment_id: learner.paymentId }],
      ['adminRevokeCertificate', REVOKE_CERTIFICATE, { certificate_id: certificateId }],
      ['adminReissueCertificate', REISSUE, { certificate_id: certificateId, holder_name: 'Another Name' }],
      ['adminSignOutEverywhere', SIGN_OUT, { user_id: learner.userRef }],
      ['adminCheckPayment', CHECK, { user_id: unpaid.userRef }],
    ] as const,
  };
}

describe('every action needs a reason', () => {
  it.each([
    ['empty', ''],
    ['too short once trimmed', '   ok   '],
    ['over 500 characters', 'x'.repeat(501)],
    ['five zero-width spaces', '\u200b\u200b\u200b\u200b\u200b'],
    ['punctuation and invisible joiners only', '..\u200d..\u2060.'],
  ])('refuses a reason that is %s, changing nothing', async (_case, reason) => {
    const { mutations } = await everyMutation();
    const before = await snapshotDatabase(t);
    for (const [name, query, args] of mutations) {
      const refused = await asAdmin(query, { ...args, reason });
      expect([name, codeOf(refused)]).toEqual([name, 'VALIDATION_FAILED']);
      expect(refused.body.errors![0]!.message).toBe(
        'Please give a reason (5 to 500 characters); it is kept in the audit log.',
      );
    }
    expect(await snapshotDatabase(t)).toEqual(before);
  });

  it('refuses a call without a reason at all', async () => {
    const { learner } = await everyMutation();
    const result = await asAdmin(
      `mutation Grant($user_id: ID!) { adminGrantAccess(user_id: $user_id) { summary { paid } } }`,
      { user_id: learner.userRef },
    );
    expect(codeOf(result)).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('the audit log', () => {
  const isPostgres = () => t.services.db.getExecutor().adapter instanceof PostgresAdapter;

  /** Makes the database refuse new audit entries, as a full disk or a broken trigger would. */
  async function refuseAuditEntries(): Promise<() => Promise<void>> {
    const db = t.services.db;
    if (isPostgres()) {
      await sql`create function refuse_audit_for_test() returns trigger language plpgsql as $$
        begin raise exception 'audit entries refused by the test'; end $$`.execute(db);
      await sql`create trigger refuse_audit_for_test before insert on audit_log
        for each row execute function refuse_audit_for_test()`.execute(db);
      return async () => {
        await sql`drop trigger refuse_audit_for_test on audit_log`.execute(db);
        await sql`drop function refuse_audit_for_test()`.execute(db);
      };
    }
    await sql`create trigger refuse_audit_for_test before insert on audit_log
      begin select raise(abort, 'audit entries refused by the test'); end`.execute(db);
    return async () => {
      await sql`drop trigger refuse_audit_for_test`.execute(db);
    };
  }

  it('is written in the transaction of the change: when it cannot be written, nothing changes', async () => {
    const { mutations } = await everyMutation();
    const silent = await signUp(t, { prefix: 'silent' });
    await captureSilently(t.services.db, await createOrder(silent));
    const all = [...mutations, ['adminCheckPayment (finds a payment)', CHECK, { user_id: silent.userRef }] as const];
    // Refunds call the gateway before the transaction, so they are checked on their own below.
    const local = all.filter(([name]) => name !== 'adminRefundPayment');
    const restore = await refuseAuditEntries();
    try {
      const before = await snapshotDatabase(t);
      for (const [name, query, args] of local) {
        const failed = await asAdmin(query, { ...args, reason: REASON });
        expect([name, codeOf(failed)]).toEqual([name, 'INTERNAL']);
      }
      expect(await snapshotDatabase(t)).toEqual(before);
    } finally {
      await restore();
    }
  });

  it('keeps a refund unrecorded when its entry cannot be written; the next call records what the gateway did', async () => {
    const learner = await paidLearner();
    const restore = await refuseAuditEntries();
    try {
      expect(codeOf(await asAdmin(REFUND, { payment_id: learner.paymentId, reason: REASON }))).toBe('INTERNAL');
      expect(await isPaid(learner)).toBe(true);
      expect(await mailsOf(learner.userRef, 'refund_processed')).toEqual([]);
    } finally {
      await restore();
    }
    const refunds = vi.spyOn(gateway, 'refundPayment');
    const page = await act(REFUND, { payment_id: learner.paymentId, reason: REASON });
    expect(refunds).not.toHaveBeenCalled();
    expect(page.summary.paid).toBe(false);
    expect((await lastAudit(learner.userRef)).details).toMatchObject({ recorded: 'refunded_access_revoked' });
  });

  it('refuses UPDATE and DELETE in the database itself', async () => {
    const learner = await signUp(t);
    await act(GRANT, { user_id: learner.userRef, reason: REASON });
    const before = await auditEntries(t, learner.userRef);
    await expect(
      t.services.db
        .updateTable('audit_log')
        .set({ reason: 'rewritten' })
        .where('target_user_ref', '=', learner.userRef)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.services.db.deleteFrom('audit_log').where('target_user_ref', '=', learner.userRef).execute(),
    ).rejects.toThrow(/append-only/);
    expect(await auditEntries(t, learner.userRef)).toEqual(before);
  });

  it('refuses the statements that go around row triggers: REPLACE on SQLite, TRUNCATE on PostgreSQL', async () => {
    const learner = await signUp(t);
    await act(GRANT, { user_id: learner.userRef, reason: REASON });
    const before = await auditEntries(t, learner.userRef);
    const [entry] = await t.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_user_ref', '=', learner.userRef)
      .execute();
    if (t.database.handle.kind === 'sqlite') {
      for (const verb of ['insert or replace into', 'replace into']) {
        await expect(
          sql`${sql.raw(verb)} audit_log (id, at, actor_ref, actor_email, action, target_user_ref, target, reason, details)
            values (${entry!.id}, ${entry!.at}, ${entry!.actor_ref}, ${entry!.actor_email}, ${entry!.action},
              ${entry!.target_user_ref}, ${entry!.target}, 'rewritten', '{}')`.execute(t.services.db),
        ).rejects.toThrow(/append-only/);
      }
    } else {
      await expect(sql`truncate audit_log`.execute(t.services.db)).rejects.toThrow(/append-only/);
    }
    expect(await auditEntries(t, learner.userRef)).toEqual(before);
  });
});
