import { MODULE_IDS } from '@ehc/common';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectOneH1, expectTouchTargets } from './account-helpers';
import { completeLessons, expect, newLearner, signInPaidLearner, signUpByApi, test } from './fixtures';

// Issue #14's payment moment, at a phone's width and a laptop's: paying from every entry
// point ends on /dashboard/premium with nothing left on top; leaving any payment screen
// unpaid brings the offer 5 s later; the test payment behaves like Razorpay's modal.
// The server runs its simulated gateway (no Razorpay keys).

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

const popupOf = (page: Page) => page.getByRole('dialog', { name: "Wait! Don't Miss Out!" });
const testPaymentOf = (page: Page) => page.getByRole('dialog', { name: 'Test payment' });

async function openSheet(page: Page): Promise<Locator> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Subscribe to Access: Web Application Security' }).click();
  const sheet = page.getByRole('dialog', { name: 'Subscribe' });
  await expect(sheet.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
  return sheet;
}

async function payInTestDialog(page: Page, from: Locator) {
  await from.getByRole('button', { name: 'Subscribe Now' }).click();
  await testPaymentOf(page).getByRole('button', { name: 'Simulate success' }).click();
}

/** Where every successful payment must end: the welcome, unlocked modules, nothing on top. */
async function expectPremiumLanding(page: Page) {
  const welcome = page.getByRole('heading', { level: 1, name: /Welcome to Premium/ });
  await expect(welcome).toBeVisible();
  // In view and focused, even when the learner paid from a sheet opened far down the page.
  await expect(welcome).toBeFocused();
  await expect(welcome).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Start Learning/ })).toHaveCount(7);
  await expect(page).toHaveURL(/\/dashboard\/premium$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Runs the page's clock past the spec's 5 s and expects the pop-up, not a moment before. */
async function expectPopupAfterFiveSeconds(page: Page) {
  await page.clock.runFor(4_900);
  await expect(popupOf(page)).toHaveCount(0);
  await page.clock.runFor(200);
  await expect(popupOf(page)).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test.describe(`payment moment at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('paying in the dashboard sheet lands on /dashboard/premium with the sheet closed', async ({ page }) => {
      await signUpByApi(page.request, newLearner());
      const sheet = await openSheet(page);
      await payInTestDialog(page, sheet);
      await expectPremiumLanding(page);
      await expect(page.getByText('PREMIUM', { exact: true })).toBeVisible();
    });

    for (const entry of ['/subscription', '/course/cryptography']) {
      test(`paying on ${entry} lands on /dashboard/premium and stays there`, async ({ page }) => {
        await signUpByApi(page.request, newLearner());
        await page.goto(entry);
        await expectOneH1(page);
        await payInTestDialog(page, page.getByRole('main'));
        await expectPremiumLanding(page);
        await page.reload();
        await expect(page).toHaveURL(/\/dashboard\/premium$/);
      });
    }

    test('the welcome can be dismissed and stays dismissed', async ({ page }) => {
      await signUpByApi(page.request, newLearner());
      await payInTestDialog(page, await openSheet(page));
      await expectPremiumLanding(page);
      const welcome = page.getByRole('region', { name: /Welcome to Premium/ });
      await welcome.getByRole('button', { name: 'Close' }).click();
      await expect(welcome).toHaveCount(0);
      await expectOneH1(page);
      await page.reload();
      await expect(page.getByRole('button', { name: /^Start Learning/ })).toHaveCount(7);
      await expect(welcome).toHaveCount(0);
    });

    test('the welcome is gone once the first module is started', async ({ page }) => {
      await signUpByApi(page.request, newLearner());
      await payInTestDialog(page, await openSheet(page));
      await expectPremiumLanding(page);
      await page.getByRole('button', { name: 'Start Learning: Cryptography & Encryption' }).click();
      await expect(page).toHaveURL(/\/course\/cryptography\/1$/);
      await page.goto('/dashboard/premium');
      await expect(page.getByRole('button', { name: /^Start Learning/ })).toHaveCount(7);
      await expect(page.getByRole('heading', { name: /Welcome to Premium/ })).toHaveCount(0);
    });

    const sheetExits: [string, (sheet: Locator, page: Page) => Promise<void>][] = [
      ['its close button', (sheet) => sheet.getByRole('button', { name: 'Close' }).first().click()],
      ['Escape', (_sheet, page) => page.keyboard.press('Escape')],
      ['"Back to Dashboard"', (sheet) => sheet.getByRole('button', { name: 'Back to Dashboard' }).click()],
    ];
    for (const [exit, leave] of sheetExits) {
      test(`closing the sheet with ${exit} brings the offer 5 s later, and "Grab This Offer Now" reopens the sheet`, async ({
        page,
      }) => {
        await signUpByApi(page.request, newLearner());
        await page.clock.install();
        const sheet = await openSheet(page);
        await page.clock.pauseAt(Date.now() + 1000);
        await leave(sheet, page);
        await expect(sheet).toHaveCount(0);
        await expectPopupAfterFiveSeconds(page);
        await popupOf(page).getByRole('button', { name: 'Grab This Offer Now', exact: true }).click();
        await expect(popupOf(page)).toHaveCount(0);
        await expect(sheet.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
        await expect(testPaymentOf(page)).toHaveCount(0);
      });
    }

    for (const entry of ['/subscription', '/course/cryptography']) {
      test(`"Back to Dashboard" on ${entry} brings the offer on the dashboard 5 s later`, async ({ page }) => {
        await signUpByApi(page.request, newLearner());
        await page.clock.install();
        await page.goto(entry);
        await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
        await page.clock.pauseAt(Date.now() + 1000);
        await page.getByRole('button', { name: 'Back to Dashboard' }).click();
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByRole('button', { name: /^Subscribe to Access/ }).first()).toBeVisible();
        await expectPopupAfterFiveSeconds(page);
        await popupOf(page).getByRole('button', { name: 'Grab This Offer Now', exact: true }).click();
        await expect(page.getByRole('dialog', { name: 'Subscribe' })).toBeVisible();
      });
    }

    test('cancelling the test payment on /subscription brings the offer there, and "Grab This Offer Now!" returns to the payment screen', async ({
      page,
    }) => {
      await signUpByApi(page.request, newLearner());
      await page.clock.install();
      await page.goto('/subscription');
      await page.getByRole('button', { name: 'Subscribe Now' }).click();
      await page.clock.pauseAt(Date.now() + 1000);
      await testPaymentOf(page).getByRole('button', { name: 'Close' }).click();
      await page
        .getByRole('dialog', { name: 'Cancel this payment?' })
        .getByRole('button', { name: 'Yes, cancel payment' })
        .click();
      await expect(testPaymentOf(page)).toHaveCount(0);
      await expectPopupAfterFiveSeconds(page);
      await popupOf(page).getByRole('button', { name: 'Grab This Offer Now!' }).click();
      await expect(popupOf(page)).toHaveCount(0);
      await expect(testPaymentOf(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeFocused();
    });

    test('the test payment ignores Escape and clicks beside it; its close asks in the app, then returns to the sheet', async ({
      page,
    }) => {
      await signUpByApi(page.request, newLearner());
      // Any window.confirm would fail the test: the confirmation is the app's own dialog.
      page.on('dialog', (dialog) => {
        throw new Error(`unexpected browser dialog: ${dialog.message()}`);
      });
      const sheet = await openSheet(page);
      await sheet.getByRole('button', { name: 'Subscribe Now' }).click();
      const testPayment = testPaymentOf(page);
      await expect(testPayment.getByRole('button', { name: 'Simulate success' })).toBeFocused();

      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 5);
      await expect(testPayment).toBeVisible();
      await expect(sheet).toBeVisible();

      await testPayment.getByRole('button', { name: 'Close' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel this payment?' });
      await expect(confirm.getByRole('button', { name: 'No, continue paying' })).toBeFocused();
      await confirm.getByRole('button', { name: 'No, continue paying' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(testPayment).toBeVisible();

      await testPayment.getByRole('button', { name: 'Close' }).click();
      await confirm.getByRole('button', { name: 'Yes, cancel payment' }).click();
      await expect(testPayment).toHaveCount(0);
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
      await expect(sheet.getByRole('button', { name: 'Subscribe Now' })).toBeFocused();
    });

    for (const colorScheme of ['light', 'dark'] as const) {
      test(`the sheet, the test payment, its confirmation and the offer pass axe in the ${colorScheme} theme`, async ({
        page,
      }) => {
        test.slow();
        await page.emulateMedia({ colorScheme });
        await signUpByApi(page.request, newLearner());
        await page.clock.install();
        const sheet = await openSheet(page);
        await expectNoSeriousA11yViolations(page);
        await expectTouchTargets(page);
        await sheet.getByRole('button', { name: 'Subscribe Now' }).click();
        await expect(testPaymentOf(page)).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await expectTouchTargets(page);
        await testPaymentOf(page).getByRole('button', { name: 'Close' }).click();
        await expect(page.getByRole('dialog', { name: 'Cancel this payment?' })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await expectTouchTargets(page);
        await page.getByRole('button', { name: 'Yes, cancel payment' }).click();
        await page.clock.pauseAt(Date.now() + 1000);
        await sheet.getByRole('button', { name: 'Back to Dashboard' }).click();
        await page.clock.runFor(5_100);
        await expect(popupOf(page)).toBeVisible();
        // axe waits on timers of its own: time must flow again.
        await page.clock.resume();
        await expectNoSeriousA11yViolations(page);
        await expectTouchTargets(page);
      });

      test(`/subscription, the paywall and the premium welcome pass axe in the ${colorScheme} theme, each with one h1`, async ({
        page,
      }) => {
        test.slow();
        await page.emulateMedia({ colorScheme });
        await signUpByApi(page.request, newLearner());
        for (const path of ['/subscription', '/course/cryptography']) {
          await page.goto(path);
          await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
          await expectOneH1(page);
          await expectNoSeriousA11yViolations(page);
          await expectTouchTargets(page);
        }
        await payInTestDialog(page, page.getByRole('main'));
        await expectPremiumLanding(page);
        await expectOneH1(page);
        await expectNoSeriousA11yViolations(page);
        await expectTouchTargets(page);
      });
    }
  });

  test.describe(`dashboard at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('"Continue" goes to the first lesson not done in the module worked on last', async ({ page }) => {
      await signInPaidLearner(page);
      await page.goto('/dashboard');
      await expect(page.getByRole('button', { name: /^Start Learning/ })).toHaveCount(7);
      await expect(page.getByRole('link', { name: /^Continue:/ })).toHaveCount(0);

      await completeLessons(page, 'web-application', [1]);
      await completeLessons(page, 'cryptography', [1]);
      await page.reload();
      const resume = page.getByRole('link', { name: 'Continue: Cryptography & Encryption · Lesson 2' });
      await expect(resume).toBeVisible();
      await expect(
        page.getByRole('article', { name: 'Web Application Security' }).getByText('1/3 lessons'),
      ).toBeVisible();
      await resume.click();
      await expect(page).toHaveURL(/\/course\/cryptography\/2$/);
    });

    test('the header shows the whole name and the stats fit their cards', async ({ page }) => {
      await signInPaidLearner(page, { fullName: 'Priya Ramanathan Subramaniam' });
      // Every module done: "Certified!", the longest status, and the Certificate button.
      for (const id of MODULE_IDS) await completeLessons(page, id, id === 'web-application' ? [1, 2, 3] : [1, 2]);
      await page.goto('/dashboard');
      await expect(page.locator('[data-stat="Status"]')).toHaveText('Certified!');
      await expect(page.getByText('Welcome, Priya Ramanathan Subramaniam')).toBeVisible();
      const name = page.getByText('Welcome, Priya Ramanathan Subramaniam');
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      for (const stat of await page.locator('[data-stat]').all()) {
        expect(await stat.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
}
