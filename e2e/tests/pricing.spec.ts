import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { SETTINGS_PORT } from '../playwright.config';
import { expectNoSeriousA11yViolations, expectOneH1 } from './account-helpers';
import { expect, graphql, makeAdmin, newLearner, signUpByApi, test } from './fixtures';

// Honest prices (product-decisions §7) on a server of their own: its business settings are
// changed here, and they are global, so these journeys run one after another.
const BASE_URL = `http://localhost:${SETTINGS_PORT}`;
const DATABASE_URL = process.env.E2E_SETTINGS_DATABASE_URL!;
test.use({ baseURL: BASE_URL });
test.describe.configure({ mode: 'serial' });

const SELLER = {
  legal_name: 'Surakshit Learning Private Limited',
  address: '4th Floor, 12 MG Road, Bengaluru, Karnataka 560001',
  support_email: 'help@course.example.com',
  support_phone: '+91 80 4000 1234',
  grievance_officer: null,
  gstin: '29ABCDE1234F1Z5',
};
const SPEC_REFERENCE = { paise: 499_900, charged_since: '2025-01-01', charged_until: '2025-06-30' };

let admin: APIRequestContext;

test.beforeAll(async () => {
  admin = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const account = newLearner({ fullName: 'Kavita Admin' });
  await signUpByApi(admin, account);
  await makeAdmin(account, DATABASE_URL);
});

test.afterAll(async () => {
  await admin.dispose();
});

/** Sets the price settings through the admin API, as the console does. */
async function setPricing(pricing: {
  reference_price: { paise: number; charged_since: string; charged_until: string } | null;
  offer_ends_at: string | null;
}) {
  await graphql(
    admin,
    `
      mutation UpdateBusinessSettings($input: BusinessSettingsInput!, $reason: String!) {
        updateBusinessSettings(input: $input, reason: $reason) {
          price
        }
      }
    `,
    { input: { ...SELLER, price: 4900, ...pricing }, reason: 'pricing journey sets the scene' },
  );
}

async function openSubscription(page: Page, price = '₹49') {
  await signUpByApi(page.request, newLearner());
  await page.goto('/dashboard');
  await page
    .getByRole('article', { name: 'Web Application Security' })
    .getByRole('button', { name: 'Subscribe to Access' })
    .click();
  const screen = page.getByRole('dialog', { name: 'Subscribe' });
  await expect(screen.getByText(price, { exact: true })).toBeVisible();
  return screen;
}

/** Closes the payment screen and lets the pop-up's 5 seconds pass. */
async function showPopup(page: Page) {
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByRole('dialog', { name: 'Subscribe' }).getByRole('button', { name: 'Back to Dashboard' }).click();
  await page.clock.runFor(5_000);
  const popup = page.getByRole('dialog', { name: "Wait! Don't Miss Out!" });
  await expect(popup).toBeVisible();
  return popup;
}

test('without a reference price nothing is struck out and nothing is "OFF"', async ({ page }) => {
  await setPricing({ reference_price: null, offer_ends_at: null });
  await page.clock.install();
  const screen = await openSubscription(page);
  await expect(screen.getByText('one-time')).toBeVisible();
  await expect(screen.getByText('GST included', { exact: false })).toBeVisible();
  await expect(screen.locator('s')).toHaveCount(0);
  await expect(screen.getByText(/OFF/)).toHaveCount(0);
  await expect(screen.getByText(/limited-time/i)).toHaveCount(0);

  const popup = await showPopup(page);
  await expect(popup.getByText('All 7 modules for ₹49, one-time.')).toBeVisible();
  await expect(popup.locator('s')).toHaveCount(0);
  await expect(popup.getByText(/% off|limited-time/i)).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto('/');
  await expect(page.getByText('One payment of ₹49 unlocks everything, for life.')).toBeVisible();
  await expect(page.locator('main s')).toHaveCount(0);
});

test('an offer whose end date has passed makes no "limited-time" claim', async ({ page }) => {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
  await setPricing({ reference_price: SPEC_REFERENCE, offer_ends_at: yesterday });
  await page.clock.install();
  const screen = await openSubscription(page);
  await expect(screen.locator('s')).toHaveText('₹4,999');
  await expect(screen.getByText('99% OFF')).toBeVisible();
  await expect(screen.getByText(/limited-time|offer ends/i)).toHaveCount(0);

  const popup = await showPopup(page);
  await expect(popup.getByText(/99% off, from ₹4,999 to ₹49/)).toBeVisible();
  await expect(popup.getByText(/limited-time|offer ends/i)).toHaveCount(0);
});

