import { ACCOUNT_MESSAGES, MESSAGES } from '@ehc/common';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { certificateIdsByModule, expectNoSeriousA11yViolations, expectOneH1, recordRefund } from './account-helpers';
import {
  completeLessons,
  expect,
  logInThroughForm,
  newLearner,
  signInPaidLearner,
  signUpByApi,
  test,
} from './fixtures';

/** The fixture course has two lessons per module; completing both issues the module's certificate. */
const BOTH_LESSONS = [1, 2];

async function openAccount(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('the account page shows the details and passes an accessibility scan', async ({ page }) => {
  const learner = await signInPaidLearner(page, { fullName: 'Nisha Verma', phone: '9123456780' });
  await openAccount(page);
  const details = section(page, 'Your details');
  await expect(details.getByText(learner.email)).toBeVisible();
  await expect(details.getByText('Nisha Verma')).toBeVisible();
  await expect(details.getByText('9123456780')).toBeVisible();
  await expect(details.getByText('Premium')).toBeVisible();
  await expect(details.getByText('Member since')).toBeVisible();
  await expect(section(page, 'Devices signed in').getByText('This device')).toBeVisible();
  await expect(section(page, 'Receipts').getByText('No payments yet.', { exact: false })).toBeVisible();
  await expectOneH1(page);
  await expectNoSeriousA11yViolations(page);
});

test('editing the name: a later certificate carries the new name, an earlier one keeps the old', async ({ page }) => {
  await signInPaidLearner(page, { fullName: 'Meera Nair' });
  await completeLessons(page, 'cryptography', BOTH_LESSONS);

  await openAccount(page);
  const form = section(page, 'Edit name and phone');
  await expect(form.getByText('Certificates already issued keep the name', { exact: false })).toBeVisible();
  await form.getByLabel('Full Name').fill('   ');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByRole('alert')).toHaveText('Full name is required for signup.');
  await expect(form.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Full Name')).toBeFocused();
  await form.getByLabel('Full Name').fill('Meera Krishnan');
  await form.getByLabel('Phone').fill('12345');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid 10-digit Indian phone number.');
  await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Phone').fill('9988776655');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.profileSaved);
  await expect(page.getByText('Welcome, Meera Krishnan')).toBeVisible();
  await expect(section(page, 'Your details').getByText('9988776655')).toBeVisible();

  await completeLessons(page, 'social-engineering', BOTH_LESSONS);
  await page.goto('/course/social-engineering');
  await page.getByRole('button', { name: 'Download Certificate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Certificate' });
  await expect(dialog.getByRole('heading', { name: 'Your certificate: Social Engineering' })).toBeVisible();
  await expect(dialog.getByText('Meera Krishnan')).toBeVisible();

  const earlier = (await certificateIdsByModule(page)).get('cryptography');
  await page.goto(`/verify/${earlier}`);
  await expect(page.getByText('✓ Valid certificate')).toBeVisible();
  await expect(page.getByText('Meera Nair')).toBeVisible();
  await expect(page.getByText('Meera Krishnan')).toHaveCount(0);
});

test('"Download my data" saves my-data.json with the account and its progress', async ({ page }) => {
  const learner = await signInPaidLearner(page);
  await completeLessons(page, 'web-application', [1]);
  await openAccount(page);

  const download = page.waitForEvent('download');
  await section(page, 'Your data').getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('my-data.json');
  const data = JSON.parse(readFileSync(await file.path(), 'utf8'));
  expect(data.account.email).toBe(learner.email);
  expect(data.account.full_name).toBe(learner.fullName);
  expect(data.completed_lessons).toEqual([expect.objectContaining({ module_id: 'web-application' })]);
  await expect(section(page, 'Your data').getByRole('status')).toHaveText('Saved as my-data.json.');
});

test('changing the password needs the current one and signs other devices out', async ({ page, browser }) => {
  const learner = await signInPaidLearner(page);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logInThroughForm(other, learner);

  await openAccount(page);
  const form = section(page, 'Change password');
  await form.getByLabel('Current Password').fill('not-my-password');
  await form.getByLabel('New Password', { exact: true }).fill('brand-new-pass-7');
  await form.getByLabel('Confirm New Password').fill('brand-new-pass-8');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Passwords do not match.');
  await expect(form.getByLabel('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Confirm New Password').fill('brand-new-pass-7');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.currentPasswordWrong);
  await expect(form.getByLabel('Current Password')).toBeFocused();

  await form.getByLabel('Current Password').fill(learner.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.passwordChanged);

  await other.goto('/dashboard');
  await expect(other).toHaveURL(`/?next=${encodeURIComponent('/dashboard')}`);
  await other.getByLabel('Email').fill(learner.email);
  await other.getByLabel('Password', { exact: true }).fill(learner.password);
  await other.getByRole('tabpanel').getByRole('button', { name: 'Login' }).click();
  await expect(other.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
  await logInThroughForm(other, { ...learner, password: 'brand-new-pass-7' });
  await otherContext.close();
});

test('"Sign out of all other devices" ends the session of a second browser', async ({ page, browser }) => {
  const learner = await signInPaidLearner(page);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logInThroughForm(other, learner);

  await openAccount(page);
  const devices = section(page, 'Devices signed in');
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('Another device')).toBeVisible();
  await devices.getByRole('button', { name: 'Sign out of all other devices' }).click();
  await expect(devices.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.otherSessionsEnded);
  await expect(devices.getByRole('listitem')).toHaveCount(1);

  await other.reload();
  await expect(other).toHaveURL(/\/\?next=/);
  await expect(other.getByRole('tab', { name: 'Login' })).toBeVisible();
  // This device stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await otherContext.close();
});

test('after a simulated payment the tax invoice shows its number, ₹49.00 with IGST for the learner’s state, and prints cleanly', async ({
  page,
}) => {
  const learner = newLearner({ fullName: 'Arjun Das', phone: '9000012345' });
  await signUpByApi(page.request, learner);
  // The learner lives in Maharashtra; the seller's GSTIN (this server's settings) is in Karnataka.
  await openAccount(page);
  const form = section(page, 'Edit name and phone');
  await form.getByLabel('State (optional)').selectOption({ label: 'Maharashtra' });
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.profileSaved);
  await page.goto('/dashboard');
  await page
    .getByRole('article', { name: 'Web Application Security' })
    .getByRole('button', { name: 'Subscribe to Access' })
    .click();
  await page.getByRole('dialog', { name: 'Subscribe' }).getByRole('button', { name: 'Subscribe Now' }).click();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Simulate success' }).click();
  await expect(page).toHaveURL(/\/dashboard\/premium$/);
  // The subscription overlay does not outlive the payment on the premium dashboard.
  await expect(page.getByRole('dialog', { name: 'Subscribe' })).toHaveCount(0);

  await openAccount(page);
  await expect(section(page, 'Your details').getByText('Paid on')).toBeVisible();
  const link = section(page, 'Receipts').getByRole('link', { name: /^Receipt EHC-\d{6}$/ });
  const number = (await link.textContent())!.replace('Receipt ', '');
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/account/receipts/${number}$`));
  const paper = page.getByRole('main');
  await expect(paper.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
  // CGST Rules 46: the taxable value labelled, reverse charge stated, and the signature line.
  await expect(paper.getByText('Taxable value')).toBeVisible();
  await expect(paper.getByTestId('invoice-declarations')).toContainText('Tax payable on reverse charge:No');
  await expect(paper.getByTestId('invoice-declarations')).toContainText('computer-generated invoice');
  await expect(paper.getByText(number, { exact: true })).toBeVisible();
  await expect(paper.getByRole('row', { name: /Total paid/ })).toContainText('₹49.00');
  // ₹49 includes 18% GST: ₹41.53 taxable and ₹7.47 IGST, supplied to Maharashtra.
  await expect(paper.getByText('SAC 999293')).toBeVisible();
  await expect(paper.getByRole('row', { name: /Course/ }).first()).toContainText('₹41.53');
  await expect(paper.getByRole('row', { name: /IGST @ 18%/ })).toContainText('₹7.47');
  await expect(paper.getByText('Maharashtra (27)')).toBeVisible();
  await expect(paper.getByText('Arjun Das')).toBeVisible();
  await expect(paper.getByText(learner.email)).toBeVisible();
  await expect(paper.getByText('9000012345')).toBeVisible();
  await expect(paper.getByText(/^pay_/)).toBeVisible();
  // The method by name (common/src/payment-methods.ts, which the receipt email shares).
  await expect(paper.getByText('Test payment (simulated gateway)', { exact: true })).toBeVisible();
  await expect(paper.getByText('Surakshit Learning Private Limited', { exact: true })).toBeVisible();
  await expect(paper.getByText('4th Floor, 12 MG Road', { exact: false })).toBeVisible();
  await expect(paper.getByText('help@course.example.com · +91 80 4000 1234')).toBeVisible();
  await expect(paper.getByText('GSTIN 29ABCDE1234F1Z5', { exact: true })).toBeVisible();
  await expect(paper.getByText(/^\d{1,2} \w+ \d{4}$/)).toBeVisible();
  await expectOneH1(page);
  await expectNoSeriousA11yViolations(page);

  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Print or save as PDF' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Receipt actions' })).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ media: 'screen' });

  await expect(paper.getByText(/^Refunded on/)).toHaveCount(0);
  await recordRefund((await paper.getByText(/^pay_/).textContent())!);
  await page.reload();
  await expect(paper.getByText(/^Refunded on \d{1,2} \w+ \d{4}$/)).toBeVisible();

  await page.goto('/account/receipts/EHC-999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt not found' })).toBeVisible();
});

test('deleting the account: confirmed in a dialog, then no sign-in and the certificate shows revoked', async ({
  page,
}) => {
  // Three password checks (argon2id) and an accessibility scan: longer than most journeys.
  test.slow();
  const learner = await signInPaidLearner(page);
  await completeLessons(page, 'cryptography', BOTH_LESSONS);
  const certificateId = (await certificateIdsByModule(page)).get('cryptography');
  await openAccount(page);

  const opener = section(page, 'Delete my account').getByRole('button', { name: 'Delete my account' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await expect(dialog.getByText('Kept, as Indian tax law requires:', { exact: false })).toBeVisible();
  await expect(dialog.getByText('Certificates are revoked:', { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByLabel('Password').fill(learner.password);
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.deleteConfirmationMismatch);
  await expect(dialog.getByLabel('Type DELETE to confirm')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByLabel('Password').fill('a-wrong-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.currentPasswordWrong);

  await dialog.getByLabel('Password').fill(learner.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();

  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);

  await page.goto(`/verify/${certificateId}`);
  await expect(page.getByText('Certificate revoked')).toBeVisible();
  await expect(page.getByText(/was revoked on \d{1,2} \w+ \d{4}/)).toBeVisible();
  await expect(page.getByText('✓ Valid certificate')).toHaveCount(0);
  await expect(page).toHaveTitle('Certificate revoked');
  await expectNoSeriousA11yViolations(page);
});
