import type { Browser } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './account-helpers';
import { expect, signInAdmin, test } from './fixtures';

// The free sample lesson (issue 40): the seller picks one lesson in the console; anyone can
// read it signed out from the landing page, and "Start learning" leads to the Sign Up form.
// No other lesson opens this way.

const SAMPLE_TITLE = 'Web Application Security fixture lesson 2';

/** The admin chooses web-application lesson 2 as the sample, through the console's settings. */
async function chooseSample(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Business settings' })).toBeVisible();
  await page.getByLabel('Free sample lesson: module').selectOption('web-application');
  await page.getByLabel('Lesson number').fill('2');
  await page.getByLabel('Reason').fill('Offer the second lesson free');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await context.close();
}

test.beforeAll(async ({ browser }) => {
  await chooseSample(browser);
});

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a signed-out visitor reads the sample from the landing page, then Start learning opens Sign Up', async ({
      page,
    }) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Read a free lesson' }).click();
      await expect(page).toHaveURL(/\/sample\/web-application\/2$/);
      await expect(page.getByRole('heading', { level: 1, name: SAMPLE_TITLE })).toBeVisible();
      await expect(page.getByText('Free sample lesson', { exact: true })).toBeVisible();
      await expect(page.locator('.lesson-content')).not.toBeEmpty();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousA11yViolations(page);

      await page
        .getByRole('complementary', { name: 'Continue with the course' })
        .getByRole('link', { name: 'Start learning' })
        .click();
      await expect(page).toHaveURL(/\/#get-started$/);
      const signUp = page.getByRole('tab', { name: 'Sign Up' });
      await expect(signUp).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel('Full Name')).toBeInViewport();
    });

    test('any other lesson under /sample/ answers 404 and says it is not a free sample', async ({
      page,
      allowConsoleErrors,
    }) => {
      // The page and its text request both answer 404; the browser logs each.
      allowConsoleErrors(/status of 404/);
      const response = await page.goto('/sample/web-application/1');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'This lesson is not a free sample' })).toBeVisible();
      await expect(page.getByText('fixture lesson 1')).toHaveCount(0);
    });
  });
}
