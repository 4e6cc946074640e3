import type { Browser } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './account-helpers';
import { expect, graphql, signInAdmin, test } from './fixtures';

// The free sample lesson (issue 40): the seller picks one lesson in the console; anyone can
// read it signed out from the landing page, and "Start learning" leads to the Sign Up form.
// No other lesson opens this way.

const SAMPLE_TITLE = 'Web Application Security fixture lesson 2';

const SETTINGS = `query { businessSettings {
  contact { legal_name address support_email support_phone grievance_officer { name contact } gstin }
  price reference_price { paise charged_since charged_until } offer_ends_at } }`;
const UPDATE = `mutation UpdateSettings($input: BusinessSettingsInput!, $reason: String!) {
  updateBusinessSettings(input: $input, reason: $reason) { sample_lesson { module_id number } } }`;

interface Settings {
  contact: Record<string, unknown>;
  price: number;
  reference_price: unknown;
  offer_ends_at: string | null;
}

/**
 * The admin chooses web-application lesson 2 as the sample, leaving every other setting as it
 * is (the console's form would first ask for the dates of the fixture's "was" price, which
 * other journeys on this server rely on), and the console then shows the choice.
 */
async function chooseSample(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAdmin(page);
  const { businessSettings: current } = await graphql<{ businessSettings: Settings }>(page.request, SETTINGS);
  await graphql(page.request, UPDATE, {
    input: {
      ...current.contact,
      price: current.price,
      reference_price: current.reference_price,
      offer_ends_at: current.offer_ends_at,
      sample_lesson: { module_id: 'web-application', number: 2 },
    },
    reason: 'Offer the second lesson free',
  });
  await page.goto('/admin/settings');
  await expect(page.getByLabel('Free sample lesson: module')).toHaveValue('web-application');
  await expect(page.getByLabel('Lesson number')).toHaveValue('2');
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
