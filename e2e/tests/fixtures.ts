import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Learner {
  email: string;
  password: string;
  fullName: string;
  phone: string;
}

let counter = 0;

/** A learner with a unique email; nothing is created until `signUpByApi` or the UI does it. */
export function newLearner(overrides: Partial<Learner> = {}): Learner {
  counter += 1;
  return {
    email: `learner.${process.pid}.${Date.now()}.${counter}@example.com`,
    password: 'correct-horse-42',
    fullName: 'Asha Rao',
    phone: '9876543210',
    ...overrides,
  };
}

/** Registers a learner through the API (the same GraphQL call the form makes). */
export async function signUpByApi(request: APIRequestContext, learner: Learner): Promise<void> {
  const response = await request.post('/graphql', {
    data: {
      query: 'mutation SignupUser($input: SignupInput!) { signupUser(input: $input) { user_id } }',
      variables: {
        input: {
          email: learner.email,
          password: learner.password,
          confirm_password: learner.password,
          full_name: learner.fullName,
          phone: learner.phone,
        },
      },
    },
  });
  const body = await response.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
}

export async function logInThroughForm(page: Page, learner: Learner): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Fails any test during which the page logged an error it did not expect. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
