import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { certificateIdsByModule, expectNoSeriousA11yViolations } from './account-helpers';
import { completeLessons, expect, holdRequests, operation, signInAdmin, signInPaidLearner, test } from './fixtures';

// Signed credentials (docs/credentials.md): a learner's certificate is also an Open Badges
// credential; anyone checks it on /verify against the published keys and status list.

/** Completes the fixture cryptography module through the reader and opens its certificate. */
async function completeCryptography(page: Page) {
  await completeLessons(page, 'cryptography', [1]);
  await page.goto('/course/cryptography');
  await page.getByRole('button', { name: 'Complete Module' }).click();
  const dialog = page.getByRole('dialog', { name: 'Certificate' });
  await expect(dialog.getByRole('heading', { name: 'Your certificate: Cryptography & Encryption' })).toBeVisible();
  return dialog;
}

async function checkFile(page: Page, path: string) {
  const input = page.getByLabel('Certificate image or credential file');
  // The page comes rendered by the server: its form opens once its code has run.
  await expect(input).toBeEnabled();
  await input.setInputFiles(path);
  await page.getByRole('button', { name: 'Check credential' }).click();
  return page.getByRole('region', { name: 'Check result' });
}

test('a downloaded credential verifies on /verify, and shows as revoked once an admin revokes it', async ({
  page,
  browser,
}) => {
  // Two browsers, the console and `npm run admin`: longer than one journey's default.
  test.setTimeout(90_000);
  const learner = await signInPaidLearner(page, { fullName: 'Nisha Verma' });
  const dialog = await completeCryptography(page);
  const certificateId = (await dialog.getByText(/^EHC-CRYPTOGRAPHY-\d{13}-LEA$/).textContent())!;

  // The credential file, and the certificate image with the same credential baked in.
  let download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Signed credential (.jwt)' }).click();
  const credentialFile = await download;
  expect(credentialFile.suggestedFilename()).toBe(`${certificateId}.jwt`);
  const credentialPath = (await credentialFile.path())!;
  expect(readFileSync(credentialPath, 'utf8')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download', exact: true }).click();
  const imagePath = (await (await download).path())!;
  expect(readFileSync(imagePath).includes(Buffer.from('openbadgecredential'))).toBe(true);

  // An employer, in a browser of their own, checks the file they were sent.
  const employerContext = await browser.newContext();
  const employer = await employerContext.newPage();
  await employer.goto('/verify');
  await expect(employer.getByRole('heading', { level: 1, name: 'Certificate verification' })).toBeVisible();
  let result = await checkFile(employer, credentialPath);
  await expect(result.getByText('✓ Valid credential')).toBeVisible();
  await expect(result.getByText('✓ Signature valid: signed by this site’s published key.')).toBeVisible();
  await expect(result.getByText('✓ Not revoked (checked against the published status list).')).toBeVisible();
  await expect(result.getByText('Nisha Verma')).toBeVisible();
  await expect(result.getByText('Cryptography & Encryption')).toBeVisible();
  await expect(result.getByText(certificateId)).toBeVisible();
  await expect(result.getByText('Surakshit Learning Private Limited')).toBeVisible();
  await expect(
    result.getByText(/^Signed by key: http:\/\/localhost:\d+\/\.well-known\/jwks\.json#[\w-]{43}$/),
  ).toBeVisible();
  // The email is in the credential only as a salted hash: who knows it can confirm it.
  await result.getByLabel('Confirm the holder’s email (optional)').fill('someone.else@example.com');
  await result.getByRole('button', { name: 'Confirm email' }).click();
  await expect(result.getByRole('status')).toHaveText('✗ This credential was not issued to someone.else@example.com.');
  await result.getByLabel('Confirm the holder’s email (optional)').fill(learner.email);
  await result.getByRole('button', { name: 'Confirm email' }).click();
  await expect(result.getByRole('status')).toHaveText(`✓ This credential was issued to ${learner.email}.`);
  await expectNoSeriousA11yViolations(employer);

  // The seller revokes it in the console.
  await signInAdmin(page);
  await page.goto('/admin');
  await page.getByLabel('Name, email, phone, order id, payment id or certificate id').fill(certificateId);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'Nisha Verma' }).click();
  const row = page.getByRole('table', { name: 'Certificates' }).getByRole('row').filter({ hasText: certificateId });
  await row.getByRole('button', { name: `Revoke certificate ${certificateId}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke certificate' });
  await confirm.getByLabel('Reason').fill('Completed by a shared account');
  await confirm.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(row.getByText('Revoked')).toBeVisible();

  // The same employer checks again, this time the image: its signature still holds, but it is revoked.
  await employer.reload();
  result = await checkFile(employer, imagePath);
  await expect(result.getByText('Credential revoked')).toBeVisible();
  await expect(result.getByText('✗ Revoked by the issuer: it no longer attests a completion.')).toBeVisible();
  await expect(result.getByText('✓ Signature valid: signed by this site’s published key.')).toBeVisible();
  await employerContext.close();
});

test('the certificate screen shares the certificate: LinkedIn, a copied link, and the verify page', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInPaidLearner(page, { fullName: 'Arjun Nair' });
  const dialog = await completeCryptography(page);
  const verifyUrl = (await dialog.getByRole('link', { name: /\/verify\// }).getAttribute('href'))!;

  const linkedIn = new URL((await dialog.getByRole('link', { name: 'Add to LinkedIn' }).getAttribute('href'))!);
  expect(`${linkedIn.origin}${linkedIn.pathname}`).toBe('https://www.linkedin.com/profile/add');
  expect(linkedIn.searchParams.get('startTask')).toBe('CERTIFICATION_NAME');
  expect(linkedIn.searchParams.get('name')).toBe('Cryptography & Encryption');
  expect(linkedIn.searchParams.get('organizationName')).toBe('Surakshit Learning Private Limited');
  expect(linkedIn.searchParams.get('certUrl')).toBe(verifyUrl);
  expect(linkedIn.searchParams.get('certId')).toMatch(/^EHC-CRYPTOGRAPHY-\d{13}-LEA$/);
  expect(Number(linkedIn.searchParams.get('issueYear'))).toBeGreaterThan(2000);
  expect(Number(linkedIn.searchParams.get('issueMonth'))).toBeGreaterThanOrEqual(1);

  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(verifyUrl);
  await expect(dialog.getByText('Estimated study time')).toBeVisible();

  // The verify page states the study time, the issuer, and the server's check of the signature.
  await page.goto(new URL(verifyUrl).pathname);
  await expect(page.getByText('✓ Valid certificate')).toBeVisible();
  await expect(page.getByText('Arjun Nair')).toBeVisible();
  await expect(page.getByText('Estimated study time')).toBeVisible();
  await expect(page.getByText(/^\d+ hours?$/)).toBeVisible();
  await expect(page.getByText('Surakshit Learning Private Limited')).toBeVisible();
  await expect(
    page.getByText(/✓ Signature checked: its signed credential verifies against the published key/),
  ).toBeVisible();
});

test('a pasted credential that was changed is not valid', async ({ page, browser }) => {
  await signInPaidLearner(page);
  await completeCryptography(page);
  const response = await page.request.get(
    (await page
      .getByRole('dialog', { name: 'Certificate' })
      .getByRole('link', { name: 'Signed credential (.jwt)' })
      .getAttribute('href'))!,
  );
  const [header, payload, signature] = (await response.text()).split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { awardedDate: string };
  claims.awardedDate = '2020-01-01T00:00:00Z';
  const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;

  const context = await browser.newContext();
  const stranger = await context.newPage();
  await stranger.goto('/verify');
  await stranger.getByLabel('Or paste the credential').fill(forged);
  await stranger.getByRole('button', { name: 'Check credential' }).click();
  const result = stranger.getByRole('region', { name: 'Check result' });
  await expect(result.getByText('✗ Not a valid credential')).toBeVisible();
  await expect(result.getByText(/The signature does not match the content/)).toBeVisible();

  await stranger.getByLabel('Or paste the credential').fill('hello');
  await stranger.getByRole('button', { name: 'Check credential' }).click();
  await expect(stranger.getByRole('alert')).toHaveText(/neither a PNG certificate nor a credential/);
  await context.close();
});

for (const width of [360, 1280]) {
  test(`at ${width} px the file check stays put while /verify's code loads`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInPaidLearner(page);
    await completeLessons(page, 'cryptography', [1, 2]);
    const id = (await certificateIdsByModule(page)).get('cryptography')!;
    // The lookup is held for good: the page must not need it, the server rendered the answer.
    await holdRequests(page, '**/graphql', operation('VerifyCertificate'));
    // Held too, so the page is measured before its code has run and again after.
    const release = await holdRequests(page, '**/assets/VerifyPage-*.js', () => true);
    await page.goto(`/verify/${encodeURIComponent(id)}`, { waitUntil: 'commit' });
    await expect(page.getByText('✓ Valid certificate')).toBeVisible();
    const fileCheck = page.getByRole('heading', { name: 'Check a credential file' });
    const before = (await fileCheck.boundingBox())!.y;
    release();
    await expect(page.getByLabel('Or paste the credential')).toBeEnabled();
    expect((await fileCheck.boundingBox())!.y).toBe(before);
  });
}
