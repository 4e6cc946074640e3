import type { Page } from '@playwright/test';
import { TRACKING_PORT } from '../playwright.config';
import { expect, newLearner, signUpByApi, signUpThroughForm, test } from './fixtures';

type Call = [string, ...unknown[]];

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: unknown;
  }
}

/** What the page handed to gtag, as plain arrays (gtag queues `arguments` objects). */
function gtagCalls(page: Page): Promise<Call[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((entry: unknown) => Array.from(entry as ArrayLike<unknown>) as Call),
  );
}

test.describe('without tracking ids', () => {
  test('gtag is never loaded, the CSP allows no Google origin, and tracking only warns once', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().includes('Conversion tracking')) warnings.push(message.text());
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).not.toContain('googletagmanager');
    await signUpThroughForm(page, newLearner());
    await expect.poll(() => warnings.length).toBe(1);
    expect(await page.evaluate(() => typeof window.gtag)).toBe('undefined');
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  });
});

test.describe('with Google Ads and GA4 configured', () => {
  test.use({ baseURL: `http://localhost:${TRACKING_PORT}` });

  test.beforeEach(async ({ page }) => {
    // Google's servers are out of reach here: answer for gtag.js with an empty script.
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
  });

  test('the CSP allows gtag, sign-up fires a conversion, and a purchase fires once after the server confirms', async ({
    page,
  }) => {
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toMatch(
      /script-src[^;]*https:\/\/www\.googletagmanager\.com/,
    );
    await expect(page.locator('script[src^="https://www.googletagmanager.com/gtag/js?id=AW-1234567890"]')).toHaveCount(
      1,
    );

    await signUpThroughForm(page, newLearner());
    await expect
      .poll(async () => (await gtagCalls(page)).filter((call) => call[0] === 'event').map((call) => call.slice(1, 3)))
      .toEqual([
        ['conversion', { send_to: 'AW-1234567890/signupLabel1' }],
        ['sign_up', { method: 'email' }],
      ]);

    await page.getByRole('article', { name: 'Cryptography & Encryption' }).getByRole('button').click();
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Simulate success' }).click();
    await expect(page).toHaveURL(/\/dashboard\/premium$/);

    const purchases = (await gtagCalls(page)).filter(
      (call) =>
        call[0] === 'event' &&
        call[1] !== 'sign_up' &&
        (call[2] as { send_to?: string })?.send_to !== 'AW-1234567890/signupLabel1',
    );
    expect(purchases).toHaveLength(2);
    const [conversion, purchase] = purchases;
    const paymentId = (purchase![2] as { transaction_id: string }).transaction_id;
    expect(paymentId).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(conversion).toEqual([
      'event',
      'conversion',
      { send_to: 'AW-1234567890/purchaseLabel1', value: 49, currency: 'INR', transaction_id: paymentId },
    ]);
    expect(purchase).toEqual([
      'event',
      'purchase',
      {
        transaction_id: paymentId,
        value: 49,
        currency: 'INR',
        items: [
          { item_id: 'full-course', item_name: 'Ethical Hacking & Cybersecurity Course', price: 49, quantity: 1 },
        ],
      },
    ]);
  });

  test('an unpaid learner fires no purchase', async ({ page }) => {
    await signUpByApi(page.request, newLearner());
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Subscribe to Access' })).toHaveCount(7);
    const events = (await gtagCalls(page)).filter((call) => call[0] === 'event' && call[1] === 'purchase');
    expect(events).toEqual([]);
  });
});
