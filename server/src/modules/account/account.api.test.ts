import Database from 'better-sqlite3';
import pg from 'pg';
import { ACCOUNT_MESSAGES, MESSAGES, VALIDATION_MESSAGES } from '@ehc/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/server-process';
import { captureSilently } from '../../test/simulated-gateway-control';
import { createTestApp, makePaid, uniqueEmail, type TestApp } from '../../test/test-app';
import { hashSessionToken } from '../auth/session-token';
import { defaultSettings, saveBusinessSettings } from '../settings/business-settings';
import { issueResetLink } from './password-reset';

const SIGNUP = `mutation SignupUser($input: SignupInput!) { signupUser(input: $input) { user_id } }`;
const LOGIN = `mutation LoginUser($email: String!, $password: String!) { loginUser(email: $email, password: $password) { user_id } }`;
const ME = `query GetSessionUser { me { user_id full_name phone } }`;
const REQUEST_RESET = `mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }`;
const RESET = `mutation ResetPassword($token: String!, $password: String!, $confirm: String!) {
  resetPassword(token: $token, password: $password, confirm_password: $confirm) { user_id } }`;
const UPDATE_PROFILE = `mutation UpdateProfile($name: String!, $phone: String!) { updateProfile(full_name: $name, phone: $phone) { full_name phone } }`;
const CHANGE_PASSWORD = `mutation ChangePassword($current: String!, $password: String!, $confirm: String!) {
  changePassword(current_password: $current, password: $password, confirm_password: $confirm) }`;
const LOGOUT_OTHERS = `mutation LogoutOtherSessions { logoutOtherSessions }`;
const DELETE = `mutation DeleteAccount($password: String!, $confirmation: String!) { deleteAccount(password: $password, confirmation: $confirmation) }`;
const ACCOUNT = `query Account { account { user { user_id } receipts { number amount currency payment_id method item tax_line refunded_at seller { legal_name } buyer { name email } } sessions { current } } }`;
const RECEIPT = `query Receipt($number: String!) { receipt(number: $number) { number amount } }`;
const MY_DATA = `query MyData { myData }`;
const COMPLETE = `mutation UpdateUserProgress($module: String!, $number: Int!) { markLessonComplete(module_id: $module, number: $number) { completed } }`;
const VERIFY_CERTIFICATE = `query VerifyCertificate($id: String!) { verifyCertificate(certificate_id: $id) { holder_name revoked_at } }`;
const CREATE_ORDER = `mutation CreatePaymentOrder { createPaymentOrder { order_id } }`;
const STATUS = `query GetUserPaymentStatus { paymentStatus { payment_status } }`;

const PASSWORD = 'first-password';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_MAX_FAILURES_PER_IP: '10000' });
});
afterAll(async () => {
  await t.close();
});

const codeOf = (r: { body: { errors?: { extensions?: { code?: string } }[] } }) => r.body.errors?.[0]?.extensions?.code;
const messageOf = (r: { body: { errors?: { message: string }[] } }) => r.body.errors?.[0]?.message;

async function learner(prefix = 'account') {
  const email = uniqueEmail(prefix);
  const input = {
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
    full_name: 'Nisha Verma',
    phone: '9876543210',
  };
  const result = await t.graphql(SIGNUP, { input });
  expect(result.body.errors).toBeUndefined();
  const { id } = await t.services.db
    .selectFrom('app_user')
    .select('id')
    .where('user_id', '=', email)
    .executeTakeFirstOrThrow();
  return { email, cookie: result.sessionCookie!, userRef: id };
}

async function signIn(email: string, password = PASSWORD) {
  return t.graphql(LOGIN, { email, password });
}

/**
 * Another connection that holds writes to the outbox until released: on SQLite a write
 * transaction (the server's insert waits on its busy timeout), on PostgreSQL a table lock.
 */
