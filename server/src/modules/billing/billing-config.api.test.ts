import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCTION_BUSINESS_ENV, createTestApp, makeMinimalWebApp, uniqueEmail } from '../../test/test-app';

const KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_CspCheck01',
  RAZORPAY_KEY_SECRET: 'secret-for-tests',
  RAZORPAY_WEBHOOK_SECRET: 'whsec-for-tests',
};
const CONFIG = `query GetAppConfig { appConfig { payments_mode tracking { ads_id } } }`;
// The checkout runs in our pages, so a page's policy is the one that must let it through.
const webApp = makeMinimalWebApp();
afterAll(() => webApp.remove());

describe('gateway selection', () => {
  it('uses Razorpay when its keys are set, and lets its checkout through the CSP', async () => {
    const t = await createTestApp(KEYS, { webAppDir: webApp.dir });
    try {
      expect(t.services.gateway.mode).toBe('razorpay');
      expect(t.services.gateway.keyId).toBe('rzp_test_CspCheck01');
      const result = await t.graphql(CONFIG);
      expect(result.body.data?.appConfig).toEqual({ payments_mode: 'razorpay', tracking: null });
      const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' [^;]*https:\/\/checkout\.razorpay\.com/);
      expect(csp).toMatch(/frame-src https:\/\/api\.razorpay\.com https:\/\/checkout\.razorpay\.com/);
      expect(csp).not.toContain('googletagmanager');
      expect(JSON.stringify(result.body)).not.toContain('secret-for-tests');
    } finally {
      await t.close();
    }
  });

  it('uses the simulated gateway without keys, and allows no third-party origin', async () => {
    const t = await createTestApp({}, { webAppDir: webApp.dir });
    try {
      const result = await t.graphql(CONFIG);
      expect(result.body.data?.appConfig).toEqual({ payments_mode: 'simulated', tracking: null });
      const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
      expect(csp).not.toContain('razorpay');
      expect(csp).toContain("frame-src 'none'");
    } finally {
      await t.close();
    }
  });

  it('in production with simulated payments allowed, says so on every payments log line', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      APP_ORIGIN: 'http://localhost:3000',
      PAYMENTS_ALLOW_SIMULATED: 'true',
      ...PRODUCTION_BUSINESS_ENV,
    });
    try {
      const email = uniqueEmail('demo');
      const input = {
        email,
        password: 'secret12',
        confirm_password: 'secret12',
        full_name: 'Demo',
        phone: '9876543210',
      };
      const { sessionCookie } = await t.graphql(
        `mutation S($input: SignupInput!) { signupUser(input: $input) { user_id } }`,
        { input },
      );
      await t.graphql(`mutation { createPaymentOrder { order_id } }`, {}, { cookie: sessionCookie });
      const paymentLines = t.logs
        .flatMap((chunk) => chunk.split('\n'))
        .filter((line) => line.includes('"component":"payments"'));
      expect(paymentLines.length).toBeGreaterThan(0);
      for (const line of paymentLines) expect(line).toContain('SIMULATED PAYMENTS: no real money is taken');
    } finally {
      await t.close();
    }
  });
});
