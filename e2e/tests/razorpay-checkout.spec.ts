import { MESSAGES } from '@ehc/common';
import type { Page } from '@playwright/test';
import { expect, newLearner, signUpByApi, test } from './fixtures';

/*
 * The browser side of real Razorpay mode. Razorpay's servers are out of reach, so:
 * - the server's answer to CreatePaymentOrder is relabelled mode "razorpay" (the order
 *   itself is a real one from the simulated gateway);
 * - checkout.js is served by this test: a stand-in `Razorpay` class that records the
 *   options it is given and, on "Pay", asks the simulated gateway for a genuinely signed
 *   result and hands it to the page's `handler`, as Razorpay's checkout does.
 * The server verifies that result with its normal code. This server's CSP allows no
 * Razorpay origin (it has no keys), so the page runs with CSP bypassed here; the
 * Razorpay-mode CSP is checked in billing-config.api.test.ts.
 */
const FAKE_CHECKOUT_JS = `
window.Razorpay = class {
  constructor(options) {
    this.options = options;
    this.handlers = {};
    window.__razorpayOptions = JSON.parse(JSON.stringify(options));
  }
  on(event, handler) { this.handlers[event] = handler; }
  open() {
    const o = this.options;
    const box = document.createElement('div');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-label', 'Razorpay Checkout');
    box.style.cssText = 'position:fixed;inset:20%;background:#fff;z-index:2147483647;padding:1rem';
    const button = (label, action) => {
      const b = document.createElement('button');
      b.textContent = label;
      b.onclick = action;
      box.append(b);
    };
    button('Pay', async () => {
      const response = await fetch('/simulated-razorpay/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: o.order_id, outcome: 'success' }),
      });
      const result = await response.json();
      box.remove();
      o.handler(result);
    });
    button('Decline', () => this.handlers['payment.failed']?.({ error: { description: 'Card declined by bank' } }));
    button('Close checkout', () => { box.remove(); o.modal.ondismiss(); });
    document.body.append(box);
  }
};`;

test.use({ bypassCSP: true });

async function inRazorpayMode(page: Page, checkoutScript: 'serve' | 'fail') {
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName !== 'CreatePaymentOrder') return route.continue();
    const response = await route.fetch();
    const body = await response.json();
    if (body.data?.createPaymentOrder) body.data.createPaymentOrder.mode = 'razorpay';
    await route.fulfill({ response, json: body });
  });
  await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) =>
    checkoutScript === 'serve'
      ? route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_CHECKOUT_JS })
      : route.abort('connectionrefused'),
  );
}

async function openSubscription(page: Page) {
  await page.goto('/dashboard');
  await page
    .getByRole('article', { name: 'Mobile Hacking' })
    .getByRole('button', { name: 'Subscribe to Access' })
    .click();
  return page.getByRole('dialog', { name: 'Subscribe' });
}

test('loads checkout.js only when paying, opens it with the documented options, and unlocks on verification', async ({
  page,
}) => {
  const learner = newLearner({ fullName: 'Divya Nair', phone: '9123456780' });
  await signUpByApi(page.request, learner);
  await inRazorpayMode(page, 'serve');
  const screen = await openSubscription(page);
  await expect(page.locator('script[src*="checkout.razorpay.com"]')).toHaveCount(0);

  await screen.getByRole('button', { name: 'Subscribe Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await expect(checkout).toBeVisible();
  await expect(page.locator('script[src="https://checkout.razorpay.com/v1/checkout.js"]')).toHaveCount(1);
  const options = await page.evaluate(
    () => (window as unknown as { __razorpayOptions: Record<string, unknown> }).__razorpayOptions,
  );
  expect(options).toMatchObject({
    key: 'rzp_test_simulated',
    amount: 4900,
    currency: 'INR',
    name: 'Ethical Hacking & Cybersecurity',
    theme: { color: '#10b981' },
    prefill: { name: 'Divya Nair', email: learner.email, contact: '9123456780' },
    notes: { user_id: learner.email, course: 'Ethical Hacking & Cybersecurity', phone: '9123456780' },
    modal: { confirm_close: true, escape: false, backdropclose: false },
  });
  expect(options.order_id).toMatch(/^order_[A-Za-z0-9]{14}$/);
  expect(String(options.description)).toMatch(/^[A-Za-z0-9]/);

  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/dashboard\/premium$/);
  await expect(page.getByRole('button', { name: 'Start Learning' })).toHaveCount(7);
});

test('a declined payment shows the error, and closing the checkout re-enables Subscribe Now', async ({ page }) => {
  await signUpByApi(page.request, newLearner());
  await inRazorpayMode(page, 'serve');
  const screen = await openSubscription(page);
  await screen.getByRole('button', { name: 'Subscribe Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await checkout.getByRole('button', { name: 'Decline' }).click();
  await checkout.getByRole('button', { name: 'Close checkout' }).click();
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('alert')).toHaveText(MESSAGES.paymentFailed);
  await expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
  await expect(page.getByText('Subscribe to Access').first()).toBeAttached();
});

test('a checkout script that will not load gives "Payment gateway failed to load"', async ({
  page,
  allowConsoleErrors,
}) => {
  await signUpByApi(page.request, newLearner());
  await inRazorpayMode(page, 'fail');
  allowConsoleErrors(/ERR_CONNECTION_REFUSED|Failed to load resource/);
  const screen = await openSubscription(page);
  await screen.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(screen.getByRole('alert')).toHaveText(MESSAGES.paymentGatewayFailedToLoad);
  await expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
});
