import { MESSAGES } from '@ehc/common';
import type { Page } from '@playwright/test';
import { expect, newLearner, signInPaidLearner, signUpByApi, test } from './fixtures';

// The server runs without Razorpay keys, so payments go through the simulated gateway:
// the same orders, signatures, webhooks and verification as with Razorpay.

async function openSubscription(page: Page) {
  await page.goto('/dashboard');
  await page
    .getByRole('article', { name: 'Web Application Security' })
    .getByRole('button', { name: 'Subscribe to Access' })
    .click();
  return page.getByRole('dialog', { name: 'Subscribe' });
}

test.describe('subscription screen', () => {
  test('shows the offer, the features and the secure-payment note', async ({ page }) => {
    await signUpByApi(page.request, newLearner());
    const screen = await openSubscription(page);
    await expect(screen.getByRole('button', { name: 'Back to Dashboard' })).toBeVisible();
    for (const text of [
      'All 7 modules',
      '10+ lessons',
      'Practical exercises',
      'Lifetime access',
      'Regular updates',
      'certificate',
    ]) {
      await expect(screen.getByText(text, { exact: false })).toBeVisible();
    }
    await expect(screen.locator('s')).toHaveText('₹4,999');
    await expect(screen.getByText('₹49', { exact: true })).toBeVisible();
    await expect(screen.getByText('one-time')).toBeVisible();
    await expect(screen.getByText('99% OFF')).toBeVisible();
    // The server's default settings: a reference price but no offer end, so no urgency claim.
    await expect(screen.getByText(/limited-time/i)).toHaveCount(0);
    await expect(screen.getByText('GST included. This is the total: nothing is added at checkout.')).toBeVisible();
    await expect(screen.getByText(/Secure payment/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
  });
});

test.describe('paying in simulated mode', () => {
  test('Simulate success unlocks the course, lands on /dashboard/premium and survives a reload', async ({ page }) => {
    await signUpByApi(page.request, newLearner());
    const screen = await openSubscription(page);
    await screen.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeDisabled();

    const testPayment = page.getByRole('dialog', { name: 'Test payment' });
    await expect(testPayment.getByText('₹49.00')).toBeVisible();
    await testPayment.getByRole('button', { name: 'Simulate success' }).click();

    await expect(page).toHaveURL(/\/dashboard\/premium$/);
    await expect(page.getByRole('heading', { name: /Welcome to Premium/ })).toBeVisible();
    await expect(page.getByText('PREMIUM', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Learning' })).toHaveCount(7);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Start Learning' })).toHaveCount(7);
    await page.goto('/course/web-application');
    await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-1')).toBeVisible();
  });

  test('Simulate failure shows a clear error and leaves the course locked', async ({ page }) => {
    await signUpByApi(page.request, newLearner());
    const screen = await openSubscription(page);
    await screen.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Simulate failure' }).click();
    await expect(screen.getByRole('alert')).toHaveText(MESSAGES.paymentFailed);
    await expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    await screen.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Subscribe to Access' })).toHaveCount(7);
  });

  test('a verify that fails after payment says so, then unlocks when the server confirms', async ({
    page,
    allowConsoleErrors,
  }) => {
    await signUpByApi(page.request, newLearner());
    await page.route('**/graphql', async (route) => {
      if (route.request().postDataJSON()?.operationName === 'VerifyPayment') {
        await route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
      } else {
        await route.continue();
      }
    });
    allowConsoleErrors(/status of 502/);
    const screen = await openSubscription(page);
    await screen.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Simulate success' }).click();
    await expect(screen.getByRole('alert')).toHaveText(MESSAGES.paymentStatusUpdateFailed);
    // The simulated gateway's signed webhook (or the reconciler) records the payment; the
    // page keeps asking and unlocks on the server's word.
    await expect(page).toHaveURL(/\/dashboard\/premium$/, { timeout: 20_000 });
  });

  test('an order that cannot be created shows the initialization error', async ({ page, allowConsoleErrors }) => {
    await signUpByApi(page.request, newLearner());
    await page.route('**/graphql', async (route) => {
      if (route.request().postDataJSON()?.operationName === 'CreatePaymentOrder') {
        await route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' });
      } else {
        await route.continue();
      }
    });
    allowConsoleErrors(/status of 500/);
    const screen = await openSubscription(page);
    await screen.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(screen.getByRole('alert')).toHaveText(MESSAGES.paymentInitFailed);
    await expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
  });
});

test.describe('persuasion pop-up', () => {
  test('appears 5 s after the payment screen closes unpaid, and "Grab This Offer Now" reopens it', async ({ page }) => {
    await signUpByApi(page.request, newLearner());
    await page.clock.install();
    const screen = await openSubscription(page);
    await expect(screen).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1000);
    await screen.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(screen).toHaveCount(0);

    const popup = page.getByRole('dialog', { name: "Wait! Don't Miss Out!" });
    await page.clock.runFor(4_900);
    await expect(popup).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(popup).toBeVisible();
    for (const benefit of [
      '7 premium modules',
      '10+ detailed lessons',
      'Hands-on exercises',
      'Professional certificates',
      'Expert techniques',
      'Lifetime access',
    ]) {
      await expect(popup.getByText(benefit)).toBeVisible();
    }
    await expect(popup.getByText(/99% off, from ₹4,999 to ₹49/)).toBeVisible();
    await expect(popup.getByText(/limited-time/i)).toHaveCount(0);
    await expect(popup.getByRole('button', { name: 'Close' })).toBeVisible();

    // Declining is as prominent as accepting: same size, same type.
    const grab = popup.getByRole('button', { name: 'Grab This Offer Now', exact: true });
    const later = popup.getByRole('button', { name: 'Maybe Later' });
    await expect(later).toBeVisible();
    const [grabBox, laterBox] = [await grab.boundingBox(), await later.boundingBox()];
    expect(laterBox!.width).toBeCloseTo(grabBox!.width, 0);
    expect(laterBox!.height).toBeCloseTo(grabBox!.height, 0);
    const typeOf = (button: typeof grab) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.fontSize} ${style.fontWeight}`;
      });
    expect(await typeOf(later)).toBe(await typeOf(grab));

    await grab.click();
    await expect(page.getByRole('dialog', { name: 'Subscribe' })).toBeVisible();
  });

  test('"Maybe Later" closes it, and it does not come back in the same visit', async ({ page }) => {
    await signUpByApi(page.request, newLearner());
    await page.clock.install();
    const screen = await openSubscription(page);
    await page.clock.pauseAt(Date.now() + 1000);
    await screen.getByRole('button', { name: 'Back to Dashboard' }).click();
    // The dashboard is on screen (its chunk may still be arriving) before time moves on.
    await expect(screen).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Subscribe to Access' }).first()).toBeVisible();
    await page.clock.runFor(5_000);
    const popup = page.getByRole('dialog', { name: "Wait! Don't Miss Out!" });
    await popup.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(popup).toHaveCount(0);
    await page.clock.runFor(10_000);
    await expect(popup).toHaveCount(0);

    // Closing the payment screen again, on a fresh load of the dashboard in the same tab,
    // shows it no more: once per visit. (Time runs again while the page loads: React
    // reveals a lazily loaded page on a timer.)
    await page.clock.resume();
    const again = await openSubscription(page);
    await again.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(again).toHaveCount(0);
    await page.clock.runFor(10_000);
    await expect(popup).toHaveCount(0);
  });

  test('never appears for a paid learner', async ({ page }) => {
    await signInPaidLearner(page);
    await page.clock.install();
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Start Learning' })).toHaveCount(7);
    await page.clock.runFor(60_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toHaveCount(0);
  });
});
