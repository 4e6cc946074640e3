import { MESSAGES } from '@ehc/common';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectOneH1 } from './account-helpers';
import { expect, graphql, pageIsLive, signInPaidLearner, test } from './fixtures';

// The reader's rough edges on a phone (issue #40): a reload, Back and Forward return to
// the place in a lesson; wide tables keep their header row and first column in view; no
// text size widens the page; a session that ends mid-lesson says so and comes back.
// Fixture lesson 2 of web-application is long, with a wide table and a long inline code
// string (server/src/test/fixture-content).

const LONG_LESSON = '/course/web-application/2';
const VIEWPORTS = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'laptop', width: 1280, height: 800 },
];

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const lessonBar = (page: Page) => page.getByRole('navigation', { name: 'Lesson navigation' });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * Lets the page draw two frames: a scroll's event comes with the next frame, and the
 * place is saved in that frame's animation callbacks.
 */
function framesDrawn(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Scrolls the window until `text` is in the middle of the screen, and returns where it went. */
async function scrollToText(page: Page, text: string): Promise<number> {
  await page.getByText(text).evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await framesDrawn(page);
  const y = await scrollY(page);
  expect(y).toBeGreaterThan(500);
  return y;
}

/** Expects `inner`'s box to lie within `outer`'s (to a pixel, for rounding). */
async function expectInside(inner: Locator, outer: Locator, what: string): Promise<void> {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect(a.x, `${what}: left edge`).toBeGreaterThanOrEqual(b.x - 1);
  expect(a.x + a.width, `${what}: right edge`).toBeLessThanOrEqual(b.x + b.width + 1);
  expect(a.y, `${what}: top edge`).toBeGreaterThanOrEqual(b.y - 1);
  expect(a.y + a.height, `${what}: bottom edge`).toBeLessThanOrEqual(b.y + b.height + 1);
}

/** Whether what is drawn at the middle of `cell` is the cell itself, not something scrolled under or over it. */
function drawnOnTop(cell: Locator): Promise<boolean> {
  return cell.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const top = document.elementFromPoint(x + width / 2, y + height / 2);
    return top !== null && element.contains(top);
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`the reader on a ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('opening a lesson moves nothing already on the screen', async ({ page }) => {
      await signInPaidLearner(page);
      // Every layout shift the browser reports while the lesson loads (what Lighthouse adds up as CLS).
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/course/web-application/3');
      await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-3')).toBeVisible();
      await expect(page.locator('footer')).toBeAttached();
      await framesDrawn(page);
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.05);
    });

    test('a reload returns to the place in a long lesson', async ({ page }) => {
      await signInPaidLearner(page);
      await page.goto(LONG_LESSON);
      await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-2')).toBeVisible();
      const place = await scrollToText(page, 'Paragraph 30 of the long section');

      await page.reload();
      await expect(page.getByText('Paragraph 30 of the long section')).toBeInViewport();
      await expect.poll(() => scrollY(page)).toBeCloseTo(place, -1);
      // Still there once the page has settled: nothing scrolls it back afterwards.
      await framesDrawn(page);
      expect(await scrollY(page)).toBeCloseTo(place, -1);
    });

    test("Back and Forward between lessons return to each lesson's place; a new lesson starts at its top", async ({
      page,
    }) => {
      await signInPaidLearner(page);
      await page.goto('/course/web-application/1');
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 1');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 2');
      const place = await scrollToText(page, 'Paragraph 25 of the long section');

      await lessonBar(page).getByRole('button', { name: 'Next', exact: true }).click();
      await expect(page).toHaveURL(/\/course\/web-application\/3$/);
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 3');
      await expect.poll(() => scrollY(page)).toBe(0);
      // A reload between: Back then meets a lesson that is no longer in memory.
      await page.reload();
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 3');
      await pageIsLive(page);

      await page.goBack();
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 2');
      await expect(page.getByText('Paragraph 25 of the long section')).toBeInViewport();
      expect(await scrollY(page)).toBeCloseTo(place, -1);

      await page.goBack();
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 1');
      await page.goForward();
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 2');
      await expect(page.getByText('Paragraph 25 of the long section')).toBeInViewport();
      expect(await scrollY(page)).toBeCloseTo(place, -1);

      // Opened anew (Previous, then Next: not Back), the lesson starts at its top.
      await lessonBar(page).getByRole('button', { name: 'Previous', exact: true }).click();
      await expect(heading(page)).toHaveText('Web Application Security fixture lesson 1');
      await lessonBar(page).getByRole('button', { name: 'Next', exact: true }).click();
      await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-2')).toBeVisible();
      await framesDrawn(page);
      expect(await scrollY(page)).toBe(0);
      await expect(heading(page)).toBeInViewport();
    });

    for (const colorScheme of ['light', 'dark'] as const) {
      test(`a wide table keeps its header row and first column in view while scrolled sideways (${colorScheme} theme)`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme });
        await signInPaidLearner(page);
        await page.goto(LONG_LESSON);
        const box = page.getByRole('region', { name: 'Table, scrolls sideways' }).last();
        await box.scrollIntoViewIfNeeded();
        expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

        // Sideways as a trackpad or a swipe would, to the far end; then down inside the box as far as it goes.
        await box.hover();
        await page.mouse.wheel(4000, 0);
        await expect
          .poll(() => box.evaluate((element) => element.scrollLeft + element.clientWidth >= element.scrollWidth - 1))
          .toBe(true);
        const scrollsDown = await box.evaluate((element) => element.scrollHeight > element.clientHeight);
        if (scrollsDown) {
          await page.mouse.wheel(0, 4000);
          await expect
            .poll(() => box.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 1))
            .toBe(true);
        }

        const table = box.locator('table');
        const corner = table.locator('thead th').first();
        const lastHeader = table.locator('thead th').last();
        const lastRowLabel = table.locator('tbody tr').last().locator('td').first();
        const lastCell = table.locator('tbody tr').last().locator('td').last();
        await expect(corner).toHaveText('tool');
        await expect(lastHeader).toHaveText('what to record');
        await expect(lastRowLabel).toHaveText('wireshark');
        for (const [cell, what] of [
          [corner, 'the header row’s first cell'],
          [lastHeader, 'the header of the column scrolled to'],
          [lastRowLabel, 'the first column of the row scrolled to'],
          [lastCell, 'the cell scrolled to'],
        ] as const) {
          await expectInside(cell, box, what);
        }
        // The held cells are drawn over the ones that scroll under them, on a background
        // of their own, so no text shows through.
        for (const cell of [corner, lastHeader, lastRowLabel]) {
          expect(await drawnOnTop(cell)).toBe(true);
          const background = await cell.evaluate((element) => getComputedStyle(element).backgroundColor);
          expect(background).not.toMatch(/\/ 0(\.\d+)?\)$|rgba\(.*, 0(\.\d+)?\)$|transparent/);
        }
        await page.screenshot({ path: `/tmp/reader-table-${viewport.width}-${colorScheme}.png` });
      });
    }

    test('no text size makes the page wider than the screen, and the lesson bar stays on it', async ({ page }) => {
      await signInPaidLearner(page);
      await page.goto(LONG_LESSON);
      await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-2')).toBeVisible();
      const settings = page.getByRole('button', { name: 'Display settings: theme and text size' });
      const panel = page.getByRole('dialog', { name: 'Display settings' });
      await settings.click();
      const sizes = await panel.getByRole('group', { name: 'Lesson text size' }).getByRole('radio').all();
      const names = await Promise.all(
        sizes.map((size) => size.evaluate((input) => input.closest('label')!.textContent!)),
      );
      expect(names).toEqual(['Smaller', 'Default', 'Larger', 'Largest']);
      await page.keyboard.press('Escape');

      const code = page.locator('.lesson-content p code').filter({ hasText: 'Authorization: Bearer' });
      const address = page.getByText(/lab\.example\.test\/notes\/replaying/);
      for (const name of names) {
        await settings.click();
        await panel.getByRole('radio', { name, exact: true }).check();
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();
        for (const where of ['top', 'the long code'] as const) {
          if (where === 'top') await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
          else await code.scrollIntoViewIfNeeded();
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, `${name} text, at ${where}: the page's width`).toBeLessThanOrEqual(viewport.width);
          await expect(lessonBar(page)).toBeInViewport({ ratio: 1 });
          const bar = (await lessonBar(page).boundingBox())!;
          expect(bar.x, `${name} text: the lesson bar's left edge`).toBeGreaterThanOrEqual(0);
          expect(bar.x + bar.width, `${name} text: the lesson bar's right edge`).toBeLessThanOrEqual(viewport.width);
          expect(bar.y + bar.height, `${name} text: the lesson bar's bottom edge`).toBeLessThanOrEqual(viewport.height);
          for (const button of ['Previous', 'Mark Complete', 'Next']) {
            await expect(lessonBar(page).getByRole('button', { name: button, exact: true })).toBeInViewport({
              ratio: 1,
            });
          }
        }
        // The long code and the long address wrap inside the lesson's column.
        const column = (await page.locator('article > .lesson-content').boundingBox())!;
        for (const long of [code, address]) {
          const box = (await long.boundingBox())!;
          expect(box.x + box.width, `${name} text`).toBeLessThanOrEqual(column.x + column.width + 1);
        }
        if (name === 'Largest') await page.screenshot({ path: `/tmp/reader-largest-${viewport.width}.png` });
      }
    });

    test('a session ended from another device says so, and Log in comes back to the lesson', async ({
      page,
      browser,
    }) => {
      const learner = await signInPaidLearner(page);
      // The reader fetches the next lesson ahead once the browser is idle: done before the
      // session ends, so the first request refused is the learner's own.
      const nextLesson = page.waitForResponse((response) => response.url().endsWith('/api/lessons/web-application/3'));
      await page.goto(LONG_LESSON);
      await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-2')).toBeVisible();
      await nextLesson;
      // No alert on top of the page: the page itself says what happened.
      page.on('dialog', (dialog) => {
        throw new Error(`unexpected ${dialog.type()}: ${dialog.message()}`);
      });

      // The learner signs out of every other device from their laptop.
      const laptop = await browser.newContext();
      await graphql(
        laptop.request,
        'mutation LoginUser($e: String!, $p: String!) { loginUser(email: $e, password: $p) { user_id } }',
        {
          e: learner.email,
          p: learner.password,
        },
      );
      await graphql(laptop.request, 'mutation LogoutOtherSessions { logoutOtherSessions }');
      await laptop.close();

      // On the phone, the next thing that asks the server finds the session gone.
      await lessonBar(page).getByRole('button', { name: 'Mark Complete' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your session has ended' })).toBeVisible();
      await expect(page.getByText(MESSAGES.unauthenticated)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Your session has ended' })).toBeFocused();
      await expectOneH1(page);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `/tmp/reader-session-ended-${viewport.width}.png` });

      await page.getByRole('link', { name: 'Log in' }).click();
      await expect(page).toHaveURL(`/?next=${encodeURIComponent(LONG_LESSON)}`);
      await page.getByLabel('Email').fill(learner.email);
      await page.getByLabel('Password', { exact: true }).fill(learner.password);
      await page.getByRole('tabpanel').getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(LONG_LESSON);
      await expect(page.getByText('FIXTURE-LESSON-BODY-web-application-2')).toBeVisible();
      // Signed in again, the lesson works as before.
      await lessonBar(page).getByRole('button', { name: 'Mark Complete' }).click();
      await expect(lessonBar(page).getByText('Completed ✓')).toBeVisible();
    });
  });
}
