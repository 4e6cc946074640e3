import { MODULE_IDS } from '@ehc/common';
import {
  completeLessons,
  expect,
  holdRequests,
  newLearner,
  pageIsLive,
  signInPaidLearner,
  signUpByApi,
  test,
} from './fixtures';

// The journeys run on the fixture course (server/src/test/fixture-content): seven modules
// of two lessons, except web-application with three.

test.describe('dashboard', () => {
  test('a paid learner sees seven open modules, stats and the PREMIUM badge', async ({ page }) => {
    await signInPaidLearner(page, { fullName: 'Neha Kulkarni' });
    await page.goto('/dashboard');

    await expect(page.getByText('Welcome, Neha Kulkarni')).toBeVisible();
    await expect(page.getByText('PREMIUM', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Certificate' })).toHaveCount(0);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(7);
    await expect(page.getByRole('button', { name: 'Start Learning' })).toHaveCount(7);
    await expect(page.getByRole('img', { name: 'Locked' })).toHaveCount(0);

    const web = page.getByRole('article', { name: 'Web Application Security' });
    await expect(web.getByText('3 lessons', { exact: true })).toBeVisible();
    // The learner's own progress in the module, under its size.
    await expect(web.getByTestId('card-progress')).toContainText('0/3 lessons');
    await expect(web.getByText('🌐')).toBeVisible();
    for (const [title, difficulty, colour] of [
      ['Web Application Security', 'Beginner', 'emerald'],
      ['WiFi Hacking', 'Intermediate', 'amber'],
      ['Cryptography & Encryption', 'Advanced', 'red'],
    ] as const) {
      const badge = page.getByRole('article', { name: title }).locator(`[data-difficulty="${difficulty}"]`);
      await expect(badge).toHaveText(difficulty);
      await expect(badge).toHaveClass(new RegExp(`text-${colour}-`));
    }

    await expect(page.locator('[data-stat="Progress"]')).toHaveText('0%');
    await expect(page.locator('[data-stat="Modules done"]')).toHaveText('0/7');
    await expect(page.locator('[data-stat="Status"]')).toHaveText('Premium');
  });

  test('an unpaid learner sees locks and gets the subscription screen', async ({ page }) => {
    await signUpByApi(page.request, newLearner());
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Subscribe to Access' })).toHaveCount(7);
    await expect(page.getByRole('img', { name: 'Locked' })).toHaveCount(7);
    await expect(page.locator('[data-stat="Status"]')).toHaveText('Free');
    await expect(page.getByText('PREMIUM', { exact: true })).toHaveCount(0);

    await page.getByRole('article', { name: 'Cryptography & Encryption' }).getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('99% OFF')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await dialog.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('an unpaid learner opening a course gets the payment screen instead', async ({ page }) => {
    await signUpByApi(page.request, newLearner());
    await page.goto('/course/web-application');
    await expect(page.getByRole('heading', { name: 'Unlock the full course' })).toBeVisible();
    await expect(page.getByText('Lesson 1 of 3')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('FIXTURE-LESSON-BODY');
  });

  test('all seven modules done: Certified! and the Certificate button', async ({ page }) => {
    await signInPaidLearner(page);
    for (const id of MODULE_IDS) await completeLessons(page, id, id === 'web-application' ? [1, 2, 3] : [1, 2]);
    await page.goto('/dashboard');
    await expect(page.locator('[data-stat="Progress"]')).toHaveText('100%');
    await expect(page.locator('[data-stat="Modules done"]')).toHaveText('7/7');
    await expect(page.locator('[data-stat="Status"]')).toHaveText('Certified!');
    await expect(page.getByRole('button', { name: 'Review' })).toHaveCount(7);
    await page.getByRole('button', { name: 'Certificate' }).click();
    const certificate = page.getByRole('dialog', { name: 'Certificate' });
    await expect(
      certificate.getByRole('heading', { name: 'Your certificate: Ethical Hacking & Cybersecurity' }),
    ).toBeVisible();
    await expect(certificate.getByRole('img', { name: /Certificate of completion/ })).toBeVisible();
    await expect(certificate.getByText('Cryptography & Encryption', { exact: false })).toBeVisible();
  });

  test('progress made elsewhere after the page opened shows once the learner moves to the dashboard', async ({
    page,
  }) => {
    await signInPaidLearner(page);
    // The page opens on the account screen; its session document carries the progress then.
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    // Meanwhile, in another tab, the learner finishes a lesson.
    await completeLessons(page, 'web-application', [1]);
    await page.getByRole('link', { name: '← Back to Dashboard' }).click();
    const web = page.getByRole('article', { name: 'Web Application Security' });
    await expect(web.getByTestId('card-progress')).toContainText('1/3 lessons');
  });

  test('the scroll position comes back after visiting a course', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await signInPaidLearner(page);
    await page.goto('/dashboard');
    // The place is kept from when the app is live (the page arrives rendered, decision 0043).
    await pageIsLive(page);
    const last = page.getByRole('article', { name: 'Cryptography & Encryption' });
    await last.scrollIntoViewIfNeeded();
    const saved = await page.evaluate(() => window.scrollY);
    expect(saved).toBeGreaterThan(1000);
    await last.getByRole('button', { name: 'Start Learning' }).click();
    await expect(page).toHaveURL(/\/course\/cryptography\/1$/);
    // The reader's top bar holds the way back on a phone.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(last).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(saved);
  });
});

test.describe('course reader', () => {
  test('navigates, saves progress and completes a module', async ({ page }) => {
    await signInPaidLearner(page);
    await page.goto('/dashboard');
    await page
      .getByRole('article', { name: 'Web Application Security' })
      .getByRole('button', { name: 'Start Learning' })
      .click();
    await expect(page).toHaveURL(/\/course\/web-application\/1$/);

    const outline = page.getByRole('complementary', { name: 'Course outline' });
    await expect(outline.getByTestId('outline-title')).toHaveText(/Web Application Security$/);
    await expect(outline.getByText('Fixture module 4 for tests')).toBeVisible();
    await expect(page.getByTestId('course-progress')).toHaveText('0%');
    const lessons = outline.getByRole('navigation', { name: 'Lessons' }).getByRole('link');
    await expect(lessons).toHaveCount(3);
    await expect(lessons.nth(0)).toHaveAttribute('aria-current', 'page');

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Web Application Security fixture lesson 1');
    await expect(page.getByText('Lesson 1 of 3').last()).toBeVisible();
    await expect(main.getByText('FIXTURE-LESSON-BODY-web-application-1')).toBeVisible();
    await expect(main.locator('pre code.hljs')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(lessons.nth(0).getByRole('img', { name: 'completed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
    await expect(page.getByTestId('course-progress')).toHaveText('33%');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Web Application Security fixture lesson 2');
    await expect(page.getByText('Lesson 2 of 3').last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Lesson 1 of 3').last()).toBeVisible();

    // Jump ahead with the sidebar, skipping lesson 2.
    await lessons.nth(2).click();
    await expect(lessons.nth(2)).toHaveAttribute('aria-current', 'page');
    await expect(main.getByText('FIXTURE-LESSON-BODY-web-application-3')).toBeVisible();
    await page.getByRole('button', { name: 'Complete Module' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'finish lesson 2 first' })).toBeVisible();
    await expect(page.getByText('Lesson 2 of 3').last()).toBeVisible();
    await expect(page.getByTestId('course-progress')).toHaveText('67%');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByTestId('course-progress')).toHaveText('100%');
    await page.getByRole('button', { name: 'Complete Module' }).click();
    const certificate = page.getByRole('dialog', { name: 'Certificate' });
    await expect(
      certificate.getByRole('heading', { name: 'Your certificate: Web Application Security' }),
    ).toBeVisible();
    await certificate.getByRole('button', { name: 'Back to Dashboard' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    const card = page.getByRole('article', { name: 'Web Application Security' });
    await expect(card.getByRole('button', { name: 'Review' })).toBeVisible();
    await expect(page.locator('[data-stat="Progress"]')).toHaveText('14%');
    await expect(page.locator('[data-stat="Modules done"]')).toHaveText('1/7');

    await card.getByRole('button', { name: 'Review' }).click();
    await expect(page.getByText('Module Completed!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download Certificate' })).toBeVisible();
  });

  test('resumes at the first incomplete lesson after a reload and in another session', async ({ page, browser }) => {
    const learner = await signInPaidLearner(page);
    await page.goto('/course/web-application');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('Lesson 2 of 3').last()).toBeVisible();
    // The module's own address, without a lesson, resumes where the learner stopped.
    await page.goto('/course/web-application');
    await expect(page).toHaveURL(/\/course\/web-application\/2$/);
    await expect(page.getByText('Lesson 2 of 3').last()).toBeVisible();
    await expect(page.getByTestId('course-progress')).toHaveText('33%');

    const other = await browser.newContext();
    const device = await other.newPage();
    await device.goto('/');
    await device.getByLabel('Email').fill(learner.email);
    await device.getByLabel('Password', { exact: true }).fill(learner.password);
    await device.getByRole('tabpanel').getByRole('button', { name: 'Login' }).click();
    await expect(device).toHaveURL(/\/dashboard$/);
    await device.goto('/course/web-application');
    await expect(device.getByText('Lesson 2 of 3').last()).toBeVisible();
    await other.close();
  });

  test('a completed module re-opened saves nothing when "Complete Module" is pressed', async ({ page }) => {
    await signInPaidLearner(page);
    await completeLessons(page, 'cryptography', [1, 2]);
    await page.goto('/course/cryptography');
    await expect(page.getByText('Module Completed!')).toBeVisible();
    let saves = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.postDataJSON()?.operationName === 'UpdateUserProgress')
        saves += 1;
    });
    await page.getByRole('navigation', { name: 'Lessons' }).getByRole('link').nth(1).click();
    await page.getByRole('button', { name: 'Complete Module' }).click();
    await expect(page.getByRole('dialog', { name: 'Certificate' })).toBeVisible();
    expect(saves).toBe(0);
  });

  test('a failed save alerts the learner and opens no certificate', async ({ page, allowConsoleErrors }) => {
    await signInPaidLearner(page);
    await completeLessons(page, 'cryptography', [1]);
    await page.goto('/course/cryptography');
    await expect(page.getByText('Lesson 2 of 2').last()).toBeVisible();
    await page.route('**/graphql', async (route) => {
      if (route.request().postDataJSON()?.operationName === 'UpdateUserProgress') {
        await route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream failure' });
      } else {
        await route.continue();
      }
    });
    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Complete Module' }).click();
    await expect.poll(() => alerts).toEqual(['alert: Error saving progress. Please try again.']);
    // The browser reports the refused request itself; that error is this test's point.
    allowConsoleErrors(/status of 500/);
    await expect(page.getByRole('dialog', { name: 'Certificate' })).toHaveCount(0);
    await expect(page.getByText('Module Completed!')).toHaveCount(0);
  });

  test('an unknown module shows "Loading..." and then the dashboard', async ({ page }) => {
    await signInPaidLearner(page);
    // Hold the catalogue answer so the "Loading..." screen can be seen before the redirect.
    const release = await holdRequests(page, '**/api/catalogue/*');
    await page.goto('/course/no-such-module');
    // While a page's chunk arrives React keeps the waiting page in the DOM, hidden, under
    // the visible "Loading...": what the learner sees is the visible one.
    await expect(page.getByText('Loading...').filter({ visible: true })).toBeVisible();
    await expect(page).toHaveURL(/\/course\/no-such-module$/);
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('on a 360 px phone the outline opens as a drawer and code scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInPaidLearner(page);
    await page.goto('/course/web-application');
    const drawer = page.getByRole('dialog', { name: 'Lessons' });
    await expect(page.getByRole('complementary', { name: 'Course outline' })).toBeHidden();
    const opener = page.getByRole('button', { name: 'Lessons' });
    await opener.click();
    await expect(drawer.getByRole('complementary', { name: 'Course outline' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(opener).toBeFocused();
    await opener.click();
    await drawer.getByRole('navigation', { name: 'Lessons' }).getByRole('link').nth(1).click();
    await expect(drawer).toHaveCount(0);
    await expect(page).toHaveURL(/\/course\/web-application\/2$/);
    await expect(page.getByText('Lesson 2 of 3').last()).toBeVisible();
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(360);
    await expect(page.locator('.lesson-content pre').first()).toHaveCSS('overflow-x', 'auto');
  });
});
