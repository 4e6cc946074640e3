import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnCertificate, payThroughCheckout, signUp, signUpAdmin, type Learner } from '../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { SimulatedGateway } from '../billing/simulated-gateway';

const FIND = `query Find($query: String!) { adminFindLearners(query: $query) { id email full_name phone paid role deleted created_at } }`;
const LEARNER = `query Learner($id: ID!) { adminLearner(id: $id) {
  summary { id email full_name phone paid role deleted created_at }
  orders { order_id status amount currency gateway created_at updated_at }
  payments { payment_id order_id status amount currency method captured_at refunded_at receipt_number }
  duplicate_payments { payment_id order_id amount status refund_id captured_at }
  progress { module_id title completed_lessons total_lessons completed_at }
  certificates { certificate_id title holder_name completed_at revoked_at revoked_reason }
  emails { kind subject status attempts created_at sent_at last_error }
  sessions { created_at last_seen_at expires_at }
  audit { at actor_email action target reason details }
} }`;

interface Summary {
  id: string;
  email: string;
  paid: boolean;
  deleted: boolean;
}

let t: TestApp;
let admin: Learner;
let buyer: Learner & { orderId: string; paymentId: string; certificateId: string; receiptNumber: string };
let deleted: Learner & { orderId: string; paymentId: string };