async function holdOutboxWrites(url: string): Promise<() => Promise<void>> {
  if (url.startsWith('sqlite:')) {
    const other = new Database(url.slice('sqlite:'.length));
    other.exec('begin immediate');
    return async () => {
      other.exec('rollback');
      other.close();
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query('lock table mail_outbox in exclusive mode');
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}

const mailFor = (userRef: string, kind: string) =>
  t.services.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('user_ref', '=', userRef)
    .where('kind', '=', kind)
    .execute();

/** What the mail job does when the reset email goes out: make the link. */
async function resetLinkFor(userRef: string): Promise<string> {
  const url = await issueResetLink(t.services.db, t.services.env.appOrigin, userRef);
  return new URL(url).searchParams.get('token')!;
}

describe('emails queued with the events they report', () => {
  it('queues a welcome email at sign-up', async () => {
    const { email, userRef } = await learner();
    expect(await mailFor(userRef, 'welcome')).toMatchObject([{ to_address: email, status: 'pending' }]);
  });

  it('queues a receipt with the payment, and a certificate email with the certificate', async () => {
    const { cookie, userRef } = await learner();
    const order = await t.graphql(CREATE_ORDER, {}, { cookie });
    await captureSilently(t.services.db, (order.body.data?.createPaymentOrder as { order_id: string }).order_id);
    await t.graphql(STATUS, {}, { cookie });
    const [receipt] = await mailFor(userRef, 'receipt');
    expect(JSON.parse(receipt!.data)).toMatchObject({
      amountPaise: 4900,
      receiptNumber: expect.stringMatching(/^EHC-\d{6}$/),
    });

    for (const number of [1, 2]) await t.graphql(COMPLETE, { module: 'cryptography', number }, { cookie });
    await t.graphql('mutation { openLabWriteup(lab_id: "web-sqli-login-bypass") { id } }', {}, { cookie });
    const [certificate] = await mailFor(userRef, 'certificate_issued');
    expect(JSON.parse(certificate!.data)).toMatchObject({
      title: 'Cryptography & Encryption',
      verifyUrl: expect.stringMatching(/^http:\/\/localhost:3000\/verify\/EHC-CRYPTOGRAPHY-/),
      fullCourse: false,
    });
  });
});

describe('password reset', () => {
  it('answers the same for an unknown and a known email, and emails only the account', async () => {
    const { email, userRef } = await learner();
    const known = await t.graphql(REQUEST_RESET, { email: email.toUpperCase() });
    const unknown = await t.graphql(REQUEST_RESET, { email: uniqueEmail('nobody') });
    expect(known.body).toEqual({ data: { requestPasswordReset: true } });
    expect(unknown.body).toEqual(known.body);
    // Queued once the answer has gone out, so both answers took the same work.
    const [mail] = await waitFor('the reset email in the outbox', async () => {
      const rows = await mailFor(userRef, 'password_reset');
      return rows.length > 0 ? rows : undefined;
    });
    // The link is made when the email goes out: the queue never holds a usable token.
    expect(JSON.parse(mail!.data)).toMatchObject({ resetUrl: '', validMinutes: 30 });
  });

  it('answers before the email is queued: a blocked outbox does not hold the answer back', async () => {
    const { email, userRef } = await learner();
    const release = await holdOutboxWrites(t.database.url);
    try {
      const answer = await t.graphql(REQUEST_RESET, { email });
      expect(answer.body).toEqual({ data: { requestPasswordReset: true } });
    } finally {
      await release();
    }
    await waitFor('the reset email in the outbox', async () =>
      (await mailFor(userRef, 'password_reset')).length > 0 ? true : undefined,
    );
  });

  it('refuses a badly formed email with the sign-up message', async () => {
    expect(messageOf(await t.graphql(REQUEST_RESET, { email: 'not-an-email' }))).toBe(VALIDATION_MESSAGES.email);
  });

  it('is throttled per email', async () => {
    const { email } = await learner();
    for (let i = 0; i < 5; i += 1) expect(codeOf(await t.graphql(REQUEST_RESET, { email }))).toBeUndefined();
    expect(codeOf(await t.graphql(REQUEST_RESET, { email }))).toBe('RATE_LIMITED');
  });

  it('stores only the SHA-256 of a link that works once, signs everyone out and signs this browser in', async () => {
    const { email, userRef, cookie } = await learner();
    const token = await resetLinkFor(userRef);
    const [row] = await t.services.db
      .selectFrom('password_reset')
      .selectAll()
      .where('user_ref', '=', userRef)
      .execute();
    expect(row!.token_hash).toBe(hashSessionToken(token));
    expect(row!.expires_at - row!.created_at).toBe(30 * 60_000);

    const reset = await t.graphql(RESET, { token, password: 'second-password', confirm: 'second-password' });
    expect(reset.body.data?.resetPassword).toEqual({ user_id: email });
    expect(reset.sessionCookie).toBeDefined();
    expect((await t.graphql(ME, {}, { cookie })).body.data?.me).toBeNull();
    expect((await t.graphql(ME, {}, { cookie: reset.sessionCookie! })).body.data?.me).toMatchObject({ user_id: email });
    expect(codeOf(await signIn(email))).toBe('INVALID_CREDENTIALS');
    expect(codeOf(await signIn(email, 'second-password'))).toBeUndefined();
    expect(await mailFor(userRef, 'password_changed')).toHaveLength(1);

    const again = await t.graphql(RESET, { token, password: 'third-password', confirm: 'third-password' });
    expect(again.body.errors?.[0]).toMatchObject({
      message: ACCOUNT_MESSAGES.resetLinkInvalid,
      extensions: { code: 'RESET_LINK_INVALID' },
    });
  });

  it('refuses an expired link, and an older link once a newer one was sent', async () => {
    const { userRef } = await learner();
    const older = await resetLinkFor(userRef);
    const newer = await resetLinkFor(userRef);
    expect(codeOf(await t.graphql(RESET, { token: older, password: 'abcdef', confirm: 'abcdef' }))).toBe(
      'RESET_LINK_INVALID',
    );
    await t.services.db
      .updateTable('password_reset')
      .set({ expires_at: Date.now() - 1 })
      .where('user_ref', '=', userRef)
      .execute();
    expect(codeOf(await t.graphql(RESET, { token: newer, password: 'abcdef', confirm: 'abcdef' }))).toBe(
      'RESET_LINK_INVALID',
    );
  });

  it('applies the sign-up password rules and changes nothing when they fail', async () => {
    const { email, userRef } = await learner();
    const token = await resetLinkFor(userRef);
    expect(messageOf(await t.graphql(RESET, { token, password: 'abc', confirm: 'abc' }))).toBe(
      VALIDATION_MESSAGES.passwordTooShort,
    );
    expect(messageOf(await t.graphql(RESET, { token, password: 'abcdef', confirm: 'abcdeg' }))).toBe(
      VALIDATION_MESSAGES.passwordMismatch,
    );
    expect(codeOf(await signIn(email))).toBeUndefined();
    // The link is still good after a mistyped form.
    expect(codeOf(await t.graphql(RESET, { token, password: 'abcdef', confirm: 'abcdef' }))).toBeUndefined();
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const { userRef } = await learner();
    const token = await resetLinkFor(userRef);
    const answers = await Promise.all(
      ['one-password', 'two-password'].map((password) => t.graphql(RESET, { token, password, confirm: password })),
    );
    expect(answers.map(codeOf).sort()).toEqual(['RESET_LINK_INVALID', undefined]);
  });
});

describe('profile and password', () => {
  it('changes the name and phone under the sign-up rules; certificates keep the name they were issued with', async () => {
    const { email, cookie, userRef } = await learner();
    await makePaid(t.services, email);
    for (const number of [1, 2]) await t.graphql(COMPLETE, { module: 'cryptography', number }, { cookie });

    expect(messageOf(await t.graphql(UPDATE_PROFILE, { name: 'Nisha', phone: '12345' }, { cookie }))).toBe(
      VALIDATION_MESSAGES.phoneInvalid,
    );
    expect(messageOf(await t.graphql(UPDATE_PROFILE, { name: '  ', phone: '9876543210' }, { cookie }))).toBe(
      VALIDATION_MESSAGES.fullNameRequired,
    );
    const saved = await t.graphql(UPDATE_PROFILE, { name: ' Nisha V. Rao ', phone: '9123456780' }, { cookie });
    expect(saved.body.data?.updateProfile).toEqual({ full_name: 'Nisha V. Rao', phone: '9123456780' });

    for (const number of [1, 2]) await t.graphql(COMPLETE, { module: 'wifi-hacking', number }, { cookie });
    const names = await t.services.db
      .selectFrom('certificate')
      .select(['scope', 'holder_name'])
      .where('user_ref', '=', userRef)
      .orderBy('scope')
      .execute();
    expect(names).toEqual([
      { scope: 'cryptography', holder_name: 'Nisha Verma' },
      { scope: 'wifi-hacking', holder_name: 'Nisha V. Rao' },
    ]);
  });

  it('needs the current password to change it, and then signs out the other devices only', async () => {
    const { email, cookie, userRef } = await learner();
    const other = (await signIn(email)).sessionCookie!;
    const wrong = await t.graphql(
      CHANGE_PASSWORD,
      { current: 'nope-nope', password: 'new-secret', confirm: 'new-secret' },
      { cookie },
    );
    expect(wrong.body.errors?.[0]).toMatchObject({
      message: ACCOUNT_MESSAGES.currentPasswordWrong,
      extensions: { code: 'INVALID_CREDENTIALS' },
    });
    const changed = await t.graphql(
      CHANGE_PASSWORD,
      { current: PASSWORD, password: 'new-secret', confirm: 'new-secret' },
      { cookie },
    );
    expect(changed.body).toEqual({ data: { changePassword: true } });
    expect((await t.graphql(ME, {}, { cookie })).body.data?.me).toMatchObject({ user_id: email });
    expect((await t.graphql(ME, {}, { cookie: other })).body.data?.me).toBeNull();
    expect(codeOf(await signIn(email))).toBe('INVALID_CREDENTIALS');
    expect(codeOf(await signIn(email, 'new-secret'))).toBeUndefined();
    expect(await mailFor(userRef, 'password_changed')).toHaveLength(1);
  });

  it('counts wrong current passwords against the sign-in budget', async () => {
    const { cookie } = await learner();
    for (let i = 0; i < 10; i += 1) {
      await t.graphql(
        CHANGE_PASSWORD,
        { current: `guess-${i}`, password: 'new-secret', confirm: 'new-secret' },
        { cookie },
      );
    }
    const blocked = await t.graphql(
      CHANGE_PASSWORD,
      { current: PASSWORD, password: 'new-secret', confirm: 'new-secret' },
      { cookie },
    );
    expect(codeOf(blocked)).toBe('RATE_LIMITED');
  });

  it('signs out of every other device and lists the sessions', async () => {
    const { email, cookie } = await learner();
    const others = [(await signIn(email)).sessionCookie!, (await signIn(email)).sessionCookie!];
    const sessions = (await t.graphql(ACCOUNT, {}, { cookie })).body.data?.account as {
      sessions: { current: boolean }[];
    };
    expect(sessions.sessions.map((s) => s.current).sort()).toEqual([false, false, true]);
    expect((await t.graphql(LOGOUT_OTHERS, {}, { cookie })).body).toEqual({ data: { logoutOtherSessions: 2 } });
    for (const other of others) expect((await t.graphql(ME, {}, { cookie: other })).body.data?.me).toBeNull();
    expect((await t.graphql(ME, {}, { cookie })).body.data?.me).toMatchObject({ user_id: email });
  });

  it('needs a session for every account field', async () => {
    for (const query of [ACCOUNT, MY_DATA, LOGOUT_OTHERS])
      expect(codeOf(await t.graphql(query))).toBe('UNAUTHENTICATED');
  });
});

describe('receipts', () => {
  async function paidLearner() {
    const who = await learner('buyer');
    const order = await t.graphql(CREATE_ORDER, {}, { cookie: who.cookie });
    await captureSilently(t.services.db, (order.body.data?.createPaymentOrder as { order_id: string }).order_id);
    await t.graphql(STATUS, {}, { cookie: who.cookie });
    const account = (await t.graphql(ACCOUNT, {}, { cookie: who.cookie })).body.data?.account as {
      receipts: { number: string }[];
    };
    return { ...who, receipts: account.receipts };
  }

  it('numbers receipts one after another across learners and shows the seller, buyer and payment', async () => {
    const first = await paidLearner();
    const second = await paidLearner();
    const [a] = first.receipts;
    const [b] = second.receipts;
    expect(Number(b!.number.slice(4)) - Number(a!.number.slice(4))).toBe(1);
    expect(b).toMatchObject({
      number: expect.stringMatching(/^EHC-\d{6}$/),
      amount: 4900,
      currency: 'INR',
      payment_id: expect.stringMatching(/^pay_/),
      method: 'simulated',
      tax_line: 'GST not charged: supplier not registered under GST.',
      refunded_at: null,
      seller: { legal_name: t.services.env.seller.legalName },
      buyer: { name: 'Nisha Verma', email: second.email },
    });
  });

  it('is a tax invoice with the learner’s state as the place of supply once the seller has a GSTIN', async () => {
    const SET_STATE = `mutation S($name: String!, $phone: String!, $state: String) {
      updateProfile(full_name: $name, phone: $phone, state_code: $state) { state_code } }`;
    const INVOICE = `query R($number: String!) { receipt(number: $number) {
      tax_line tax_invoice { gstin place_of_supply place_from_learner sac rate_percent taxable cgst sgst igst } } }`;
    const before = await paidLearner();
    await saveBusinessSettings(t.services.db, { ...defaultSettings(t.services.env), gstin: '29ABCDE1234F1Z5' }, 'test');
    try {
      const who = await learner('buyer');
      const refused = await t.graphql(
        SET_STATE,
        { name: 'Nisha Verma', phone: '9876543210', state: '99' },
        { cookie: who.cookie },
      );
      expect(refused.body.errors?.[0]?.message).toBe(ACCOUNT_MESSAGES.unknownState);
      const saved = await t.graphql(
        SET_STATE,
        { name: 'Nisha Verma', phone: '9876543210', state: '27' },
        { cookie: who.cookie },
      );
      expect(saved.body.data?.updateProfile).toEqual({ state_code: '27' });
      const order = await t.graphql(CREATE_ORDER, {}, { cookie: who.cookie });
      await captureSilently(t.services.db, (order.body.data?.createPaymentOrder as { order_id: string }).order_id);
      await t.graphql(STATUS, {}, { cookie: who.cookie });
      const account = (await t.graphql(ACCOUNT, {}, { cookie: who.cookie })).body.data?.account as {
        receipts: { number: string }[];
      };
      const receipt = await t.graphql(INVOICE, { number: account.receipts[0]!.number }, { cookie: who.cookie });
      // Maharashtra is not the seller's Karnataka: IGST at 18%.
      expect(receipt.body.data?.receipt).toEqual({
        tax_line: 'GSTIN: 29ABCDE1234F1Z5. The price includes GST.',
        tax_invoice: {
          gstin: '29ABCDE1234F1Z5',
          place_of_supply: 'Maharashtra (27)',
          place_from_learner: true,
          sac: '999293',
          rate_percent: 18,
          taxable: 4153,
          cgst: 0,
          sgst: 0,
          igst: 747,
        },
      });
      // A state given later does not rewrite an invoice already issued.
      await t.graphql(SET_STATE, { name: 'Nisha Verma', phone: '9876543210', state: '29' }, { cookie: who.cookie });
      const again = await t.graphql(INVOICE, { number: account.receipts[0]!.number }, { cookie: who.cookie });
      expect(again.body.data?.receipt).toMatchObject({
        tax_invoice: { place_of_supply: 'Maharashtra (27)', igst: 747 },
      });
      // A sale made before the GSTIN was set stays a plain receipt.
      const earlier = await t.graphql(INVOICE, { number: before.receipts[0]!.number }, { cookie: before.cookie });
      expect(earlier.body.data?.receipt).toEqual({
        tax_line: 'GST not charged: supplier not registered under GST.',
        tax_invoice: null,
      });
    } finally {
      await t.services.db.deleteFrom('business_settings').execute();
    }
  });

  it('shows a learner their own receipt by number and nobody else’s', async () => {
    const owner = await paidLearner();
    const stranger = await learner();
    const number = owner.receipts[0]!.number;
    expect((await t.graphql(RECEIPT, { number }, { cookie: owner.cookie })).body.data?.receipt).toEqual({
      number,
      amount: 4900,
    });
    expect((await t.graphql(RECEIPT, { number }, { cookie: stranger.cookie })).body.data?.receipt).toBeNull();
    expect((await t.graphql(RECEIPT, { number: 'EHC-x' }, { cookie: owner.cookie })).body.data?.receipt).toBeNull();
  });
});

describe('my data', () => {
  it('hands the learner everything stored about them, without secrets', async () => {
    const { email, cookie } = await learner();
    await makePaid(t.services, email);
    await t.graphql(COMPLETE, { module: 'cryptography', number: 1 }, { cookie });
    await t.graphql('mutation { revealLabHint(lab_id: "web-sqli-login-bypass") { hint_count } }', {}, { cookie });
    const data = JSON.parse((await t.graphql(MY_DATA, {}, { cookie })).body.data?.myData as string);
    expect(data.labs).toEqual([
      expect.objectContaining({ lab_id: 'web-sqli-login-bypass', hints_shown: 1, solved_at: null }),
    ]);
    expect(data.shows_evidence_on_certificates).toBe(false);
    expect(data.account).toMatchObject({ email, full_name: 'Nisha Verma', phone: '9876543210' });
    expect(data.completed_lessons).toEqual([
      expect.objectContaining({ module_id: 'cryptography', completed_at: expect.any(String) }),
    ]);
    expect(data.sessions).toHaveLength(1);
    expect(data.emails).toContainEqual(expect.objectContaining({ kind: 'welcome' }));
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/argon2|token_hash|password_hash/);
  });
});

describe('deleting the account', () => {
  it('asks for the typed word and the password, and changes nothing otherwise', async () => {
    const { email, cookie } = await learner();
    expect(messageOf(await t.graphql(DELETE, { password: PASSWORD, confirmation: 'delete me' }, { cookie }))).toBe(
      ACCOUNT_MESSAGES.deleteConfirmationMismatch,
    );
    expect(codeOf(await t.graphql(DELETE, { password: 'wrong-one', confirmation: 'DELETE' }, { cookie }))).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await t.graphql(ME, {}, { cookie })).body.data?.me).toMatchObject({ user_id: email });
  });

  it('removes the person and their progress, keeps the payment records without them, and revokes certificates', async () => {
    const { email, cookie, userRef } = await learner();
    const order = await t.graphql(CREATE_ORDER, {}, { cookie });
    await captureSilently(t.services.db, (order.body.data?.createPaymentOrder as { order_id: string }).order_id);
    await t.graphql(STATUS, {}, { cookie });
    for (const number of [1, 2]) await t.graphql(COMPLETE, { module: 'cryptography', number }, { cookie });
    const [certificate] = await t.services.db
      .selectFrom('certificate')
      .selectAll()
      .where('user_ref', '=', userRef)
      .execute();

    const deleted = await t.graphql(DELETE, { password: PASSWORD, confirmation: 'DELETE' }, { cookie });
    expect(deleted.body).toEqual({ data: { deleteAccount: true } });
    expect(deleted.response.cookies.find((c) => c.name === '__Host-ehc_session')?.value).toBe('');
    expect((await t.graphql(ME, {}, { cookie })).body.data?.me).toBeNull();
    expect((await signIn(email)).body.errors?.[0]?.message).toBe(MESSAGES.invalidCredentials);

    const row = await t.services.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', userRef)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ full_name: '', phone: '', payment_status: 0, deleted_at: expect.any(Number) });
    expect(row.user_id).not.toContain(email.split('@')[0]);
    for (const table of [
      'lesson_progress',
      'lab_progress',
      'module_completion',
      'user_session',
      'password_reset',
    ] as const) {
      expect(await t.services.db.selectFrom(table).selectAll().where('user_ref', '=', userRef).execute()).toEqual([]);
    }
    const payments = await t.services.db.selectFrom('payment').selectAll().where('user_ref', '=', userRef).execute();
    expect(payments).toEqual([expect.objectContaining({ amount: 4900, receipt_number: expect.any(Number) })]);

    const verified = await t.graphql(VERIFY_CERTIFICATE, { id: certificate!.certificate_id });
    expect(verified.body.data?.verifyCertificate).toEqual({ holder_name: '', revoked_at: expect.any(String) });
    const goodbye = await t.services.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'account_deleted')
      .where('to_address', '=', email)
      .execute();
    expect(goodbye).toMatchObject([{ user_ref: null, status: 'pending' }]);
    // The address is free again.
    const input = { email, password: PASSWORD, confirm_password: PASSWORD, full_name: 'Nisha', phone: '9876543210' };
    expect(codeOf(await t.graphql(SIGNUP, { input }))).toBeUndefined();
  });
});
