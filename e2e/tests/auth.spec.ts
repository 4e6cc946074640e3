import { expectNoSeriousA11yViolations } from './account-helpers';
import { MESSAGES, VALIDATION_MESSAGES as M } from '@ehc/common';
import type { Page } from '@playwright/test';
import { expect, holdRequests, logInThroughForm, newLearner, operation, signUpByApi, test } from './fixtures';

async function openSignUp(page: Page) {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
}

async function fillSignUp(
  page: Page,
  fields: Partial<Record<'name' | 'email' | 'phone' | 'password' | 'confirm', string>>,
) {
  if (fields.name !== undefined) await page.getByLabel('Full Name').fill(fields.name);
  if (fields.email !== undefined) await page.getByLabel('Email').fill(fields.email);
  if (fields.phone !== undefined) await page.getByLabel('Phone').fill(fields.phone);
  if (fields.password !== undefined) await page.getByLabel('Password', { exact: true }).fill(fields.password);
  if (fields.confirm !== undefined) await page.getByLabel('Confirm Password').fill(fields.confirm);
}

const submitButton = (page: Page, name: 'Login' | 'Sign Up') =>
  page.getByRole('tabpanel').getByRole('button', { name });

test.describe('Login / Sign Up screen', () => {
  test('has the two tabs, the labelled fields and the footer toggle', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveCount(0);

    await page.getByRole('paragraph').getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    for (const label of ['Full Name', 'Email', 'Phone', 'Confirm Password']) {
      await expect(page.getByLabel(label)).toBeVisible();
    }
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();

    await page.getByRole('paragraph').getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the phone field takes a pasted "+91 98765 43210" whole, and the account keeps its 10 digits', async ({
    page,
  }) => {
    const learner = newLearner();
    await openSignUp(page);
    await page.getByLabel('Full Name').fill(learner.fullName);
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Phone').fill('+91 98765 43210');
    await expect(page.getByLabel('Phone')).toHaveValue('+91 98765 43210');
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByLabel('Confirm Password').fill(learner.password);
    await page.getByRole('tabpanel').getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/account');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('9876543210');
  });

  const signUpCases: [string, Parameters<typeof fillSignUp>[1], string][] = [
    [
      'an invalid email',
      { name: 'Asha', email: 'asha@example', phone: '9876543210', password: 'secret1', confirm: 'secret1' },
      M.email,
    ],
    [
      'a short password',
      { name: 'Asha', email: 'asha@example.com', phone: '9876543210', password: '12345', confirm: '12345' },
      M.passwordTooShort,
    ],
    [
      'no full name',
      { name: '   ', email: 'asha@example.com', phone: '9876543210', password: 'secret1', confirm: 'secret1' },
      M.fullNameRequired,
    ],
    [
      'no phone',
      { name: 'Asha', email: 'asha@example.com', phone: '', password: 'secret1', confirm: 'secret1' },
      M.phoneRequired,
    ],
    [
      'a landline-style phone',
      { name: 'Asha', email: 'asha@example.com', phone: '2212345678', password: 'secret1', confirm: 'secret1' },
      M.phoneInvalid,
    ],
    [
      'mismatched passwords',
      { name: 'Asha', email: 'asha@example.com', phone: '9876543210', password: 'secret1', confirm: 'secret2' },
      M.passwordMismatch,
    ],
  ];
  for (const [name, fields, message] of signUpCases) {
    test(`sign-up shows "${message}" for ${name}`, async ({ page }) => {
      await openSignUp(page);
      await fillSignUp(page, fields);
      await submitButton(page, 'Sign Up').click();
      await expect(page.getByRole('alert')).toHaveText(message);
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('sign-up shows "User already exists with this email" for a taken email', async ({ page, request }) => {
    const existing = newLearner();
    await signUpByApi(request, existing);
    await openSignUp(page);
    await fillSignUp(page, {
      name: 'Someone Else',
      email: existing.email,
      phone: '9123456780',
      password: 'another1',
      confirm: 'another1',
    });
    await submitButton(page, 'Sign Up').click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.userExists);
  });

  test('login shows the validation messages and "Invalid email or password"', async ({ page, request }) => {
    const learner = newLearner();
    await signUpByApi(request, learner);
    await page.goto('/');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await submitButton(page, 'Login').click();
    await expect(page.getByRole('alert')).toHaveText(M.email);

    await page.getByLabel('Email').fill(learner.email);
    await expect(page.getByRole('alert')).toHaveText('');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await submitButton(page, 'Login').click();
    await expect(page.getByRole('alert')).toHaveText(M.passwordTooShort);

    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await submitButton(page, 'Login').click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);

    await page.getByLabel('Email').fill(`nobody.${Date.now()}@example.com`);
    await submitButton(page, 'Login').click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
  });

  test('switching tabs clears the form and the error', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill('bad');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await submitButton(page, 'Login').click();
    await expect(page.getByRole('alert')).toHaveText(M.email);

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  });

  test('the submit button reads "Processing..." while the server works', async ({ page, request }) => {
    const learner = newLearner();
    await signUpByApi(request, learner);
    const release = await holdRequests(page, '**/graphql', operation('LoginUser'));
    await page.goto('/');
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await submitButton(page, 'Login').click();
    await expect(submitButton(page, 'Processing...' as 'Login')).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('session journeys', () => {
  test('sign up → dashboard welcome → reload stays signed in → logout → /', async ({ page }) => {
    const learner = newLearner({ fullName: 'Priya Menon' });
    await openSignUp(page);
    await fillSignUp(page, {
      name: learner.fullName,
      email: learner.email,
      phone: learner.phone,
      password: learner.password,
      confirm: learner.password,
    });
    await submitButton(page, 'Sign Up').click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Priya Menon')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Welcome, Priya Menon')).toBeVisible();
    // The session lives in an HttpOnly cookie that page scripts cannot read.
    expect(await page.evaluate(() => document.cookie)).not.toContain('ehc_session');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(`/?next=${encodeURIComponent('/dashboard')}`);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  });

  test('an existing learner logs in and lands on the dashboard', async ({ page, request }) => {
    const learner = newLearner({ fullName: 'Kiran Das' });
    await signUpByApi(request, learner);
    await logInThroughForm(page, learner);
    await expect(page.getByText('Welcome, Kiran Das')).toBeVisible();
  });

  test('a signed-out visit to a protected route ends at /, keeping the address to come back to', async ({ page }) => {
    for (const path of [
      '/dashboard',
      '/dashboard/premium',
      '/course/web-application',
      '/course/web-application/2',
      '/subscription',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    }
  });

  test('logging in from a protected link comes back to it; a link to elsewhere goes to the dashboard', async ({
    page,
  }) => {
    const learner = newLearner();
    await signUpByApi(page.request, learner);
    await page.context().clearCookies();
    await page.goto('/account');
    await expect(page).toHaveURL(/\?next=/);
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('tabpanel').getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();

    await page.context().clearCookies();
    await page.goto(`/?next=${encodeURIComponent('//evil.example/dashboard')}`);
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('tabpanel').getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('protected routes show "Loading..." while the session loads', async ({ page }) => {
    const release = await holdRequests(page, '**/api/session');
    await page.goto('/dashboard');
    await expect(page.getByText('Loading...').filter({ visible: true })).toBeVisible();
    release();
    await expect(page).toHaveURL(`/?next=${encodeURIComponent('/dashboard')}`);
  });

  test('an unknown path answers 404, and ends at /', async ({ page, allowConsoleErrors }) => {
    // Chromium reports the page's own 404 on the console.
    allowConsoleErrors(/status of 404/);
    const response = await page.goto('/no/such/page');
    // No "soft 404": the status says there is nothing here, then the app goes home (spec).
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  });
});

test('the landing page has no serious or critical accessibility violations', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  for (const tab of ['Login', 'Sign Up']) {
    await page.getByRole('tab', { name: tab }).click();
    await expectNoSeriousA11yViolations(page);
  }
  await context.close();
});

test('the Login and Sign Up tabs move with the arrow keys, and the panel is not the form itself', async ({ page }) => {
  await page.goto('/');
  const login = page.getByRole('tab', { name: 'Login' });
  const signup = page.getByRole('tab', { name: 'Sign Up' });
  // The page comes rendered by the server: its tabs work once its code has run.
  await expect(login).toBeEnabled();
  await login.focus();
  await page.keyboard.press('ArrowRight');
  await expect(signup).toBeFocused();
  await expect(signup).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(login).toBeFocused();
  await expect(login).toHaveAttribute('aria-selected', 'true');
  // One tab stop for the tab list: the unselected tab is reached by the arrows.
  await expect(signup).toHaveAttribute('tabindex', '-1');
  // HTML does not allow the tabpanel role on a form element.
  await expect(page.locator('form[role]')).toHaveCount(0);
  await expect(page.getByRole('tabpanel').locator('form')).toHaveCount(1);
});
