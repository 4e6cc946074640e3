import { describe, expect, it } from 'vitest';
import { testRsaSigningKey, testSigningKey } from '../test/test-app';
import { EnvError, loadEnv } from './env';

const KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_AbC123',
  RAZORPAY_KEY_SECRET: 'secret-123456',
  RAZORPAY_WEBHOOK_SECRET: 'whsec-123456',
};

/**
 * What a production start needs besides its origin and payments: who sells, how mail goes
 * out, and the keys that sign credentials (its own checks: modules/credentials/signing.test.ts).
 */
const BUSINESS = {
  SELLER_LEGAL_NAME: 'Asha Learning Pvt Ltd',
  SELLER_ADDRESS: '12 MG Road, Bengaluru 560001',
  SUPPORT_EMAIL: 'help@asha.example',
  SMTP_URL: 'smtp://mailer:secret@smtp.example:587',
  CREDENTIAL_SIGNING_KEY: testSigningKey(),
  CREDENTIAL_RSA_SIGNING_KEY: testRsaSigningKey(),
  LAB_ORIGIN: 'https://labs-asha.example.net',
  LAB_TOKEN_SECRET: 'a-production-lab-token-secret-0123456789',
  LAB_FLAG_SECRET: 'a-production-lab-flag-secret-01234567890',
};

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('expected loadEnv to fail');
}

