import { expectNoSeriousA11yViolations } from './account-helpers';
import type { Locator, Page } from '@playwright/test';
import { expect, signInPaidLearner, test } from './fixtures';

// The fixture course's questions (server/src/test/fixture-content): in every lesson
// "fixture-single" has option B right, "fixture-multiple" A and C, "fixture-short" 443.

function question(page: Page, id: string): Locator {
  return page.getByTestId(`question-${id}`);
}

async function answerLesson(page: Page, lesson: number, { allRight }: { allRight: boolean }) {
  const check = page.getByRole('region', { name: 'Check your understanding' });
  await expect(check).toBeVisible();
  await expect(page.getByText(`Lesson ${lesson} of 2`).first()).toBeVisible();

  const single = question(page, 'fixture-single');
  await single.getByRole('radio', { name: allRight ? 'Right option B' : 'Wrong option A' }).check();
  await single.getByRole('button', { name: 'Check answer' }).click();
  await expect(single.getByTestId('verdict')).toBeFocused();

  const multiple = question(page, 'fixture-multiple');
  await multiple.getByRole('checkbox', { name: 'Right option A' }).check();
  await multiple.getByRole('checkbox', { name: 'Right option C' }).check();
  await multiple.getByRole('button', { name: 'Check answer' }).click();
  await expect(multiple.getByTestId('verdict')).toContainText('✓ Right');

  const short = question(page, 'fixture-short');
  await short.getByRole('textbox', { name: 'Your answer' }).fill(allRight ? ' TCP/443 ' : '80');
  // Keyboard only: Enter submits the question's form.
  await short.getByRole('textbox', { name: 'Your answer' }).press('Enter');
  await expect(short.getByTestId('verdict')).toContainText(allRight ? '✓ Right' : '✗ Not quite');
}

test('a learner answers right and wrong, retries, and sees the score on the certificate and /verify', async ({
  page,
}) => {
  await signInPaidLearner(page, { fullName: 'Nikhil Menon' });
  await page.goto('/course/cryptography');

  // Before answering, nothing gives the key away.
  const single = question(page, 'fixture-single');
  await expect(single).toBeVisible();
  await expect(page.getByText('FIXTURE-EXPLANATION')).toHaveCount(0);
  await expect(page.getByText('right answer')).toHaveCount(0);

  await answerLesson(page, 1, { allRight: false });
  // The wrong single answer: marked and explained, but the right option not yet given away.
  await expect(single.getByTestId('verdict')).toContainText('✗ Not quite');
  await expect(single.getByTestId('verdict')).toContainText('FIXTURE-EXPLANATION-single');
  await expect(single.getByText('✗ your choice')).toBeVisible();
  await expect(single.getByText('✓ right answer')).toHaveCount(0);
  // The short answer: "Show answer" gives it without another try.
  const short = question(page, 'fixture-short');
  await expect(short.getByText('Accepted answer')).toHaveCount(0);
  await short.getByRole('button', { name: 'Show answer' }).click();
  await expect(short.getByText('Accepted answer')).toBeVisible();
  await expect(short.getByRole('button', { name: 'Show answer' })).toHaveCount(0);
  await expect(page.getByTestId('lesson-score')).toHaveText('Score: 1 of 3 right at the first attempt');
  await expect(page.getByTestId('module-checks')).toContainText('3 of 6 answered, 1 right at the first attempt');

  // A retry is allowed and shown, but the first attempt is what counts.
  await single.getByRole('radio', { name: 'Right option B' }).check();
  await single.getByRole('button', { name: 'Try again' }).click();
  await expect(single.getByTestId('verdict')).toContainText('✓ Right (try 2)');
  await expect(single.getByTestId('verdict')).toContainText('First attempt: wrong');
  await expect(page.getByTestId('lesson-score')).toHaveText('Score: 1 of 3 right at the first attempt');

  // A reload keeps every answer: they live on the server.
  await page.reload();
  await expect(question(page, 'fixture-short').getByTestId('verdict')).toContainText('✗ Not quite');
  await expect(page.getByTestId('lesson-score')).toHaveText('Score: 1 of 3 right at the first attempt');

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await answerLesson(page, 2, { allRight: true });
  await expect(page.getByTestId('lesson-score')).toHaveText('Score: 3 of 3 right at the first attempt');
  await expect(page.getByTestId('module-checks')).toContainText('6 of 6 answered, 4 right at the first attempt');

  // Scores are private until the learner chooses to show them (account page).
  await page.request.post('/graphql', {
    headers: { 'sec-fetch-site': 'same-origin' },
    data: { query: 'mutation { setEvidenceShown(show: true) }' },
  });
  await page.getByRole('button', { name: 'Complete Module' }).click();
  const dialog = page.getByRole('dialog', { name: 'Certificate' });
  await expect(dialog).toContainText('Knowledge checks');
  await expect(dialog).toContainText('4 of 6 right at the first attempt');
  const id = (await dialog.getByText(/^EHC-/).first().textContent())!.trim();

  await page.goto(`/verify/${encodeURIComponent(id)}`);
  await expect(page.getByText('4 of 6 right at the first attempt')).toBeVisible();
  await expect(page.getByText('Nikhil Menon')).toBeVisible();
});

test('the dashboard card shows lessons done and checks right first time', async ({ page }) => {
  await signInPaidLearner(page);
  await page.goto('/course/cryptography');
  await answerLesson(page, 1, { allRight: true });
  await page.getByRole('button', { name: '← Back to Dashboard' }).first().click();
  const card = page.getByRole('article', { name: 'Cryptography & Encryption' });
  await expect(card.getByTestId('card-progress')).toContainText('0/2 lessons');
  await expect(card.getByTestId('card-progress')).toContainText('Checks: 3/6 right first time');
  await expect(card.getByRole('button', { name: 'Start Learning: Cryptography & Encryption' })).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`answered questions have no serious accessibility problems at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInPaidLearner(page);
    await page.goto('/course/cryptography');
    await answerLesson(page, 1, { allRight: false });
    await expectNoSeriousA11yViolations(page, '[aria-labelledby="knowledge-check"]');
  });
}