test('a running offer says "limited-time" and states its end date', async ({ page }) => {
  await setPricing({ reference_price: SPEC_REFERENCE, offer_ends_at: '2099-12-31T18:29:59Z' });
  await page.clock.install();
  const screen = await openSubscription(page);
  await expect(screen.getByText('Limited-time offer · Offer ends 31 Dec 2099')).toBeVisible();

  const popup = await showPopup(page);
  await expect(popup.getByText('Limited-time offer: 99% off, from ₹4,999 to ₹49.')).toBeVisible();
  await expect(popup.getByText('Offer ends 31 Dec 2099')).toBeVisible();
});

test('settings edited in the console change the subscription screen and the contact page', async ({
  page,
  browser,
}) => {
  // The console, a second browser for the learner and the contact page: a long journey that
  // can pass 30 s on a busy 2-core machine.
  test.slow();
  await setPricing({ reference_price: SPEC_REFERENCE, offer_ends_at: null });
  const account = newLearner({ fullName: 'Rohan Admin' });
  await signUpByApi(page.request, account);
  await makeAdmin(account, DATABASE_URL);
  // The landing and contact pages as the server renders them (scripts off), before the change.
  const visitorContext = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await expect(visitor.getByText(/One payment of ₹49\s/)).toBeVisible();
  await visitor.goto('/contact');
  await expect(visitor.getByRole('main').getByText(SELLER.legal_name)).toBeVisible();

  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Business settings' })).toBeVisible();
  await expect(page.getByLabel('Legal name')).toHaveValue(SELLER.legal_name);
  await expect(page.getByText('Dark Patterns Guidelines 2023', { exact: false })).toBeVisible();
  await expectOneH1(page);
  await expectNoSeriousA11yViolations(page);

  // A "was" price without the date it was charged is refused here, with the field named.
  await page.getByLabel('Price (₹)').fill('99');
  await page.getByLabel('“Was” price (₹, optional)').fill('1999');
  await page.getByLabel('Charged since').fill('');
  await page.getByLabel('Reason').fill('New price for the 2027 batch');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const chargedSince = page.getByLabel('Charged since');
  const missingDate = 'Please give the date since when the “was” price was charged.';
  await expect(page.getByRole('alert').filter({ hasText: missingDate })).toBeVisible();
  await expect(chargedSince).toBeFocused();
  await expect(chargedSince).toHaveAttribute('aria-invalid', 'true');
  await expect(chargedSince).toHaveAccessibleDescription(new RegExp(missingDate));

  // The server's own validation shows against the field it names.
  await chargedSince.fill('2026-01-15');
  await page.getByLabel('Charged until').fill('2026-03-31');
  await page.getByLabel('GSTIN (optional)').fill('NOT-A-GSTIN');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const gstin = page.getByLabel('GSTIN (optional)');
  await expect(page.getByRole('alert').filter({ hasText: /^GSTIN must be a 15-character GSTIN/ })).toBeVisible();
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');
  await expect(gstin).toHaveAccessibleDescription(/GSTIN must be a 15-character GSTIN/);

  await gstin.fill(SELLER.gstin);
  await page.getByLabel('Legal name').fill('Surakshit Academy LLP');
  await page.getByLabel('Offer ends on (optional)').fill('2099-03-31');
  await expect(page.getByText('Learners will see: ₹1,999 ₹99 one-time · 95% OFF · Limited-time offer')).toBeVisible();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  const learnerContext = await browser.newContext({ baseURL: BASE_URL });
  const learner = await learnerContext.newPage();
  const screen = await openSubscription(learner, '₹99');
  await expect(screen.locator('s')).toHaveText('₹1,999');
  await expect(screen.getByText('95% OFF')).toBeVisible();
  // The learner is told when the struck-out price was really charged.
  await expect(screen.getByTestId('reference-charged')).toHaveText(
    '₹1,999 was the price from 15 Jan 2026 to 31 Mar 2026.',
  );
  await expect(screen.getByText('Limited-time offer · Offer ends 31 Mar 2099')).toBeVisible();
  await learner.goto('/contact');
  await expect(learner.getByRole('main').getByText('Surakshit Academy LLP')).toBeVisible();
  await learnerContext.close();

  // The server renders the pages again from the new settings, not from what it kept.
  await visitor.goto('/');
  await expect(
    visitor.getByText(/One payment of ₹99\s*\(earlier price\s*₹1,999\s*\)\s*unlocks everything/),
  ).toBeVisible();
  await visitor.goto('/contact');
  await expect(visitor.getByRole('main').getByText('Surakshit Academy LLP')).toBeVisible();
  await visitorContext.close();
});
