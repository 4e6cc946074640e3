import { createHash } from 'node:crypto';
import { MESSAGES, VALIDATION_MESSAGES } from '@ehc/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';
import { findSessionUser } from './session-store';
import { passwordWorkDone } from './passwords';

const SIGNUP = `mutation SignupUser($input: SignupInput!) {
  signupUser(input: $input) { user_id full_name phone payment_status subscribed }
}`;
const LOGIN = `mutation LoginUser($email: String!, $password: String!) {
  loginUser(email: $email, password: $password) { user_id full_name payment_status }
}`;
const ME = `query GetSessionUser { me { user_id full_name phone payment_status } }`;
const LOGOUT = `mutation LogoutUser { logoutUser }`;

const PASSWORD = 'correct horse 42';

function signupInput(email: string, overrides: Record<string, string | null> = {}) {
  return {
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
    full_name: 'Asha Rao',
    phone: '9876543210',
    ...overrides,
  };
}

let t: TestApp;

beforeAll(async () => {
  // Every request here comes from one address; the per-IP budget has its own tests below.
  t = await createTestApp({ AUTH_MAX_FAILURES_PER_IP: '10000' });
});

afterAll(async () => {
  await t.close();
});

async function signUp(email = uniqueEmail()) {
  const result = await t.graphql(SIGNUP, { input: signupInput(email) });
  expect(result.body.errors).toBeUndefined();
  return { email, cookie: result.sessionCookie! };
}

describe('SignupUser', () => {
  it('creates the learner unpaid, signs them in, and stores an argon2id hash', async () => {
    const email = uniqueEmail('Asha');
    const result = await t.graphql(SIGNUP, { input: signupInput(`  ${email.toUpperCase()} `) });

    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.signupUser).toEqual({
      user_id: email.toLowerCase(),
      full_name: 'Asha Rao',
      phone: '9876543210',
      payment_status: false,
      subscribed: false,
    });
    const row = await t.services.db
      .selectFrom('app_user')
      .selectAll()
      .where('user_id', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    expect(row.payment_status).toBe(0);
    expect(row.created_at).toBeGreaterThan(Date.now() - 60_000);

    const me = await t.graphql(ME, {}, { cookie: result.sessionCookie });
    expect(me.body.data?.me).toMatchObject({ user_id: email.toLowerCase(), payment_status: false });
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const { email } = await signUp();
    const again = await t.graphql(SIGNUP, { input: signupInput(email.toUpperCase()) });
    expect(again.body.errors?.[0]).toMatchObject({ message: MESSAGES.userExists, extensions: { code: 'USER_EXISTS' } });
    expect(again.sessionCookie).toBeUndefined();
  });

  it('lets exactly one of two simultaneous sign-ups with one email succeed', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([
      t.graphql(SIGNUP, { input: signupInput(email) }),
      t.graphql(SIGNUP, { input: signupInput(email) }),
    ]);
    const codes = results.map((r) => r.body.errors?.[0]?.extensions?.code ?? 'OK').sort();
    expect(codes).toEqual(['OK', 'USER_EXISTS']);
    const rows = await t.services.db.selectFrom('app_user').select('id').where('user_id', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['email', { email: 'not-an-email' }, VALIDATION_MESSAGES.email],
    ['short password', { password: '12345', confirm_password: '12345' }, VALIDATION_MESSAGES.passwordTooShort],
    [
      'long password',
      { password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) },
      VALIDATION_MESSAGES.passwordTooLong,
    ],
    ['missing name', { full_name: null }, VALIDATION_MESSAGES.fullNameRequired],
    ['blank name', { full_name: '   ' }, VALIDATION_MESSAGES.fullNameRequired],
    ['huge name', { full_name: 'n'.repeat(50_000) }, VALIDATION_MESSAGES.fullNameTooLong],
    ['control character in name', { full_name: 'Asha\u0007' }, VALIDATION_MESSAGES.fullNameInvalid],
    ['missing phone', { phone: null }, VALIDATION_MESSAGES.phoneRequired],
    ['bad phone', { phone: '1234567890' }, VALIDATION_MESSAGES.phoneInvalid],
    ['mismatch', { confirm_password: 'something else' }, VALIDATION_MESSAGES.passwordMismatch],
    ['missing confirmation', { confirm_password: null }, VALIDATION_MESSAGES.passwordMismatch],
  ])('re-runs the form rules on the server: %s', async (_case, overrides, message) => {
    const email = uniqueEmail('rules');
    const result = await t.graphql(SIGNUP, { input: signupInput(email, overrides as Record<string, string | null>) });
    expect(result.status).toBe(200);
    expect(result.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'VALIDATION_FAILED' } });
    const rows = await t.services.db.selectFrom('app_user').select('id').where('user_id', '=', email).execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses a NUL or a broken surrogate in the name before the resolver runs', async () => {
    for (const fullName of ['Asha\u0000', 'Asha \uD83D']) {
      const email = uniqueEmail('nul');
      const result = await t.graphql(SIGNUP, { input: signupInput(email, { full_name: fullName }) });
      expect(result.status).toBe(400);
      // Refused by the input guard before GraphQL runs: the plain routes' error shape.
      expect(result.body.errors).toEqual([
        {
          message: VALIDATION_MESSAGES.forbiddenCharacters,
          extensions: { code: 'VALIDATION_FAILED', requestId: expect.any(String) },
        },
      ]);
      const rows = await t.services.db.selectFrom('app_user').select('id').where('user_id', '=', email).execute();
      expect(rows).toHaveLength(0);
    }
  });

  it('stores names with quotes, markup and non-Latin scripts as given', async () => {
    const email = uniqueEmail('names');
    const name = `<script>alert("x")</script> O'Brien अनन्या 😀`;
    const result = await t.graphql(SIGNUP, { input: signupInput(email, { full_name: name }) });
    expect(result.body.data?.signupUser).toMatchObject({ full_name: name });
  });
});

