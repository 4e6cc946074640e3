import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { certificateIdsByModule, expectNoSeriousA11yViolations, expectOneH1 } from './account-helpers';
import {
  completeLessons,
  expect,
  newLearner,
  payByApi,
  signInAdmin,
  signInPaidLearner,
  signUpByApi,
  test,
  type Learner,
} from './fixtures';

// The console (/admin): admins are made with `npm run admin -- grant <email>` (fixtures.ts).

/** A learner signed in in a browser of their own, beside the admin's. */
async function learnerBrowser(browser: Browser, learner: Learner = newLearner()) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpByApi(page.request, learner);
  return { context, page, learner };
}

async function search(page: Page, query: string) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a learner' })).toBeVisible();
  await page.getByLabel('Name, email, phone, order id, payment id or certificate id').fill(query);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: /matches/ })).toBeVisible();
}

async function openLearner(page: Page, query: string, learner: Learner) {
  await search(page, query);
  await page.getByRole('link', { name: learner.fullName }).click();
  await expect(page.getByRole('heading', { level: 1, name: learner.fullName })).toBeVisible();
}

/**
 * Opens an action's dialog from `button`, checks that it cannot be confirmed without a
 * reason, gives one and confirms. Returns the dialog's confirm button name for reuse.
 */
async function confirmWithReason(page: Page, button: Locator, title: string, confirm: string, reason: string) {
  await button.click();
  const dialog = page.getByRole('dialog', { name: title });
  const reasonField = dialog.getByLabel('Reason');
  await expect(reasonField).toBeFocused();
  const confirmButton = dialog.getByRole('button', { name: confirm });
  await expect(confirmButton).toBeDisabled();
  await reasonField.fill('why');
  await expect(confirmButton).toBeDisabled();
  await reasonField.fill(reason);
  await expect(confirmButton).toBeEnabled();
  await confirmButton.click();
  await expect(dialog).toHaveCount(0);
}

const auditLog = (page: Page) => page.getByRole('table', { name: 'Audit log' });

