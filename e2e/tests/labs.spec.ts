import type { Request } from '@playwright/test';
import { LAB_ORIGIN, LABS_APP_PORT } from '../playwright.config';
import { certificateIdsByModule, expectNoSeriousA11yViolations } from './account-helpers';
import { completeLessons, expect, makePaid, newLearner, signUpByApi, test } from './fixtures';

// A learner on a phone starts the SQL-injection lab from its lesson, solves it with the
// lab's request editor, and sees "Solved" in the lesson, the outline and the dashboard.
// The labs run on their own site (LAB_ORIGIN, another host than the app's), served by the
// supervised lab host that playwright.config.ts starts on the real course.

const APP = `http://localhost:${LABS_APP_PORT}`;
const LAB_TITLE = 'Log in as the administrator without a password';

test.use({ baseURL: APP, viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

test('a phone learner solves a lab with the request editor, and the course records it', async ({ page, context }) => {
  const learner = newLearner();
  await signUpByApi(page.request, learner);
  await makePaid(learner, process.env.E2E_LABS_DATABASE_URL);

  // Every request the browser sends to the lab site, with the headers it really sent.
  const labRequests: Request[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith(LAB_ORIGIN)) labRequests.push(request);
  });

  await page.goto('/course/web-application/5');
  const block = page.getByTestId('lab-web-sqli-login-bypass');
  await expect(block.getByRole('heading', { name: `Try it: ${LAB_TITLE}` })).toBeVisible();
  await expect(block.getByText('Beginner')).toBeVisible();

  const [lab] = await Promise.all([
    page.waitForEvent('popup'),
    block.getByRole('button', { name: 'Start lab' }).click(),
  ]);
  await expect(lab).toHaveURL(new RegExp(`^${LAB_ORIGIN}/i/`));
  await expect(lab.getByRole('heading', { name: 'Staff portal' })).toBeVisible();
  await expectNoSeriousA11yViolations(lab);
  // Made for the phone: nothing wider than the screen.
  expect(await lab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await lab.getByText('Request editor').click();
  await lab.getByLabel('Method').selectOption('POST');
  await lab.getByLabel('Path').fill('/login');
  await lab.getByLabel('Headers, one per line').fill('Content-Type: application/x-www-form-urlencoded');
  await lab.getByLabel('Body').fill("username=administrator'--&password=anything");
  await lab.getByRole('button', { name: 'Send' }).click();

  await expect(lab.getByRole('heading', { name: 'Lab solved' })).toBeVisible();
  await expect(lab.getByText(/HTTP\/1\.1 200 OK/)).toBeVisible();
  const flag = await lab.locator('.lab-flag').textContent();
  expect(flag).toMatch(/^EHC\{[A-Za-z0-9_-]{20,}\}$/);
  await expectNoSeriousA11yViolations(lab);

  // The lab tab reported the solve to the lesson tab, which recorded it.
  await expect(block.getByText('✓ Solved')).toBeVisible();
  await page
    .getByRole('button', { name: /lessons/i })
    .first()
    .click();
  // Lesson 5 has two labs (login bypass and UNION extraction): one of them is solved.
  await expect(page.getByRole('dialog').getByTestId('outline-lab-5')).toHaveText('Labs: 1/2');

  await page.goto('/dashboard');
  const card = page.locator('article', { has: page.getByRole('heading', { name: 'Web Application Security' }) });
  await expect(card.getByTestId('card-labs')).toHaveText(/^Labs: 1\/\d+$/);
  // Checks never tried are not "0 of N".
  await expect(card.getByTestId('card-progress')).toContainText('Checks: not attempted');

  // Evidence is private until the learner shows it; then /verify reads "Labs solved".
  await completeLessons(
    page,
    'web-application',
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
  const id = (await certificateIdsByModule(page)).get('web-application')!;
  await page.goto(`/verify/${encodeURIComponent(id)}`);
  await expect(page.getByText('✓ Valid certificate')).toBeVisible();
  await expect(page.getByText('Labs solved')).toHaveCount(0);
  await page.goto('/account');
  const evidence = page.getByLabel(/Show labs solved and knowledge-check scores/);
  await expect(evidence).not.toBeChecked();
  await evidence.check();
  await expect(page.getByText('Shown on your certificates.')).toBeVisible();
  await page.goto(`/verify/${encodeURIComponent(id)}`);
  await expect(page.getByTestId('verify-labs')).toHaveText(/^1 of \d+$/);
  await expect(page.getByText('Knowledge checks')).toBeVisible();
  await expect(page.getByText('not attempted')).toBeVisible();

  // The app's session cookie never went to the lab site.
  expect(labRequests.length).toBeGreaterThan(2);
  for (const request of labRequests) {
    expect((await request.allHeaders()).cookie ?? '').not.toContain('ehc_session');
  }
});

test('a flag brought back by the lab link is recorded, and a copied flag is refused', async ({ page, browser }) => {
  const learner = newLearner();
  await signUpByApi(page.request, learner);
  await makePaid(learner, process.env.E2E_LABS_DATABASE_URL);

  // Another learner's flag, pasted into the form.
  const other = await browser.newContext({ baseURL: APP });
  const otherLearner = newLearner();
  await signUpByApi(other.request, otherLearner);
  await makePaid(otherLearner, process.env.E2E_LABS_DATABASE_URL);
  const started = await other.request.post('/graphql', {
    headers: { 'sec-fetch-site': 'same-origin' },
    data: { query: 'mutation { startLab(lab_id: "web-sqli-login-bypass") { url } }' },
  });
  const url = ((await started.json()) as { data: { startLab: { url: string } } }).data.startLab.url;
  const solved = await other.request.post(new URL('login', url).toString(), {
    form: { username: "administrator'--", password: 'x' },
  });
  const foreignFlag = /EHC\{[A-Za-z0-9_-]+\}/.exec(await solved.text())![0];
  await other.close();

  await page.goto('/course/web-application/5');
  const block = page.getByTestId('lab-web-sqli-login-bypass');
  await block.getByLabel('Flag').fill(foreignFlag);
  await block.getByRole('button', { name: 'Submit flag' }).click();
  await expect(block.getByRole('alert')).toHaveText(
    'That is not your flag for this lab. Flags are personal: solve the lab to get your own.',
  );

  // The lab's "Record it in my course" link: the lesson reads the flag from the fragment.
  const [lab] = await Promise.all([
    page.waitForEvent('popup'),
    block.getByRole('button', { name: 'Start lab' }).click(),
  ]);
  await lab.getByLabel('Username').fill("administrator'--");
  await lab.getByLabel('Password').fill('x');
  await lab.getByRole('button', { name: 'Sign in' }).click();
  await lab.getByRole('link', { name: 'Record it in my course' }).click();
  await expect(lab).toHaveURL(`${APP}/course/web-application/5`);
  await expect(lab.getByTestId('lab-web-sqli-login-bypass').getByText('✓ Solved')).toBeVisible();
});
