import { MODULE_DISPLAY_NAMES, MODULE_IDS } from '@ehc/common';
import type { Browser, Page } from '@playwright/test';
import { certificateIdsByModule } from './account-helpers';
import { completeLessons, expect, pageIsLive, signInPaidLearner, test, type Learner } from './fixtures';

// The public pages arrive as HTML before any script runs (issue 40, docs/decisions/0041):
// the landing page, the legal pages and /verify/<id>, which employers open from a CV and
// which must read in full with JavaScript off. With it on, React adopts the server's HTML:
// nothing is painted again, and the browser does not ask again for what the page shows.
// A signed-in learner's dashboard and lesson arrive rendered for them too (decision 0043).

/** A page in a browser with JavaScript off, at `width`. */
async function withoutScripts(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
  return context.newPage();
}

/**
 * Records, from before the page's first byte, every element removed from the document
 * and every GraphQL operation the page sends: a page painted again in the browser
 * (createRoot instead of hydration, or a hydration mismatch) removes the server's elements.
 */
async function watchPage(page: Page): Promise<{ removed: () => Promise<string[]>; operations: string[] }> {
  await page.addInitScript(() => {
    const removed: string[] = [];
    Object.assign(window, { removedElements: removed });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof Element) removed.push(node.outerHTML.slice(0, 120));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const operations: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql')) operations.push(String(request.postDataJSON()?.operationName));
  });
  return {
    removed: () => page.evaluate(() => (window as unknown as { removedElements: string[] }).removedElements),
    operations,
  };
}

/**
 * Each stylesheet the page links is linked once: with a sheet linked twice, Chromium
 * restyles and lays out the whole page each time the app's code adds a module preload to
 * the head, a long task on a phone for every chunk the page loads.
 */
