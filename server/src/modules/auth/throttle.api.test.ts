import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';
import { requireRedis } from '../../test/redis';
import * as passwords from './passwords';

// Counts the real password checks, whichever store holds the throttle.
vi.mock('./passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('./passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const passwordChecks = vi.mocked(passwords.verifyPassword);

const SIGNUP = `mutation SignupUser($input: SignupInput!) { signupUser(input: $input) { user_id } }`;
const LOGIN = `mutation LoginUser($email: String!, $password: String!) { loginUser(email: $email, password: $password) { user_id } }`;
const PASSWORD = 'correct horse 42';

const stores: { name: string; env: Record<string, string> }[] = [
  { name: 'the default store of this database', env: {} },
  // Redis is used whenever REDIS_URL is set, on either database.
  { name: 'Redis', env: { REDIS_URL: 'redis://127.0.0.1:6379' } },
];

describe.each(stores)('sign-in throttle in $name', ({ env }) => {
  let t: TestApp;

  beforeAll(async () => {
    if (env.REDIS_URL) await requireRedis(env.REDIS_URL);
    t = await createTestApp({
      ...env,
      // A key space of its own in the shared Redis, so runs never see each other's counters.
      REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
      AUTH_MAX_FAILURES_PER_IP: '10000',
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    passwordChecks.mockClear();
  });

  async function signUp(): Promise<string> {
    const email = uniqueEmail('throttled');
    const input = { email, password: PASSWORD, confirm_password: PASSWORD, full_name: 'Tara', phone: '9876543210' };
    expect((await t.graphql(SIGNUP, { input })).body.errors).toBeUndefined();
    return email;
  }

  it('uses the store the settings choose', () => {
    const expected = env.REDIS_URL ? 'redis' : t.database.handle.kind === 'postgres' ? 'postgres' : 'memory';
    expect(t.services.limitStore).toBe(expected);
  });

  it('lets 40 parallel wrong passwords for one email make exactly 10 password checks', async () => {
    const email = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.graphql(LOGIN, { email, password: `wrong-${i}` })),
    );
    const codes = answers.map((a) => a.body.errors?.[0]?.extensions?.code);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(10);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(30);
    expect(passwordChecks).toHaveBeenCalledTimes(10);
    // Even the right password is refused until the window passes.
    expect((await t.graphql(LOGIN, { email, password: PASSWORD })).body.errors?.[0]?.extensions?.code).toBe(
      'RATE_LIMITED',
    );
  });

  it('lets aliased login fields make no more than 10 password checks in all', async () => {
    const email = await signUp();
    const fields = Array.from(
      { length: 10 },
      (_, i) => `a${i}: loginUser(email: $email, password: "wrong-${i}") { user_id }`,
    );
    for (let request = 0; request < 5; request += 1) {
      await t.graphql(`mutation Many($email: String!) { ${fields.join(' ')} }`, { email });
    }
    expect(passwordChecks).toHaveBeenCalledTimes(10);
  });

  it('clears an email’s failures when its owner signs in', async () => {
    const email = await signUp();
    for (let i = 0; i < 9; i += 1) await t.graphql(LOGIN, { email, password: `wrong-${i}` });
    expect((await t.graphql(LOGIN, { email, password: PASSWORD })).body.errors).toBeUndefined();
    expect(await t.services.auth.throttle.budgets.login.email.attempts(email)).toBe(0);
  });
});

describe('an address over its budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_MAX_FAILURES_PER_IP: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is refused before it can leave a counter behind for each new email it tries', async () => {
    for (let i = 0; i < 3; i += 1) {
      const answer = await t.graphql(LOGIN, { email: uniqueEmail('probe'), password: 'wrong-password' });
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('INVALID_CREDENTIALS');
    }
    const tried = Array.from({ length: 20 }, () => uniqueEmail('flood'));
    for (const email of tried) {
      const answer = await t.graphql(LOGIN, { email, password: 'wrong-password' });
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    }
    const emailBudget = t.services.auth.throttle.budgets.login.email;
    expect(await Promise.all(tried.map((email) => emailBudget.attempts(email)))).toEqual(tried.map(() => 0));
  });
});
