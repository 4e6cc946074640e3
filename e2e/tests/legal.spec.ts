import { MESSAGES } from '@ehc/common';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectOneH1 } from './account-helpers';
import { expect, newLearner, signUpByApi, test } from './fixtures';

// The four pages are Markdown in content/legal/, with the seller filled in from the
// business settings; the e2e servers' seller comes from playwright.config.ts.

const PAGES = [
  { link: 'Terms of use', path: '/terms', heading: 'Terms of use' },
  { link: 'Privacy notice', path: '/privacy', heading: 'Privacy notice' },
  { link: 'Refund policy', path: '/refunds', heading: 'Refund policy' },
  { link: 'Contact us', path: '/contact', heading: 'Contact us' },
];

const footer = (page: Page) => page.getByRole('navigation', { name: 'Legal and contact' });

test('the footer of every public page links the four legal pages, and each opens', async ({
  page,
  allowConsoleErrors,
}) => {
  // The made-up certificate's page is answered with 404, as it should be.
  allowConsoleErrors(/status of 404/);
  for (const start of ['/', '/forgot-password', '/reset-password?token=made-up', '/verify/EHC-NOT-A-CERTIFICATE']) {
    await page.goto(start);
    for (const { link, path } of PAGES) {
      await expect(footer(page).getByRole('link', { name: link })).toHaveAttribute('href', path);
    }
  }
  await page.goto('/');
  for (const { link, path, heading } of PAGES) {
    await footer(page).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The legal pages carry the footer too.
    await expect(footer(page).getByRole('link')).toHaveCount(4);
  }
});

test('the contact page names the seller from the business settings and passes an accessibility scan', async ({
  page,
}) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(main.getByText('Surakshit Learning Private Limited')).toBeVisible();
  await expect(main.getByText('4th Floor, 12 MG Road, Bengaluru, Karnataka 560001')).toBeVisible();
  await expect(main.getByRole('link', { name: 'help@course.example.com' })).toHaveAttribute(
    'href',
    'mailto:help@course.example.com',
  );
  await expect(main.getByText('+91 80 4000 1234')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Grievance Officer' })).toBeVisible();
  await expect(main.getByText('29ABCDE1234F1Z5')).toBeVisible();
  await expect(main.getByText(/\{\{/)).toHaveCount(0);
  await expect(page).toHaveTitle('Contact us · Ethical Hacking Course');
  await expectOneH1(page);
  await expectNoSeriousA11yViolations(page);
});

test('the privacy notice says how to use each right, and links between pages stay in the app', async ({ page }) => {
  await page.goto('/privacy');
  const main = page.getByRole('main');
  for (const text of ['Download my data', 'Delete my account', 'Data Protection Board of India', 'Razorpay']) {
    await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await expectOneH1(page);
  await expectNoSeriousA11yViolations(page);

  // A marker on window survives only if following the link does not reload the app.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await main.getByRole('link', { name: 'refund policy' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund policy' })).toBeVisible();
  await expect(page.getByText('A full refund ends your access', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the payment screen links the terms, refunds and contact; "contact support" opens the contact page', async ({
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
  await page.goto('/subscription');
  const screen = page.getByRole('main');
  for (const { link, path } of PAGES.filter((p) => p.path !== '/privacy')) {
    await expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', path);
  }

  await screen.getByRole('button', { name: 'Subscribe Now' }).click();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Simulate success' }).click();
  const alert = screen.getByRole('alert');
  await expect(alert).toHaveText(MESSAGES.paymentStatusUpdateFailed);
  const support = alert.getByRole('link', { name: 'contact support' });
  await expect(support).toHaveAttribute('href', '/contact');
  const opened = page.context().waitForEvent('page');
  await support.click();
  const contact = await opened;
  await expect(contact.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  // The checkout tab keeps asking the server and unlocks once the payment is recorded.
  await expect(page).toHaveURL(/\/dashboard\/premium$/, { timeout: 20_000 });
});
