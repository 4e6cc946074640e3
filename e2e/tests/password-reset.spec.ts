import { ACCOUNT_MESSAGES, MESSAGES, VALIDATION_MESSAGES } from '@ehc/common';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectOneH1 } from './account-helpers';
import {
  completeLessons,
  expect,
  logInThroughForm,
  makePaid,
  newLearner,
  signInPaidLearner,
  signUpByApi,
  test,
  type Learner,
} from './fixtures';
import { resetLinkOf, waitForEmail } from './outbox';

async function askForResetLink(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the page's code has arrived, and until then the landing
  // page, with its own Email field, stays on screen: wait for the page a learner would see.
  await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.resetRequested);
}

async function setNewPassword(page: Page, password: string) {
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
}

async function tryLogIn(page: Page, learner: Learner) {
  await page.goto('/');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Login' }).click();
}

test('forgot password: the emailed link sets a new password; the old one is refused, the new one works', async ({
  page,
  request,
}) => {
  // Signed up from a separate API context, so this browser starts signed out.
  const learner = newLearner({ fullName: 'Farah Khan' });
  await signUpByApi(request, learner);

  await askForResetLink(page, learner.email);
  const email = await waitForEmail(learner.email, 'password_reset');
  expect(email.subject).toBe('Reset your password');
  const link = resetLinkOf(email);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await setNewPassword(page, 'a-fresh-secret-9');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Farah Khan')).toBeVisible();
  await waitForEmail(learner.email, 'password_changed');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The link works once.
  await page.goto(link);
  await setNewPassword(page, 'another-secret-1');
  await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.resetLinkInvalid);

  await tryLogIn(page, learner);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
  await logInThroughForm(page, { ...learner, password: 'a-fresh-secret-9' });
});

test('the forgot-password page gives the same answer for an unknown email, and checks the address', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  await expectOneH1(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText(VALIDATION_MESSAGES.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill(`nobody.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.resetRequested);
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
});

test('too many reset requests for one email show the rate-limit message', async ({ page }) => {
  const email = `limited.${Date.now()}@example.com`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await page.request.post('/graphql', {
      data: {
        query: 'mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }',
        variables: { email },
      },
    });
    expect((await response.json()).errors).toBeUndefined();
  }
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.rateLimited);
});

test('a made-up link checks the new password first, then says the link is invalid and offers a new one', async ({
  page,
}) => {
  await page.goto('/reset-password?token=made-up');
  await expectOneH1(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('New Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm New Password').fill('12345');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(VALIDATION_MESSAGES.passwordTooShort);
  await expect(page.getByLabel('New Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('New Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm New Password').fill('long-enough-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(VALIDATION_MESSAGES.passwordMismatch);
  await expect(page.getByLabel('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Confirm New Password')).toBeFocused();

  await setNewPassword(page, 'long-enough-1');
  await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.resetLinkInvalid);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.resetLinkInvalid);
});

test('a reset link opened in a tab where someone else is signed in shows the new learner their own progress', async ({
  page,
  request,
}) => {
  // Ravi is signed in here and has finished a lesson; the page opens with his progress.
  await signInPaidLearner(page, { fullName: 'Ravi Menon' });
  await completeLessons(page, 'web-application', [1]);
  const asha = newLearner({ fullName: 'Asha Iyer' });
  await signUpByApi(request, asha);
  await makePaid(asha);
  const asked = await request.post('/graphql', {
    headers: { 'sec-fetch-site': 'same-origin' },
    data: { query: 'mutation R($e: String!) { requestPasswordReset(email: $e) }', variables: { e: asha.email } },
  });
  expect((await asked.json()).data.requestPasswordReset).toBe(true);

  // Asha's link, opened in Ravi's tab: resetting signs her in and goes to her dashboard.
  await page.goto(resetLinkOf(await waitForEmail(asha.email, 'password_reset')));
  await setNewPassword(page, 'ashas-new-secret-4');
  await expect(page.getByText('Welcome, Asha Iyer')).toBeVisible();
  const web = page.getByRole('article', { name: 'Web Application Security' });
  await expect(web.getByTestId('card-progress')).toContainText('0/3 lessons');
});
