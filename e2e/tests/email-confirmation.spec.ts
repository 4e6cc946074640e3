import { ACCOUNT_MESSAGES } from '@ehc/common';
import { expectNoSeriousA11yViolations } from './account-helpers';
import { expect, newLearner, signUpThroughForm, test } from './fixtures';
import { waitForEmail } from './outbox';

// The welcome email asks the learner to confirm their address (issue 39): its link opens a
// page with one button, and the account page then says the address is confirmed.

for (const width of [360, 1280]) {
  test(`at ${width} px a new learner confirms their address from the welcome email`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const learner = newLearner({ fullName: 'Meera Confirms' });
    await page.goto('/');
    await signUpThroughForm(page, learner);

    const welcome = await waitForEmail(learner.email, 'welcome');
    expect(welcome.text).not.toContain('Meera Confirms');
    const link = /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(welcome.text ?? '')![0];

    await page.goto('/account');
    await expect(page.getByText(`${learner.email} is not confirmed yet`, { exact: false })).toBeVisible();

    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.emailConfirmed);

    await page.goto('/account');
    await expect(page.getByText(`${learner.email} is confirmed.`)).toBeVisible();
    // The link worked once.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.confirmationLinkInvalid);
  });
}
