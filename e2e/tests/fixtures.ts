import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test as base, expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { openDatabase } from '../../server/src/db/database';
import { grantCourseAccess } from '../../server/src/test/course-access';

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

/**
 * What Chromium adds to the page's own fetch. Playwright's request context is not a
 * browser and sends neither, and the server refuses a cookie-bearing POST without them.
 */
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** Registers a learner through the API (the same GraphQL call the form makes). */
export async function signUpByApi(request: APIRequestContext, learner: Learner): Promise<void> {
  const response = await request.post('/graphql', {
    headers: SAME_ORIGIN,
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

/** Unlocks the course for a learner as a verified payment would (the server's test helper). */
export async function makePaid(learner: Learner, databaseUrl = process.env.E2E_DATABASE_URL!): Promise<void> {
  const database = openDatabase(databaseUrl, console);
  try {
    const user = await database.db
      .selectFrom('app_user')
      .select('id')
      .where('user_id', '=', learner.email)
      .executeTakeFirstOrThrow();
    await grantCourseAccess(database.db, user.id);
  } finally {
    await database.close();
  }
}

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Makes the learner an admin the only way there is: `npm run admin -- grant <email>`, on
 * the database of the server the journey talks to.
 */
export async function makeAdmin(learner: Learner, databaseUrl = process.env.E2E_DATABASE_URL!): Promise<void> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'grant', learner.email], {
    cwd: repositoryRoot,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl },
  });
  expect(stdout).toContain(`${learner.email} is now an admin.`);
}

/** A signed-in admin in this page's browser context (on the server of the page's baseURL). */
export async function signInAdmin(page: Page, databaseUrl?: string): Promise<Learner> {
  const admin = newLearner({ fullName: 'Kavita Admin' });
  await signUpByApi(page.request, admin);
  await makeAdmin(admin, databaseUrl);
  return admin;
}

/** One GraphQL call with the session of `request`, failing the test on any error. */
export async function graphql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await request.post('/graphql', { headers: SAME_ORIGIN, data: { query, variables } });
  const body = await response.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

/**
 * Pays for the learner signed in on `request` as the checkout does in simulated mode:
 * order, the stand-in gateway's signed result, verification. Returns the payment id.
 */
export async function payByApi(request: APIRequestContext): Promise<string> {
  const { createPaymentOrder: order } = await graphql<{ createPaymentOrder: { order_id: string } }>(
    request,
    'mutation CreatePaymentOrder { createPaymentOrder { order_id } }',
  );
  const paid = await request.post('/simulated-razorpay/pay', {
    headers: SAME_ORIGIN,
    data: { order_id: order.order_id, outcome: 'success' },
  });
  const result = (await paid.json()) as { razorpay_payment_id: string };
  const { verifyPayment } = await graphql<{ verifyPayment: { status: string } }>(
    request,
    'mutation VerifyPayment($input: VerifyPaymentInput!) { verifyPayment(input: $input) { status } }',
    { input: result },
  );
  expect(verifyPayment.status).toBe('paid');
  return result.razorpay_payment_id;
}

/** A signed-in paid learner in this page's browser context. */
export async function signInPaidLearner(page: Page, overrides: Partial<Learner> = {}): Promise<Learner> {
  const learner = newLearner(overrides);
  await signUpByApi(page.request, learner);
  await makePaid(learner);
  return learner;
}

/**
 * Waits until the page is live: React has adopted the server's HTML (or painted the page)
 * and marked `#root` with `data-live` (app/App.tsx). A learner's rendered page arrives
 * `inert` until then (docs/decisions/0043), and Playwright's clicks wait for that on their
 * own; a test that presses Back or reads the page's behaviour waits here.
 */
export async function pageIsLive(page: Page): Promise<void> {
  await expect(page.locator('#root[data-live]:not([inert])')).toBeAttached();
}

/** Marks lessons complete through the API, as the reader would (uses the page's session). */
export async function completeLessons(page: Page, moduleId: string, numbers: number[]): Promise<void> {
  for (const number of numbers) {
    const response = await page.request.post('/graphql', {
      headers: SAME_ORIGIN,
      data: {
        query:
          'mutation UpdateUserProgress($m: String!, $n: Int!) { markLessonComplete(module_id: $m, number: $n) { completed } }',
        variables: { m: moduleId, n: number },
      },
    });
    const body = await response.json();
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  }
}

/** Signs a new learner up with the landing page's form and waits for the dashboard. */
export async function signUpThroughForm(page: Page, learner: Learner): Promise<void> {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill(learner.fullName);
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Phone').fill(learner.phone);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByLabel('Confirm Password').fill(learner.password);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function logInThroughForm(page: Page, learner: Learner): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Holds the page's requests to `url` (those `which` picks, when given) until the returned
 * function is called: what the learner sees while an answer is on its way can then be
 * checked without racing it.
 */
export async function holdRequests(
  page: Page,
  url: string,
  which: (request: Request) => boolean = () => true,
): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (which(route.request())) await held;
    await route.continue();
  });
  return release;
}

/** Picks the GraphQL requests of one named operation, for `holdRequests`. */
export function operation(name: string): (request: Request) => boolean {
  return (request) => request.postDataJSON()?.operationName === name;
}

/**
 * Fails any test during which the page logged an error it did not expect. A test that
 * provokes an error on purpose names it with `allowConsoleErrors(pattern)`.
 */
export const test = base.extend<{ allowConsoleErrors: (pattern: RegExp) => void }>({
  allowConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use((pattern) => allowed.push(pattern));
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
