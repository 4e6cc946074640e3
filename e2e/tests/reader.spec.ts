import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectOneH1 } from './account-helpers';
import { completeLessons, expect, pageIsLive, signInPaidLearner, test } from './fixtures';

// The reader of issue #14: lessons with their own addresses, and controls a phone can reach.
// Fixture lesson 2 of web-application is the long one, with a wide table.

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'laptop', width: 1280, height: 800 },
];

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

for (const viewport of VIEWPORTS) {
  test.describe(`reader at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const colorScheme of ['light', 'dark'] as const) {
      test(`the reader has one h1 and no serious accessibility violations in the ${colorScheme} theme`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme });
        await signInPaidLearner(page);
        await page.goto('/course/web-application/2');
        await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-2')).toBeVisible();
        await expectOneH1(page);
        // The lesson's title is the page's first heading, before the outline's and the checks'.
        await expect(page.getByRole('heading').first()).toHaveText('Web Application Security fixture lesson 2');
        await expectNoSeriousA11yViolations(page);
        if (viewport.width < 1024) {
          await page.getByRole('button', { name: 'Lessons' }).click();
          await expect(page.getByRole('dialog', { name: 'Lessons' })).toBeVisible();
          await expectNoSeriousA11yViolations(page);
        }
      });
    }

    test('each lesson has its own address: Next, Back, Forward, reload and the tab title follow it', async ({
      page,
    }) => {
      await signInPaidLearner(page);
      await page.goto('/course/web-application');
      await expect(page).toHaveURL(/\/course\/web-application\/1$/);
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 1');
      await expect(page).toHaveTitle('Web Application Security fixture lesson 1 · Web Application Security');

      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(page).toHaveURL(/\/course\/web-application\/2$/);
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 2');
      await expect(page).toHaveTitle('Web Application Security fixture lesson 2 · Web Application Security');
      await expect(heading(page)).toBeFocused();

      await page.goBack();
      await expect(page).toHaveURL(/\/course\/web-application\/1$/);
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 1');
      await page.goForward();
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 2');

      await page.reload();
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 2');
      await expect(page.getByTestId('reader-position')).toHaveText('Lesson 2 of 3 · 33% done');
    });

    test('Next to a lesson already fetched shows it at once, with no "Loading..." in between', async ({ page }) => {
      await signInPaidLearner(page);
      // The reader fetches the following lesson ahead, so Next can show it from memory.
      const following = page.waitForResponse((response) => response.url().endsWith('/api/lessons/web-application/2'));
      await page.goto('/course/web-application/1');
      await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-1')).toBeVisible();
      await following;
      // Counts every "Loading..." put on the page from here on, however briefly.
      await page.evaluate(() => {
        const counter = window as unknown as { loadingShown: number };
        counter.loadingShown = 0;
        new MutationObserver((records) => {
          const added = records.flatMap((record) => Array.from(record.addedNodes));
          counter.loadingShown += added.filter((node) => node.textContent?.includes('Loading...')).length;
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-2')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { loadingShown: number }).loadingShown)).toBe(0);
    });

    test('a lesson number that does not exist goes to the resume point', async ({ page, allowConsoleErrors }) => {
      // The reader asks for the lesson in the address before the catalogue can say it does
      // not exist (no waterfall); the browser logs that request's 404.
      allowConsoleErrors(/status of 404/);
      await signInPaidLearner(page);
      await completeLessons(page, 'web-application', [1]);
      for (const wrong of ['99', '0', 'two', '02']) {
        await page.goto(`/course/web-application/${wrong}`);
        await expect(page).toHaveURL(/\/course\/web-application\/2$/);
        await expect(heading(page)).toHaveText('Web Application Security fixture lesson 2');
      }
      // Going back from the corrected address does not return to the wrong one.
      await page.goto('/dashboard');
      await page.goto('/course/web-application/99');
      await expect(page).toHaveURL(/\/course\/web-application\/2$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test('mid-lesson the top bar and Previous / Mark Complete / Next stay on screen', async ({ page }) => {
      await signInPaidLearner(page);
      await page.goto('/course/web-application/2');
      await expect(heading(page)).toBeVisible();
      await page.getByText('Paragraph 20 of the long section').scrollIntoViewIfNeeded();
      await expect(heading(page)).not.toBeInViewport();

      const bottom = page.getByRole('navigation', { name: 'Lesson navigation' });
      for (const name of ['Previous', 'Mark Complete', 'Next']) {
        await expect(bottom.getByRole('button', { name, exact: true })).toBeInViewport();
      }
      await expect(page.getByTestId('reader-position')).toBeInViewport();
      if (viewport.width < 1024) {
        await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeInViewport();
        await expect(page.getByRole('button', { name: 'Lessons' })).toBeInViewport();
      }

      // Every control a thumb uses is at least 44 px tall.
      for (const name of ['Previous', 'Mark Complete', 'Next']) {
        const box = await bottom.getByRole('button', { name, exact: true }).boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
    });

    test('"Mark Complete" becomes "Completed ✓", says so, and hands focus to Next', async ({ page }) => {
      await signInPaidLearner(page);
      await page.goto('/course/web-application/1');
      const bottom = page.getByRole('navigation', { name: 'Lesson navigation' });
      await bottom.getByRole('button', { name: 'Mark Complete' }).click();
      await expect(bottom.getByText('Completed ✓')).toBeVisible();
      await expect(bottom.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
      await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Lesson 1 completed.' })).toHaveCount(1);
      await expect(bottom.getByRole('button', { name: 'Next', exact: true })).toBeFocused();
      await expect(page.getByTestId('reader-position')).toHaveText('Lesson 1 of 3 · 33% done');
    });

    test('the introduction is open on lesson 1 and folded after; contents, reading time and "Up next"', async ({
      page,
    }) => {
      await signInPaidLearner(page);
      await page.goto('/course/web-application/1');
      const intro = page.locator('details').filter({ hasText: 'About this module' });
      await expect(intro).toHaveAttribute('open', '');

      await page.goto('/course/web-application/2');
      await expect(intro).not.toHaveAttribute('open');
      await expect(intro.getByText('About this module')).toBeVisible();

      const contents = page.locator('details').filter({ hasText: 'In this lesson' });
      await expect(contents.locator('summary')).toHaveText(/In this lesson · 4 sections · \d+ min read/);
      await contents.locator('summary').click();
      await contents.getByRole('link', { name: 'A long section' }).click();
      await expect(page).toHaveURL(/\/course\/web-application\/2#a-long-section$/);
      const section = page.getByRole('heading', { level: 2, name: 'A long section' });
      await expect(section).toBeInViewport();
      // Not hidden under the sticky top bar.
      const barBottom = (await page.locator('header').first().boundingBox())!;
      expect((await section.boundingBox())!.y).toBeGreaterThanOrEqual(barBottom.y + barBottom.height - 1);

      const upNext = page.getByRole('button', { name: /^Up next: Lesson 3/ });
      await expect(upNext).toContainText('Web Application Security fixture lesson 3');
      await upNext.click();
      await expect(page).toHaveURL(/\/course\/web-application\/3$/);
      await expect(page.getByRole('button', { name: /^Up next/ })).toHaveCount(0);
    });

    test('code has a language label and a copy button; wide tables scroll in a focusable box', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInPaidLearner(page);
      await page.goto('/course/web-application/2');
      const block = page.locator('.code-block').first();
      await expect(block.locator('.code-lang')).toHaveText('Python');
      await block.getByRole('button', { name: 'Copy Python code' }).click();
      await expect(block.getByRole('button', { name: 'Copy Python code' })).toHaveText('Copied ✓');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('def scan(host: str) -> str:');
      await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Code copied' })).toHaveCount(1);

      const table = page.getByRole('region', { name: 'Table, scrolls sideways' }).last();
      await table.focus();
      await expect(table).toBeFocused();
      if (viewport.width < 1024) {
        const overflow = await table.evaluate((box) => box.scrollWidth > box.clientWidth);
        expect(overflow).toBe(true);
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => table.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
      }
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(viewport.width);
    });

    test('printing a lesson leaves out the bars and the outline and prints dark text', async ({ page }) => {
      await signInPaidLearner(page);
      await page.goto('/course/web-application/2');
      await expect(heading(page)).toBeVisible();
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('navigation', { name: 'Lesson navigation' })).toBeHidden();
      await expect(page.getByTestId('reader-position')).toBeHidden();
      await expect(page.getByRole('complementary', { name: 'Course outline' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Copy Python code' })).toBeHidden();
      await expect(heading(page)).toHaveCSS('color', 'rgb(0, 0, 0)');
      await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-2')).toHaveCSS('color', 'rgb(0, 0, 0)');
      await expect(page.locator('.lesson-content pre').first()).toHaveCSS('white-space', 'pre-wrap');
    });
  });
}

test('a reload of a lesson arrives rendered with its data: the browser asks only for the catalogue it keeps', async ({
  page,
}) => {
  await signInPaidLearner(page);
  const isDocument = (path: string) =>
    ['/api/session', '/api/progress', '/api/lessons/web-application/3'].includes(path) ||
    path.startsWith('/api/catalogue');
  const requested: string[] = [];
  const readerCode: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (isDocument(path)) requested.push(path);
    if (/\/assets\/CoursePage-[\w-]+\.js$/.test(path)) readerCode.push(path);
  });
  const response = await page.goto('/course/web-application/3');
  // The lesson is in the HTML (docs/decisions/0043): no hints for documents to fetch.
  expect(await response!.text()).toContain('FIXTURE-LESSON-BODY-web-application-3');
  expect(response!.headers()['link']).toBeUndefined();
  await pageIsLive(page);
  await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-3')).toBeVisible();
  // The session, the progress and the lesson came with the page; the catalogue, which the
  // browser keeps for good (an address that names its content), is read from its address.
  expect(requested).toEqual([expect.stringMatching(/^\/api\/catalogue\/[\w-]+$/)]);
  expect(readerCode).toHaveLength(1);
});