describe('LoginUser', () => {
  it('signs in with the right password and sets a fresh session cookie each time', async () => {
    const { email, cookie: signupCookie } = await signUp();
    const first = await t.graphql(LOGIN, { email: ` ${email.toUpperCase()}`, password: PASSWORD });
    const second = await t.graphql(LOGIN, { email, password: PASSWORD });

    expect(first.body.data?.loginUser).toMatchObject({ user_id: email });
    expect(first.sessionCookie).toBeDefined();
    expect(second.sessionCookie).toBeDefined();
    expect(new Set([signupCookie, first.sessionCookie, second.sessionCookie]).size).toBe(3);
  });

  it('sets the cookie HttpOnly, Secure, SameSite=Lax, Path=/, host-only, with a Max-Age', async () => {
    const { email } = await signUp();
    const result = await t.graphql(LOGIN, { email, password: PASSWORD });
    const header = String(result.response.headers['set-cookie']);
    expect(header).toMatch(/^__Host-ehc_session=[A-Za-z0-9_-]{43};/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).toMatch(/; Max-Age=\d+/);
    expect(header).not.toMatch(/Domain=/i);
  });

  it('keeps only the SHA-256 of the token in the database', async () => {
    const { email } = await signUp();
    const { sessionCookie } = await t.graphql(LOGIN, { email, password: PASSWORD });
    const token = sessionCookie!.split('=')[1]!;
    const digest = createHash('sha256').update(token).digest('hex');
    const rows = await t.services.db.selectFrom('user_session').selectAll().execute();
    expect(rows.some((row) => row.token_hash === digest)).toBe(true);
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
  });

  it('answers a wrong password and an unknown email with the same message', async () => {
    const { email } = await signUp();
    const wrong = await t.graphql(LOGIN, { email, password: 'not the password' });
    const unknown = await t.graphql(LOGIN, { email: uniqueEmail('nobody'), password: 'not the password' });
    for (const result of [wrong, unknown]) {
      expect(result.body.errors?.[0]).toMatchObject({
        message: MESSAGES.invalidCredentials,
        extensions: { code: 'INVALID_CREDENTIALS' },
      });
      expect(result.sessionCookie).toBeUndefined();
    }
  });

  it('does the same password work for an unknown email as for a wrong password, so timing tells nothing', async () => {
    const { email } = await signUp();
    // Counted, not timed: each path runs one argon2id verification in the workers, against
    // a hash of the same cost (the unknown email's is made once, ahead of the count).
    await t.graphql(LOGIN, { email: uniqueEmail('ghost'), password: 'warm the dummy hash' });
    const workOf = async (address: string) => {
      const before = passwordWorkDone();
      const result = await t.graphql(LOGIN, { email: address, password: 'wrong password' });
      expect(result.body.errors?.[0]?.message).toBe(MESSAGES.invalidCredentials);
      return passwordWorkDone() - before;
    };
    expect(await workOf(email)).toBe(1);
    expect(await workOf(uniqueEmail('ghost'))).toBe(1);
  });

  it('validates input before looking anything up', async () => {
    const result = await t.graphql(LOGIN, { email: 'nope', password: PASSWORD });
    expect(result.body.errors?.[0]?.message).toBe(VALIDATION_MESSAGES.email);
  });
});