test('only admins get the console: no link and "Admins only" for a learner, the console for an admin', async ({
  page,
  browser,
}) => {
  const learner = await learnerBrowser(browser);
  const consoleChunks: string[] = [];
  learner.page.on('request', (request) => {
    if (/AdminConsole-.*\.js$/.test(request.url())) consoleChunks.push(request.url());
  });
  await learner.page.goto('/dashboard');
  await expect(learner.page.getByRole('button', { name: 'Subscribe to Access' })).toHaveCount(7);
  await expect(learner.page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await learner.page.goto('/admin');
  await expect(learner.page.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
  expect(consoleChunks, 'a learner never downloads the console').toEqual([]);
  await learner.context.close();

  await signInAdmin(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find a learner' })).toBeVisible();
  await expectOneH1(page);
  await expectNoSeriousA11yViolations(page);
});

test('found by payment id: a refund locks the learner again, a grant unlocks them, each in the audit log', async ({
  page,
  browser,
}) => {
  // Two browsers, a refund, a grant and three accessibility scans: on a busy 2-core machine
  // the journey alone can take more than the default 30 s.
  test.slow();
  const learner = await learnerBrowser(browser, newLearner({ fullName: 'Farhan Sheikh' }));
  const paymentId = await payByApi(learner.page.request);
  await learner.page.goto('/dashboard');
  await expect(learner.page.getByRole('button', { name: 'Start Learning' })).toHaveCount(7);

  await signInAdmin(page);
  await openLearner(page, paymentId, learner.learner);
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByText(learner.learner.email)).toBeVisible();
  const payment = page
    .getByRole('table', { name: 'Payments', exact: true })
    .getByRole('row')
    .filter({ hasText: paymentId });
  await expect(payment.getByText('Captured')).toBeVisible();
  await expect(payment.getByText(/^EHC-\d+$/)).toBeVisible();
  await expectOneH1(page);
  await expectNoSeriousA11yViolations(page);

  // Escape cancels and gives focus back to the button that opened the dialog.
  const refund = payment.getByRole('button', { name: `Refund payment ${paymentId}` });
  await refund.click();
  await expect(page.getByRole('dialog', { name: 'Refund payment' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(refund).toBeFocused();

  await confirmWithReason(page, refund, 'Refund payment', 'Refund ₹49.00', 'Asked within 7 days by email');
  await expect(page.getByRole('status').filter({ hasText: 'Refund recorded.' })).toBeVisible();
  const refundEntry = auditLog(page).getByRole('row').filter({ hasText: 'Asked within 7 days by email' });
  await expect(refundEntry).toContainText('Refund payment');
  await expect(refundEntry).toContainText(paymentId);
  await expect(async () => {
    await learner.page.reload();
    await expect(learner.page.getByRole('button', { name: 'Subscribe to Access' })).toHaveCount(7, { timeout: 2000 });
  }).toPass();

  await page.reload();
  await confirmWithReason(
    page,
    page.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Grant access' }),
    'Grant access',
    'Grant access',
    'Course access kept as a goodwill gesture',
  );
  await expect(page.getByRole('status').filter({ hasText: 'Access granted.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account' }).getByText('Paid', { exact: true })).toBeVisible();
  const grantEntry = auditLog(page).getByRole('row').filter({ hasText: 'Course access kept as a goodwill gesture' });
  await expect(grantEntry).toContainText('Grant access');
  await learner.page.reload();
  await expect(learner.page.getByRole('button', { name: 'Start Learning' })).toHaveCount(7);
  await learner.context.close();
});

test('a certificate revoked in the console shows as revoked on /verify', async ({ page, browser }) => {
  const context = await browser.newContext();
  const learnerPage = await context.newPage();
  const learner = await signInPaidLearner(learnerPage, { fullName: 'Lakshmi Iyer' });
  await completeLessons(learnerPage, 'cryptography', [1, 2]);
  const certificateId = (await certificateIdsByModule(learnerPage)).get('cryptography')!;
  await context.close();

  await signInAdmin(page);
  await openLearner(page, certificateId, learner);
  const row = page.getByRole('table', { name: 'Certificates' }).getByRole('row').filter({ hasText: certificateId });
  await expect(row.getByText('Valid')).toBeVisible();
  await confirmWithReason(
    page,
    row.getByRole('button', { name: `Revoke certificate ${certificateId}` }),
    'Revoke certificate',
    'Revoke certificate',
    'Completed by a shared account',
  );
  await expect(row.getByText('Revoked')).toBeVisible();
  await expect(auditLog(page).getByRole('row').filter({ hasText: 'Completed by a shared account' })).toContainText(
    certificateId,
  );

  await page.goto(`/verify/${certificateId}`);
  await expect(page.getByText('Certificate revoked', { exact: true })).toBeVisible();
  await expect(page.getByText('Lakshmi Iyer')).toHaveCount(0);
});

test('sales for the last 30 days, and the payments as CSV', async ({ page, browser }) => {
  const learner = await learnerBrowser(browser);
  const paymentId = await payByApi(learner.page.request);
  await learner.context.close();

  await signInAdmin(page);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Sales' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  expect(days).toBe(30);
  for (const figure of ['Sign-ups', 'Paid learners', 'Revenue', 'Refunds', 'Conversion']) {
    await expect(page.getByRole('term').filter({ hasText: figure })).toBeVisible();
  }
  // The payment above was made today (India time), the range's last day.
  const today = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const todayRow = page
    .getByRole('table', { name: 'Sales day by day' })
    .getByRole('row')
    .filter({ hasText: today.format(new Date(`${to}T00:00:00Z`)) });
  await expect(todayRow).toHaveCount(1);
  await expect(todayRow.getByRole('cell').nth(2)).not.toHaveText('0');
  await expectOneH1(page);
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download payments CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`payments-${from}-${to}.csv`);
  expect(readFileSync(await file.path(), 'utf8')).toContain(paymentId);
});