beforeAll(async () => {
  t = await createTestApp();
  (t.services.gateway as SimulatedGateway).deliver = async () => {};
  admin = await signUpAdmin(t);

  const learner = await signUp(t, { prefix: 'search.buyer', fullName: 'Ishaan Verma', phone: '9123456780' });
  const paid = await payThroughCheckout(t, learner);
  const certificateId = await earnCertificate(t, learner);
  const payment = await t.services.db
    .selectFrom('payment')
    .select('receipt_number')
    .where('payment_id', '=', paid.paymentId)
    .executeTakeFirstOrThrow();
  buyer = {
    ...learner,
    ...paid,
    certificateId,
    receiptNumber: `EHC-${String(payment.receipt_number).padStart(6, '0')}`,
  };
  await t.services.db
    .insertInto('duplicate_payment')
    .values({
      payment_id: 'pay_SearchDupl0001',
      order_id: buyer.orderId,
      user_ref: buyer.userRef,
      amount: 4900,
      currency: 'INR',
      status: 'refunded',
      refund_id: 'rfnd_SearchDupl001',
      attempts: 1,
      captured_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();

  // A learner who paid, then deleted their account: only ids still lead to the kept payment records.
  const leaving = await signUp(t, { prefix: 'leaving', phone: '9000000001' });
  const leavingPaid = await payThroughCheckout(t, leaving);
  const gone = await t.graphql(
    `mutation DeleteAccount($password: String!, $confirmation: String!) { deleteAccount(password: $password, confirmation: $confirmation) }`,
    { password: 'secret12', confirmation: 'DELETE' },
    { cookie: leaving.cookie },
  );
  expect(gone.body.errors).toBeUndefined();
  deleted = { ...leaving, ...leavingPaid };
});
afterAll(async () => {
  await t.close();
});

async function find(query: string): Promise<Summary[]> {
  const result = await t.graphql(FIND, { query }, { cookie: admin.cookie });
  expect(result.body.errors).toBeUndefined();
  return result.body.data?.adminFindLearners as Summary[];
}

const ids = (found: Summary[]) => found.map((s) => s.id);

describe('adminFindLearners', () => {
  it('finds by part of the email, in any case', async () => {
    const found = await find('SEARCH.buyer');
    expect(ids(found)).toEqual([buyer.userRef]);
    expect(found[0]).toMatchObject({ email: buyer.email, paid: true, deleted: false });
  });

  it('finds by phone number, written as sign-up stores it or with the country code', async () => {
    expect(ids(await find('9123456780'))).toEqual([buyer.userRef]);
    expect(ids(await find('+91 91234 56780'))).toEqual([buyer.userRef]);
    expect(await find('912345678')).toEqual([]);
  });

  it('finds by part of a name in any case, and by the last digits of a phone, listing every match', async () => {
    const first = await signUp(t, { prefix: 'named', fullName: 'Ishaan Varadarajan', phone: '9988776655' });
    const second = await signUp(t, { prefix: 'named', fullName: 'Meera Varadarajan', phone: '8877665544' });
    expect(ids(await find('varadaraj')).sort()).toEqual([first.userRef, second.userRef].sort());
    expect(ids(await find('ISHAAN VARA'))).toEqual([first.userRef]);
    expect(ids(await find('6655'))).toEqual([first.userRef]);
    expect(ids(await find('76655'))).toEqual([first.userRef]);
  });

  it.each([
    ['order id', () => buyer.orderId],
    ['payment id', () => buyer.paymentId],
    ['duplicate payment id', () => 'pay_SearchDupl0001'],
    ['certificate id', () => buyer.certificateId],
    ['certificate id in lower case', () => buyer.certificateId.toLowerCase()],
    ['receipt number', () => buyer.receiptNumber],
    ['account id', () => buyer.userRef],
  ])('finds by %s', async (_kind, key) => {
    expect(ids(await find(key()))).toEqual([buyer.userRef]);
  });

  it('finds a deleted account by its ids only, never by email, phone or its placeholder address', async () => {
    expect(await find(deleted.email)).toEqual([]);
    expect(await find('9000000001')).toEqual([]);
    expect(await find('deleted')).toEqual([]);
    const found = await find(deleted.paymentId);
    expect(found).toMatchObject([{ id: deleted.userRef, deleted: true, paid: false, full_name: '', phone: '' }]);
    expect(ids(await find(deleted.orderId))).toEqual([deleted.userRef]);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect(await find('%')).toEqual([]);
    expect(await find('_')).toEqual([]);
  });

  it('answers at most 20 learners, newest first', async () => {
    const many: Learner[] = [];
    for (let i = 0; i < 22; i += 1) many.push(await signUp(t, { prefix: 'crowd' }));
    const found = await find('crowd.');
    expect(found).toHaveLength(20);
    expect(new Set(ids(found)).size).toBe(20);
    const created = found.map((s) => (s as unknown as { created_at: string }).created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('answers nothing for an empty query', async () => {
    expect(await find('   ')).toEqual([]);
  });
});

describe('adminLearner', () => {
  it('shows the whole learner: account, orders, payments, progress, certificates, emails, sessions, audit', async () => {
    const signOut = await t.graphql(
      `mutation Sign($user_id: ID!, $reason: String!) { adminSignOutEverywhere(user_id: $user_id, reason: $reason) { summary { id } } }`,
      { user_id: buyer.userRef, reason: 'Suspicious logins reported' },
      { cookie: admin.cookie },
    );
    expect(signOut.body.errors).toBeUndefined();
    const login = await t.graphql(
      `mutation LoginUser($email: String!, $password: String!) { loginUser(email: $email, password: $password) { user_id } }`,
      { email: buyer.email, password: 'secret12' },
    );
    expect(login.body.errors).toBeUndefined();

    const result = await t.graphql(LEARNER, { id: buyer.userRef }, { cookie: admin.cookie });
    expect(result.body.errors).toBeUndefined();
    const page = result.body.data?.adminLearner as {
      summary: Record<string, unknown>;
      audit: { details: string }[];
    } & Record<string, unknown[]>;
    expect(page.summary).toMatchObject({
      id: buyer.userRef,
      email: buyer.email,
      full_name: 'Ishaan Verma',
      phone: '9123456780',
      paid: true,
      role: 'learner',
      deleted: false,
    });
    expect(page.orders).toMatchObject([
      { order_id: buyer.orderId, status: 'paid', amount: 4900, currency: 'INR', gateway: 'simulated' },
    ]);
    expect(page.payments).toMatchObject([
      {
        payment_id: buyer.paymentId,
        order_id: buyer.orderId,
        status: 'captured',
        amount: 4900,
        currency: 'INR',
        method: 'simulated',
        refunded_at: null,
        receipt_number: buyer.receiptNumber,
      },
    ]);
    expect(page.duplicate_payments).toMatchObject([
      { payment_id: 'pay_SearchDupl0001', order_id: buyer.orderId, amount: 4900, status: 'refunded' },
    ]);
    expect(page.progress).toHaveLength(7);
    expect(page.progress).toContainEqual({
      module_id: 'cryptography',
      title: expect.any(String),
      completed_lessons: 2,
      total_lessons: 2,
      completed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(page.progress).toContainEqual(
      expect.objectContaining({
        module_id: 'web-application',
        completed_lessons: 0,
        total_lessons: 3,
        completed_at: null,
      }),
    );
    expect(page.certificates).toMatchObject([
      { certificate_id: buyer.certificateId, title: 'Cryptography & Encryption', holder_name: 'Ishaan Verma' },
    ]);
    expect((page.emails as { kind: string }[]).map((e) => e.kind).sort()).toEqual([
      'certificate_issued',
      'receipt',
      'welcome',
    ]);
    expect(page.emails).toContainEqual(expect.objectContaining({ kind: 'receipt', status: 'pending', attempts: 0 }));
    expect(page.sessions).toHaveLength(1);
    expect(page.audit).toMatchObject([
      {
        actor_email: admin.email,
        action: 'sign_out_everywhere',
        target: null,
        reason: 'Suspicious logins reported',
      },
    ]);
    expect(JSON.parse(page.audit[0]!.details)).toEqual({
      before: { sessions: 1 },
      after: { sessions: 0 },
    });
  });

  it('is null for an id no account has', async () => {
    const result = await t.graphql(LEARNER, { id: 'no-such-account' }, { cookie: admin.cookie });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.adminLearner).toBeNull();
  });
});