describe('session', () => {
  it('me is null without a cookie or with a made-up one', async () => {
    expect((await t.graphql(ME)).body.data?.me).toBeNull();
    expect((await t.graphql(ME, {}, { cookie: '__Host-ehc_session=madeup' })).body.data?.me).toBeNull();
  });

  it('logout deletes the session so the old cookie no longer works', async () => {
    const { cookie } = await signUp();
    expect((await t.graphql(ME, {}, { cookie })).body.data?.me).not.toBeNull();

    const logout = await t.graphql(LOGOUT, {}, { cookie });
    expect(logout.body.data?.logoutUser).toBe(true);
    expect(String(logout.response.headers['set-cookie'])).toMatch(/^__Host-ehc_session=;.*Expires=Thu, 01 Jan 1970/);

    expect((await t.graphql(ME, {}, { cookie })).body.data?.me).toBeNull();
  });

  it('expires a session after the idle timeout and after its absolute lifetime', async () => {
    const idle = await signUp();
    const expired = await signUp();
    const hashOf = (cookie: string) => createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
    const hour = 3_600_000;
    await t.services.db
      .updateTable('user_session')
      .set({ last_seen_at: Date.now() - 24 * 7 * hour - 1000 })
      .where('token_hash', '=', hashOf(idle.cookie))
      .execute();
    await t.services.db
      .updateTable('user_session')
      .set({ expires_at: Date.now() - 1000 })
      .where('token_hash', '=', hashOf(expired.cookie))
      .execute();

    expect((await t.graphql(ME, {}, { cookie: idle.cookie })).body.data?.me).toBeNull();
    expect((await t.graphql(ME, {}, { cookie: expired.cookie })).body.data?.me).toBeNull();
  });

  it('counts the idle timeout from the last use, not from sign-in', async () => {
    const used = await signUp();
    const unused = await signUp();
    const tokenOf = (cookie: string) => cookie.split('=')[1]!;
    const policy = t.services.env.session;
    const signedIn = Date.now();
    const lastUse = signedIn + policy.idleTimeoutMs - 60_000;
    const lookUp = (cookie: string, now: number) => findSessionUser(t.services, tokenOf(cookie), policy, now);

    expect(await lookUp(used.cookie, lastUse)).not.toBeNull();
    // A whole timeout after sign-in, but well within one after the last use.
    const later = lastUse + policy.idleTimeoutMs - 60_000;
    expect((await lookUp(used.cookie, later))?.user.user_id).toBe(used.email);
    expect(await lookUp(unused.cookie, later)).toBeNull();
    // Idle for a whole timeout after that use: gone.
    expect(await lookUp(used.cookie, later + policy.idleTimeoutMs)).toBeNull();
  });
});

