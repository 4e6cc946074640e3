import { expect, signInPaidLearner, test } from './fixtures';

// Signed-in pages carry help and the seller's policies too (issue 40): the same footer as
// the public pages, on the dashboard, the reader and the account page.

for (const width of [360, 1280]) {
  test(`at ${width} px the dashboard, a lesson and the account page link to contact, refunds and terms`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInPaidLearner(page);
    for (const [path, ready] of [
      ['/dashboard', 'Course modules'],
      ['/course/cryptography/1', 'Lesson 1 of'],
      ['/account', 'Your details'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible();
      const footer = page.getByRole('navigation', { name: 'Legal and contact' });
      for (const name of ['Contact us', 'Refund policy', 'Terms of use']) {
        await expect(footer.getByRole('link', { name })).toBeVisible();
      }
    }
  });
}
