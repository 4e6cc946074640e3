import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectOneH1, expectTouchTargets } from './account-helpers';
import {
  completeLessons,
  expect,
  newLearner,
  payByApi,
  signInAdmin,
  signUpByApi,
  test,
  type Learner,
} from './fixtures';

// Every screen, in both themes, at a phone's width and a laptop's: no serious or critical
// axe violation and one h1 (issue #14). The theme here is the device's (no choice stored),
// which also proves that the light theme follows prefers-color-scheme. The reader and the
// payment screens have their own scans (reader.spec.ts, payment-moment.spec.ts).

const WIDTHS = [360, 1280];

/** Scans what the page shows at a phone's width and a laptop's, once `ready` is visible. */
async function scan(page: Page, path: string, ready: (page: Page) => ReturnType<Page['getByText']>) {
  await page.goto(path);
  await expect(ready(page).first()).toBeVisible();
  await expectOneH1(page);
  await scanAtBothWidths(page);
}

async function scanAtBothWidths(page: Page) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousA11yViolations(page);
    await expectTouchTargets(page);
  }
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme at 360 and 1280 px`, () => {
    test.use({ colorScheme });

    test('the landing page and its sign-up form with an error', async ({ page }) => {
      test.slow();
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await expectOneH1(page);
      await scanAtBothWidths(page);
      // The sign-up form with its one message, linked to the field it is about.
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByRole('tabpanel').getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address.');
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
      await scanAtBothWidths(page);
    });

    test('password reset, verification and legal pages', async ({ page }) => {
      test.slow();
      await scan(page, '/forgot-password', (p) => p.getByRole('heading', { level: 1 }));
      await scan(page, '/reset-password?token=made-up', (p) => p.getByRole('heading', { level: 1 }));
      await scan(page, '/verify', (p) => p.getByText('Check a credential file'));
      await scan(page, '/terms', (p) => p.getByRole('heading', { level: 1 }));
      await scan(page, '/contact', (p) => p.getByRole('heading', { level: 1 }));
    });

    test('a learner’s pages: dashboard, account, receipt, certificate and its verification', async ({ page }) => {
      test.slow();
      const learner: Learner = newLearner();
      await signUpByApi(page.request, learner);
      await scan(page, '/dashboard', (p) => p.getByRole('button', { name: /^Subscribe to Access/ }));
      await payByApi(page.request);
      await completeLessons(page, 'cryptography', [1, 2]);
      await scan(page, '/dashboard', (p) => p.getByRole('link', { name: /^Continue:/ }).or(p.getByText('1/7')));
      await scan(page, '/account', (p) => p.getByRole('heading', { name: 'Receipts' }));
      await page
        .getByRole('link', { name: /^Receipt / })
        .first()
        .click();
      await expect(page).toHaveURL(/\/account\/receipts\//);
      await expect(page.getByText(learner.email).first()).toBeVisible();
      await expectOneH1(page);
      await scanAtBothWidths(page);

      await page.goto('/course/cryptography/1');
      await page.getByRole('button', { name: 'Download Certificate' }).click();
      const certificate = page.getByRole('dialog', { name: 'Certificate' });
      await expect(certificate.getByRole('img', { name: /Certificate of completion/ })).toBeVisible();
      await scanAtBothWidths(page);
      const id = (await certificate.getByText(/^EHC-/).first().textContent())!.trim();
      await scan(page, `/verify/${encodeURIComponent(id)}`, (p) => p.getByText('✓ Valid certificate'));
    });

    test('the admin console', async ({ page }) => {
      test.slow();
      await signInAdmin(page);
      await scan(page, '/admin', (p) => p.getByRole('heading', { level: 1 }));
      await scan(page, '/admin/sales', (p) => p.getByRole('heading', { level: 1 }));
      await scan(page, '/admin/settings', (p) => p.getByRole('heading', { level: 1 }));
    });
  });
}

test.describe('display settings', () => {
  test('the theme and the text size chosen stay on this device across reloads', async ({ page }) => {
    await signUpByApi(page.request, newLearner());
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/dashboard');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await page.getByRole('button', { name: 'Display settings: theme and text size' }).click();
    const panel = page.getByRole('dialog', { name: 'Display settings' });
    await panel.getByRole('radio', { name: 'Light' }).check();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('body')).toHaveCSS('background-color', /oklch\(0\.968|rgb\(241, 245, 249\)/);
    await panel.getByRole('radio', { name: 'Largest' }).check();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await html.evaluate((root) => root.style.getPropertyValue('--reading-scale'))).toBe('1.25');

    // "Same as device" hands the choice back to the device's setting.
    await page.getByRole('button', { name: 'Display settings: theme and text size' }).click();
    await panel.getByRole('radio', { name: 'Same as device' }).check();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  for (const width of [360, 1280]) {
    test(`at ${width} px every choice in the panel shows its label beside its button`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/verify');
      await page.getByRole('button', { name: 'Display settings: theme and text size' }).click();
      const panel = page.getByRole('dialog', { name: 'Display settings' });
      const inside = (await panel.boundingBox())!;
      for (const name of ['Dark', 'Light', 'Same as device', 'Smaller', 'Default', 'Larger', 'Largest']) {
        const button = panel.getByRole('radio', { name, exact: true });
        const radio = (await button.boundingBox())!;
        // What the label shows after its button.
        const label = await button.evaluate((input) => {
          const text = document.createRange();
          text.selectNodeContents(input.closest('label')!);
          text.setStartAfter(input);
          const { x, y, width, height } = text.getBoundingClientRect();
          return { x, y, width, height };
        });
        // The label reads after its button on the same line, and all of it inside the panel.
        expect(label.x, name).toBeGreaterThan(radio.x + radio.width);
        expect(Math.abs(label.y + label.height / 2 - (radio.y + radio.height / 2)), name).toBeLessThan(radio.height);
        expect(label.x + label.width, name).toBeLessThanOrEqual(inside.x + inside.width);
      }
    });
  }

  for (const width of [360, 1280]) {
    test(`at ${width} px the panel opens just under its button, inside the window`, async ({ page }) => {
      await signUpByApi(page.request, newLearner());
      await payByApi(page.request);
      await page.setViewportSize({ width, height: 800 });
      // Three headers hold the button: the public pages', the dashboard's and the reader's.
      for (const path of ['/verify', '/dashboard', '/course/web-application/1']) {
        await page.goto(path);
        const button = page.getByRole('button', { name: 'Display settings: theme and text size' });
        await button.click();
        const panel = page.getByRole('dialog', { name: 'Display settings' });
        await expect(panel).toBeVisible();
        const under = (await button.boundingBox())!;
        const box = (await panel.boundingBox())!;
        const gap = box.y - (under.y + under.height);
        expect(gap, path).toBeGreaterThanOrEqual(0);
        expect(gap, path).toBeLessThanOrEqual(16);
        // Under the button: the button's middle is within the panel's width.
        expect(under.x + under.width / 2, path).toBeGreaterThan(box.x);
        expect(under.x + under.width / 2, path).toBeLessThan(box.x + box.width);
        expect(box.x, path).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, path).toBeLessThanOrEqual(width);
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();
      }
    });
  }

  test('the lesson text follows the text size', async ({ page }) => {
    await signUpByApi(page.request, newLearner());
    await payByApi(page.request);
    await page.goto('/course/web-application/1');
    const body = page.locator('article > .lesson-content');
    const before = parseFloat(await body.evaluate((element) => getComputedStyle(element).fontSize));
    await page.getByRole('button', { name: 'Display settings: theme and text size' }).click();
    await page.getByRole('dialog', { name: 'Display settings' }).getByRole('radio', { name: 'Larger' }).check();
    await expect
      .poll(async () => parseFloat(await body.evaluate((element) => getComputedStyle(element).fontSize)))
      .toBeCloseTo(before * 1.125, 1);
  });

  test('the skip link is the first stop and moves focus to the page’s main content', async ({ page }) => {
    await page.goto('/');
    // A keyboard user tabs once the page is there to read.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator('main#main')).toBeInViewport();
    await expect(page.locator('main#main')).toBeFocused();
    // The next Tab lands inside the main content, past the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('main');
  });
});