describe('throttling', () => {
  it('blocks an email after 10 failures even when the client IP appears to change', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 10; i += 1) {
      const r = await t.graphql(
        LOGIN,
        { email, password: 'wrong' + i },
        { headers: { 'x-forwarded-for': `203.0.113.${i}` } },
      );
      expect(r.body.errors?.[0]?.extensions?.code).toBe('INVALID_CREDENTIALS');
    }
    const blocked = await t.graphql(
      LOGIN,
      { email, password: PASSWORD },
      { headers: { 'x-forwarded-for': '198.51.100.7' } },
    );
    expect(blocked.body.errors?.[0]).toMatchObject({
      message: MESSAGES.rateLimited,
      extensions: { code: 'RATE_LIMITED' },
    });
    expect(blocked.sessionCookie).toBeUndefined();
  });

  it('refuses a request with 50 aliased login fields outright', async () => {
    const { email } = await signUp();
    const fields = Array.from(
      { length: 50 },
      (_, i) => `a${i}: loginUser(email: $email, password: "p${i}xxxx") { user_id }`,
    );
    const result = await t.graphql(`mutation Many($email: String!) { ${fields.join(' ')} }`, { email });
    expect(result.status).toBe(200);
    expect(result.body.data ?? null).toBeNull();
    const ok = await t.graphql(LOGIN, { email, password: PASSWORD });
    expect(ok.body.data?.loginUser).toMatchObject({ user_id: email });
  });

  it('throttles sign-up failures per email too', async () => {
    const email = uniqueEmail('spam');
    for (let i = 0; i < 10; i += 1) {
      await t.graphql(SIGNUP, { input: signupInput(email, { phone: '123' }) });
    }
    const blocked = await t.graphql(SIGNUP, { input: signupInput(email) });
    expect(blocked.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});

describe('per-IP throttling', () => {
  it('blocks an address after its failure budget, whichever emails it tries', async () => {
    const local = await createTestApp({ AUTH_MAX_FAILURES_PER_IP: '3' });
    try {
      for (let i = 0; i < 3; i += 1) {
        const r = await local.graphql(LOGIN, { email: uniqueEmail('spray'), password: 'Summer2026!' });
        expect(r.body.errors?.[0]?.extensions?.code).toBe('INVALID_CREDENTIALS');
      }
      const blocked = await local.graphql(LOGIN, { email: uniqueEmail('spray'), password: 'Summer2026!' });
      expect(blocked.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    } finally {
      await local.close();
    }
  });

  it('trusts X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const proxied = await createTestApp({ AUTH_MAX_FAILURES_PER_IP: '2', TRUST_PROXY: 'true' });
    try {
      const attempt = (ip: string) =>
        proxied.graphql(
          LOGIN,
          { email: uniqueEmail('xff'), password: 'Summer2026!' },
          { headers: { 'x-forwarded-for': ip } },
        );
      await attempt('203.0.113.1');
      await attempt('203.0.113.1');
      expect((await attempt('203.0.113.1')).body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect((await attempt('203.0.113.2')).body.errors?.[0]?.extensions?.code).toBe('INVALID_CREDENTIALS');
    } finally {
      await proxied.close();
    }
  });
});

describe('secrets stay secret', () => {
  it('never returns or logs a password, hash or session token', async () => {
    const email = uniqueEmail('secret');
    const password = 'Very$ecretPassw0rd!';
    const signup = await t.graphql(SIGNUP, { input: signupInput(email, { password, confirm_password: password }) });
    const login = await t.graphql(LOGIN, { email, password });
    await t.graphql(LOGIN, { email, password: 'Wrong$ecret1' });
    const me = await t.graphql(ME, {}, { cookie: login.sessionCookie });
    const hash = (
      await t.services.db
        .selectFrom('app_user')
        .select('password_hash')
        .where('user_id', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash;
    const token = login.sessionCookie!.split('=')[1]!;

    for (const body of [signup, login, me].map((r) => r.response.body)) {
      expect(body).not.toContain(password);
      expect(body).not.toContain(hash);
      expect(body).not.toMatch(/password/i);
    }
    const logs = t.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [password, 'Wrong$ecret1', hash, token]) expect(logs).not.toContain(secret);
  });
});
