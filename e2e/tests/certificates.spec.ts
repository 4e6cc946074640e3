import { expectNoSeriousA11yViolations } from './account-helpers';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { completeLessons, expect, signInPaidLearner, test } from './fixtures';

function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Completes the fixture cryptography module through the reader and opens its certificate. */
async function completeCryptography(page: Page) {
  await completeLessons(page, 'cryptography', [1]);
  await page.goto('/course/cryptography');
  await page.getByRole('button', { name: 'Complete Module' }).click();
  const dialog = page.getByRole('dialog', { name: 'Certificate' });
  await expect(dialog.getByRole('heading', { name: 'Your certificate: Cryptography & Encryption' })).toBeVisible();
  return dialog;
}

test('Download Certificate saves a 1200 × 850 PNG named from the email', async ({ page }) => {
  const learner = await signInPaidLearner(page, { fullName: 'Kavya Iyer' });
  const dialog = await completeCryptography(page);
  await expect(dialog.getByText('Kavya Iyer')).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to Dashboard' }).click();
  await page.goto('/course/cryptography');
  await expect(page.getByText('Module Completed!')).toBeVisible();
  await page.getByRole('button', { name: 'Download Certificate' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Certificate' }).getByRole('link', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${learner.email.replace('@', '_').replace('.', '_')}.png`);
  expect(pngSize(readFileSync(await file.path()))).toEqual({ width: 1200, height: 850 });
});

test('Preview opens the certificate image in a new window', async ({ page, context }) => {
  await signInPaidLearner(page);
  const dialog = await completeCryptography(page);
  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = await opened;
  await preview.waitForLoadState();
  expect(preview.url()).toMatch(/\/certificates\/EHC-CRYPTOGRAPHY-\d{13}-LEA\.png$/);
  await expect.poll(() => preview.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(1200);
});

test('the verify page shows a real certificate publicly, with link-preview tags', async ({ page, browser }) => {
  await signInPaidLearner(page, { fullName: 'Rohan Mehta' });
  const dialog = await completeCryptography(page);
  const link = await dialog.getByRole('link', { name: /\/verify\// }).getAttribute('href');
  const path = new URL(link!).pathname;

  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  const response = await visitor.goto(path);
  const html = await response!.text();
  expect(html).toContain(
    '<meta property="og:title" content="Certificate: Rohan Mehta · Cryptography &amp; Encryption" />',
  );
  await expect(visitor.getByText('✓ Valid certificate')).toBeVisible();
  await expect(visitor.getByText('Rohan Mehta')).toBeVisible();
  await expect(visitor.getByText('Cryptography & Encryption')).toBeVisible();
  await expect(visitor).toHaveTitle('Certificate: Rohan Mehta · Cryptography & Encryption');
  await expect(visitor.locator('main')).not.toContainText('@example.com');
  await expect(visitor.locator('main')).not.toContainText('9876543210');

  await expectNoSeriousA11yViolations(visitor);
  await stranger.close();
});

test('a made-up certificate id says "Certificate not found"', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto('/verify/EHC-WEB-APPLICATION-1700000000000-XYZ');
  expect(response!.status()).toBe(404);
  await expect(page.getByText('Certificate not found')).toBeVisible();
  await expect(page).toHaveTitle('Certificate not found');
  await context.close();
});