async function expectStylesheetsLinkedOnce(page: Page): Promise<void> {
  const hrefs = await page
    .locator('link[rel="stylesheet"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs).toEqual([...new Set(hrefs)]);
}

/** A learner with the fixture course's cryptography certificate, and its id. */
async function learnerWithCertificate(page: Page): Promise<{ learner: Learner; id: string }> {
  const learner = await signInPaidLearner(page);
  await completeLessons(page, 'cryptography', [1, 2]);
  return { learner, id: (await certificateIdsByModule(page)).get('cryptography')! };
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('with JavaScript off, /verify/<id> shows the certificate, its status and its signature check', async ({
      page,
      browser,
    }) => {
      const { learner, id } = await learnerWithCertificate(page);
      const visitor = await withoutScripts(browser, width);
      const response = await visitor.goto(`/verify/${encodeURIComponent(id)}`);
      expect(response!.status()).toBe(200);
      // A rendered page shows without its code, which loads once it has painted: no code
      // hints to compete with the page for a phone's link (decision 0042).
      expect(response!.headers()['link']).toBeUndefined();
      await expect(visitor).toHaveTitle(`Certificate: ${learner.fullName} · Cryptography & Encryption`);
      const main = visitor.getByRole('main');
      await expect(main.getByText('✓ Valid certificate')).toBeVisible();
      await expect(main.getByText(learner.fullName)).toBeVisible();
      await expect(main.getByText('Cryptography & Encryption')).toBeVisible();
      await expect(main.getByText('Completed on')).toBeVisible();
      await expect(main.getByText(id, { exact: true })).toBeVisible();
      await expect(main.getByText(/✓ Signature checked: its signed credential verifies/)).toBeVisible();
      await expect(main.getByText('Loading...')).toHaveCount(0);
      // The file check needs scripts, and says so (in a <noscript>, which a browser with
      // scripts off shows; Playwright's switch does not reach the HTML parser) instead of
      // offering a form that does nothing.
      expect(await response!.text()).toMatch(
        /<noscript><p[^>]*>Checking a file happens in your browser, and needs JavaScript.<\/p><\/noscript>/,
      );
      await expect(main.getByRole('button', { name: 'Check credential' })).toBeDisabled();
      await expectStylesheetsLinkedOnce(visitor);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await visitor.screenshot({ path: test.info().outputPath(`verify-no-js-${width}.png`), fullPage: true });

      const missing = await visitor.goto('/verify/EHC-NOT-A-CERTIFICATE');
      expect(missing!.status()).toBe(404);
      await expect(visitor.getByRole('main').getByText('Certificate not found')).toBeVisible();
      await visitor.context().close();
    });

    test('with JavaScript off, the landing page and the legal pages read in full', async ({ browser }) => {
      const visitor = await withoutScripts(browser, width);
      await visitor.goto('/');
      const main = visitor.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toContainText('Learn ethical hacking');
      await expect(main.getByText(/One payment of ₹49/)).toBeVisible();
      const modules = main.getByRole('list').filter({ hasText: MODULE_DISPLAY_NAMES[MODULE_IDS[0]] }).first();
      await expect(modules.getByRole('listitem')).toHaveCount(7);
      await expect(main.getByRole('tab', { name: 'Login' })).toBeVisible();
      await expect(main.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
      // A form its code has not reached stays shut: submitted natively it would put the
      // password in the address.
      await expect(main.getByLabel('Email')).toBeDisabled();
      await expect(main.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
      await expect(visitor.getByText('This course needs JavaScript')).toHaveCount(0);

      await visitor.goto('/refunds');
      await expect(visitor).toHaveTitle(/Ethical Hacking/);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Refund policy' })).toBeVisible();
      // The page's own stylesheet is linked in the head, so its text is styled without scripts.
      const heading = visitor.getByRole('main').getByRole('heading', { level: 2 }).first();
      await expect(heading).toBeVisible();
      expect(await heading.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');
      await expectStylesheetsLinkedOnce(visitor);
      await visitor.context().close();
    });

    test('with JavaScript on, the public pages keep the server’s HTML and do not ask for its data again', async ({
      page,
      browser,
    }) => {
      const { id } = await learnerWithCertificate(page);
      const verifyPath = `/verify/${encodeURIComponent(id)}`;
      const visitor = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
      const watched = await watchPage(visitor);

      await visitor.goto('/');
      // The form comes alive once React has adopted the page.
      await expect(visitor.getByLabel('Email')).toBeEnabled();
      expect(await watched.removed()).toEqual([]);
      await visitor.getByRole('tab', { name: 'Sign Up' }).click();
      await expect(visitor.getByLabel('Full Name')).toBeVisible();

      await visitor.goto('/refunds');
      // The page's own title, set by its code once React has adopted it.
      await expect(visitor).toHaveTitle('Refund policy · Ethical Hacking Course');
      expect(await watched.removed()).toEqual([]);

      await visitor.goto(verifyPath);
      await expect(visitor.getByLabel('Or paste the credential')).toBeEnabled();
      await expect(visitor.getByText('✓ Valid certificate')).toBeVisible();
      expect(await watched.removed()).toEqual([]);

      // The price, the sample lesson, the legal page and the certificate came with the pages.
      const pageData = ['GetPricing', 'GetSampleLesson', 'GetLegalPage', 'VerifyCertificate'];
      expect(watched.operations.filter((name) => pageData.includes(name))).toEqual([]);
      await visitor.context().close();
    });

    test('a signed-in learner’s dashboard and lesson arrive as HTML for them alone, inert until the app adopts them', async ({
      page,
      browser,
    }) => {
      const learner = await signInPaidLearner(page);
      await completeLessons(page, 'web-application', [1]);
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
      await context.addCookies(await page.context().cookies());
      const visitor = await context.newPage();

      const dashboard = await visitor.goto('/dashboard');
      // Their own data: no cache may keep it, the browser's included.
      expect(dashboard!.headers()['cache-control']).toBe('private, no-store');
      expect(dashboard!.headers()['link']).toBeUndefined();
      await expect(visitor.getByText(`Welcome, ${learner.fullName}`)).toBeVisible();
      await expect(visitor.getByText('PREMIUM', { exact: true })).toBeVisible();
      await expect(visitor.getByRole('article')).toHaveCount(7);
      const web = visitor.getByRole('article', { name: 'Web Application Security' });
      await expect(web.getByTestId('card-progress')).toContainText('1/3 lessons');
      await expect(visitor.getByText('Loading...')).toHaveCount(0);
      // Nothing on it can be pressed before its code has adopted it; without scripts, the
      // page says it needs them.
      expect(await visitor.locator('#root').getAttribute('inert')).toBe('');
      expect(await dashboard!.text()).toContain('This course needs JavaScript');
      await expectStylesheetsLinkedOnce(visitor);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await visitor.screenshot({ path: test.info().outputPath(`dashboard-no-js-${width}.png`), fullPage: true });

      const lesson = await visitor.goto('/course/web-application/2');
      expect(lesson!.headers()['cache-control']).toBe('private, no-store');
      const main = visitor.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText('Web Application Security fixture lesson 2');
      await expect(main.getByText('FIXTURE-LESSON-BODY-web-application-2')).toBeVisible();
      await expect(main.getByText(/^Question 1:/)).toBeVisible();
      // The lesson's own stylesheet is linked in the head: its code blocks are styled.
      await expect(visitor.locator('.lesson-content pre').first()).toHaveCSS('overflow-x', 'auto');
      await expectStylesheetsLinkedOnce(visitor);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await visitor.screenshot({ path: test.info().outputPath(`lesson-no-js-${width}.png`) });

      // Signed out, the same addresses are the app shell: nothing of anyone's.
      const stranger = await withoutScripts(browser, width);
      const shell = await stranger.goto('/dashboard');
      expect(await shell!.text()).not.toContain(learner.fullName);
      await expect(stranger.getByText('Loading...')).toBeVisible();
      await stranger.context().close();
      await context.close();
    });

    test('with JavaScript on, React adopts a learner’s lesson without asking for its data, then it is live', async ({
      page,
    }) => {
      await signInPaidLearner(page);
      const watched = await watchPage(page);
      const documents: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/api/')) documents.push(path);
      });
      await page.goto('/course/web-application/2');
      await pageIsLive(page);
      await expect(page).toHaveTitle('Web Application Security fixture lesson 2 · Web Application Security');
      expect(await watched.removed()).toEqual([]);
      // The session, progress, lesson (with its module's introduction) and labs came with the
      // page; the catalogue, which the browser keeps for good, is read from its address; only
      // the next lesson is fetched ahead, once the browser is idle.
      const pageData = ['GetLessonQuestions', 'GetLabs'];
      await expect.poll(() => documents).toContain('/api/lessons/web-application/3');
      const others = documents.filter((path) => path !== '/api/lessons/web-application/3');
      expect(others).toEqual([expect.stringMatching(/^\/api\/catalogue\/[\w-]+$/)]);
      expect(watched.operations.filter((name) => pageData.includes(name))).toEqual(['GetLessonQuestions']);
      // Live: the knowledge check sends an answer.
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Check answer' }).first().click();
      await expect.poll(() => watched.operations).toContain('AnswerQuestion');
    });
  });
}

test('Back pressed while a rendered lesson loads lands on the lesson Back leads to', async ({ page }) => {
  await signInPaidLearner(page);
  await page.goto('/course/web-application/1');
  await pageIsLive(page);
  await page.getByRole('navigation', { name: 'Lesson navigation' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/course\/web-application\/2$/);
  // Reloaded, then Back at once, while the page's code is still arriving.
  await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
    await page.goBack();
    await route.continue();
  });
  await page.reload();
  await expect(page).toHaveURL(/\/course\/web-application\/1$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    'Web Application Security fixture lesson 1',
  );
  await pageIsLive(page);
});

test('the skip link pressed while the page loads keeps the focus it gave the main content', async ({ page }) => {
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  // The app's code has run and React is adopting the page, waiting for the legal page's
  // chunk: a keyboard user tabs to the skip link and presses it now.
  await page.route(
    /\/assets\/LegalPage-[\w-]+\.js$/,
    async (route) => {
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/refunds#main$/);
      await route.continue();
    },
    { times: 1 },
  );
  await page.goto('/refunds');
  await pageIsLive(page);
  await expect(page.locator('main#main')).toBeFocused();
  // One load: a reload would have taken the focus away.
  expect(loads).toHaveLength(1);
});
