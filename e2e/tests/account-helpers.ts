import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { openDatabase } from '../../server/src/db/database';
import { expect } from './fixtures';

/** The certificates of the learner signed in on this page, by module (null: full course). */
export async function certificateIdsByModule(page: Page): Promise<Map<string | null, string>> {
  const response = await page.request.post('/graphql', {
    // What Chromium adds to the page's own fetch (see fixtures.ts).
    headers: { 'sec-fetch-site': 'same-origin' },
    data: { query: 'query GetCertificates { certificates { certificate_id module_id } }' },
  });
  const body = await response.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const rows = body.data.certificates as { certificate_id: string; module_id: string | null }[];
  return new Map(rows.map((row) => [row.module_id, row.certificate_id]));
}

/**
 * An axe scan of what the page shows now, or of the part `include` selects: no serious or
 * critical violation. Legacy mode runs axe in the page itself; the default mode loads axe
 * a second time into a blank page to merge results across frames, which doubled the cost
 * of every scan, and the app has no frames.
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious or critical accessibility violations',
  ).toEqual([]);
}

/** Every page has exactly one top-level heading. */
export async function expectOneH1(page: Page): Promise<void> {
  await expect(page.locator('h1')).toHaveCount(1);
}

/**
 * Records a refund of a payment straight in the database, as the refund webhook would,
 * so the receipt's refunded state can be checked without driving a refund through the
 * gateway (the billing suites test that path).
 */
export async function recordRefund(paymentId: string): Promise<void> {
  const database = openDatabase(process.env.E2E_DATABASE_URL!, console);
  try {
    await database.db
      .updateTable('payment')
      .set({ status: 'refunded', refunded_at: Date.now() })
      .where('payment_id', '=', paymentId)
      .execute();
  } finally {
    await database.close();
  }
}

/**
 * Every button, tab and disclosure a thumb may press is at least 44 × 44 px (issue #14).
 * Links in running text are exempt, as WCAG exempts them; standalone links are styled as
 * buttons and checked where they matter.
 */
export async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, [role="tab"], summary'))
      .filter((element) => element.checkVisibility() && !element.closest('.sr-only'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 43.5 || box.height < 43.5))
      .map(
        ({ element, box }) =>
          `${element.textContent?.trim() || element.getAttribute('aria-label')} (${Math.round(box.width)}×${Math.round(box.height)})`,
      ),
  );
  expect(small, 'controls smaller than 44 × 44 px').toEqual([]);
}
