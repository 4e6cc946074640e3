import { MODULE_DISPLAY_NAMES, MODULE_IDS } from '@ehc/common';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The landing page sells honestly on a phone's first screen (issue 40): what the course is,
// the price, a way in and the seven modules, before any scrolling; the spec's Login / Sign Up
// card stays on the page, reached by the header's Login and by "Start learning".

/** Whether the element lies wholly inside the first screen (no scrolling). */
async function onFirstScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width;
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('shows what the course is, its price, Start learning and the seven modules before any scrolling', async ({
      page,
    }) => {
      await page.goto('/');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toContainText('Learn ethical hacking');
      const price = main.getByText(/One payment of ₹49/);
      await expect(price).toBeVisible();
      expect(await onFirstScreen(page, price)).toBe(true);
      expect(await onFirstScreen(page, main.getByRole('link', { name: 'Start learning' }))).toBe(true);
      expect(await onFirstScreen(page, page.getByRole('banner').getByRole('link', { name: 'Login' }))).toBe(true);
      const modules = main.getByRole('list').filter({ hasText: MODULE_DISPLAY_NAMES[MODULE_IDS[0]] }).first();
      await expect(modules.getByRole('listitem')).toHaveCount(7);
      for (const id of MODULE_IDS) {
        expect(
          await onFirstScreen(page, modules.getByRole('listitem').filter({ hasText: MODULE_DISPLAY_NAMES[id] })),
        ).toBe(true);
      }
      // Nothing on the page is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    test('Start learning opens the Sign Up tab and the header’s Login the Login tab, each in view and focused', async ({
      page,
    }) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Start learning' }).click();
      const signUp = page.getByRole('tab', { name: 'Sign Up' });
      await expect(signUp).toHaveAttribute('aria-selected', 'true');
      await expect(signUp).toBeFocused();
      await expect(page.getByLabel('Full Name')).toBeInViewport();

      await page.getByLabel('Full Name').fill('Asha');
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
      const login = page.getByRole('tab', { name: 'Login' });
      await expect(login).toHaveAttribute('aria-selected', 'true');
      await expect(login).toBeFocused();
      await expect(page.getByLabel('Email')).toBeInViewport();
      // Switching tabs clears the form, as the spec asks.
      await page.getByRole('link', { name: 'Start learning' }).click();
      await expect(page.getByLabel('Full Name')).toHaveValue('');
    });
  });
}