describe('loadEnv', () => {
  it('has safe development defaults', () => {
    const env = loadEnv({});
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBe('sqlite:./data/app.db');
    expect(env.appOrigin).toBe('http://localhost:3000');
    expect(env.host).toBe('127.0.0.1');
    expect(env.trustProxy).toBe(false);
    expect(env.graphqlIntrospection).toBe(true);
  });

  it('takes PORT into the default origin', () => {
    expect(loadEnv({ PORT: '4100' }).appOrigin).toBe('http://localhost:4100');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['NODE_ENV', 'staging'],
    ['APP_ORIGIN', 'not a url'],
    ['TRUST_PROXY', 'maybe;rm'],
    ['SESSION_IDLE_TIMEOUT_HOURS', '-1'],
  ])('names %s when it is %j', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('lists every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', DATABASE_URL: 'ftp://x' })).toHaveLength(2);
  });

  it.each(['sqlite:/tmp/a.db', 'postgres://u@h/db', 'postgresql://u:p@h:5432/db'])('accepts DATABASE_URL %s', (url) => {
    expect(loadEnv({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('requires APP_ORIGIN and Razorpay keys in production, and turns introspection off there', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems[0]).toMatch(/^APP_ORIGIN: /);
    expect(problems[1]).toMatch(/^RAZORPAY_KEY_ID: Razorpay keys are required/);
    const env = loadEnv({ NODE_ENV: 'production', APP_ORIGIN: 'https://course.example.com/', ...KEYS, ...BUSINESS });
    expect(env.appOrigin).toBe('https://course.example.com');
    expect(env.graphqlIntrospection).toBe(false);
    expect(env.host).toBe('0.0.0.0');
  });

  it('requires the seller, a way to send mail and a signing key in production, and fills receipts and mail from them', () => {
    const problems = problemsOf({ NODE_ENV: 'production', APP_ORIGIN: 'https://x.example', ...KEYS });
    for (const name of ['SELLER_LEGAL_NAME', 'SELLER_ADDRESS', 'SUPPORT_EMAIL', 'SMTP_URL']) {
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${name}: required`)));
    }
    expect(problems).toContainEqual(expect.stringMatching(/^CREDENTIAL_SIGNING_KEY: required/));
    expect(problems).toContainEqual(expect.stringMatching(/^CREDENTIAL_RSA_SIGNING_KEY: required/));
    const outboxOnly = { ...BUSINESS, SMTP_URL: '', MAIL_ALLOW_OUTBOX_IN_PRODUCTION: 'true' };
    const env = loadEnv({ NODE_ENV: 'production', APP_ORIGIN: 'https://x.example', ...KEYS, ...outboxOnly });
    expect(env.mail.smtp).toBeNull();
    expect(env.mail.from).toBe('"Asha Learning Pvt Ltd" <help@asha.example>');
    expect(env.seller).toEqual({
      legalName: 'Asha Learning Pvt Ltd',
      address: '12 MG Road, Bengaluru 560001',
      supportEmail: 'help@asha.example',
      supportPhone: null,
      gstin: null,
    });
    expect(problemsOf({ SELLER_GSTIN: '29ABCDE1234F1Z' })[0]).toMatch(/^SELLER_GSTIN: must be a 15-character GSTIN/);
    expect(loadEnv({ SMTP_HOST: 'smtp.example', SMTP_PORT: '465' }).mail.smtp).toEqual({
      host: 'smtp.example',
      port: 465,
      secure: true,
      user: null,
      password: null,
    });
  });

  it('chooses Razorpay only when all three keys are set, and names the missing ones', () => {
    expect(loadEnv({}).razorpay).toBeNull();
    expect(loadEnv(KEYS).razorpay).toEqual({
      keyId: KEYS.RAZORPAY_KEY_ID,
      keySecret: 'secret-123456',
      webhookSecret: 'whsec-123456',
    });
    const problems = problemsOf({ RAZORPAY_KEY_ID: KEYS.RAZORPAY_KEY_ID });
    expect(problems).toEqual([
      expect.stringMatching(/^RAZORPAY_KEY_SECRET: required/),
      expect.stringMatching(/^RAZORPAY_WEBHOOK_SECRET: required/),
    ]);
    expect(problemsOf({ ...KEYS, RAZORPAY_KEY_ID: 'pk_live_123' })[0]).toMatch(/^RAZORPAY_KEY_ID: must look like/);
  });

  it('allows the simulated gateway in production only when asked to', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      APP_ORIGIN: 'https://x.example',
      PAYMENTS_ALLOW_SIMULATED: 'true',
      ...BUSINESS,
    });
    expect(env.razorpay).toBeNull();
    expect(env.paymentsAllowSimulated).toBe(true);
  });

  it('turns tracking on only when an Ads or GA4 id is configured', () => {
    expect(loadEnv({}).tracking).toBeNull();
    expect(loadEnv({ GOOGLE_ADS_ID: 'AW-123', GOOGLE_ADS_PURCHASE_LABEL: 'abcDEF' }).tracking).toEqual({
      adsId: 'AW-123',
      signupLabel: null,
      purchaseLabel: 'abcDEF',
      ga4Id: null,
    });
    expect(problemsOf({ GOOGLE_ADS_ID: '123' })[0]).toMatch(/^GOOGLE_ADS_ID: /);
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('keeps /metrics off unless a long enough token is set', () => {
    expect(loadEnv({}).metricsToken).toBeNull();
    expect(loadEnv({ METRICS_TOKEN: 'a'.repeat(32) }).metricsToken).toBe('a'.repeat(32));
    expect(problemsOf({ METRICS_TOKEN: 'short-guessable' })[0]).toMatch(/^METRICS_TOKEN: must be at least 32/);
  });

  describe('the labs site', () => {
    it('defaults to another host than the app in development, with stand-in secrets', () => {
      const env = loadEnv({});
      expect(new URL(env.labs.origin).hostname).not.toBe(new URL(env.appOrigin).hostname);
      expect(env.labs.origin).toBe('http://127.0.0.1:3001');
      expect(env.labs.tokenSecret.length).toBeGreaterThanOrEqual(32);
    });

    it('refuses a lab origin on the app host, even on another port', () => {
      expect(problemsOf({ APP_ORIGIN: 'http://localhost:3000', LAB_ORIGIN: 'http://localhost:3001' })).toEqual([
        'LAB_ORIGIN: must be on another host than APP_ORIGIN (localhost); cookies ignore ports',
      ]);
    });

    it('in production needs its origin on a separate domain, over HTTPS, and both secrets', () => {
      const base = { ...KEYS, ...BUSINESS, NODE_ENV: 'production', APP_ORIGIN: 'https://course.example.com' };
      expect(() => loadEnv(base)).not.toThrow();
      const missing = problemsOf({ ...base, LAB_ORIGIN: '', LAB_TOKEN_SECRET: '', LAB_FLAG_SECRET: '' });
      expect(missing.map((p) => p.split(':')[0])).toEqual(['LAB_ORIGIN', 'LAB_TOKEN_SECRET', 'LAB_FLAG_SECRET']);
      for (const origin of [
        'https://labs.course.example.com',
        'https://labs.example.com',
        'https://course.example.com',
      ]) {
        expect(problemsOf({ ...base, LAB_ORIGIN: origin })[0]).toMatch(/^LAB_ORIGIN: must be/);
      }
      expect(problemsOf({ ...base, LAB_ORIGIN: 'http://labs-example.net' })).toEqual([
        'LAB_ORIGIN: must be https:// in production',
      ]);
    });
  });
});
