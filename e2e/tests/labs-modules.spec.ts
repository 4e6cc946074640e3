import type { Locator, Page } from '@playwright/test';
import { LAB_ORIGIN, LABS_APP_PORT } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './account-helpers';
import { expect, makePaid, newLearner, signUpByApi, test } from './fixtures';

// One hands-on lab of every course module, solved on a phone the way a learner solves it:
// started from its lesson's "Try it" block, worked through the lab's own pages and forms
// (reading what they show), until the lab tab reports the solve and the lesson shows it.
// labs.spec.ts covers the web module's SQL-injection journey in depth.

const APP = `http://localhost:${LABS_APP_PORT}`;

test.use({ baseURL: APP, viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

/** The first match of `pattern` in `text`, or the test fails saying what was not there. */
function read(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  expect(match, `${pattern} in the page`).not.toBeNull();
  return match![1]!;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A new paid learner opens the lesson and starts its lab: the lab opens in a new tab, on
 * the lab site, at its home page (whose accessibility axe checks).
 */
async function startLab(
  page: Page,
  { moduleId, lesson, labId, home }: { moduleId: string; lesson: number; labId: string; home: string },
): Promise<{ block: Locator; lab: Page }> {
  const learner = newLearner();
  await signUpByApi(page.request, learner);
  await makePaid(learner, process.env.E2E_LABS_DATABASE_URL);

  await page.goto(`/course/${moduleId}/${lesson}`);
  const block = page.getByTestId(`lab-${labId}`);
  await expect(block.getByRole('heading', { name: /^Try it: / })).toBeVisible();
  await expect(block.getByText('✓ Solved')).toHaveCount(0);

  const [lab] = await Promise.all([
    page.waitForEvent('popup'),
    block.getByRole('button', { name: 'Start lab' }).click(),
  ]);
  await expect(lab).toHaveURL(new RegExp(`^${LAB_ORIGIN}/i/`));
  await expect(lab.getByRole('heading', { level: 1, name: home })).toBeVisible();
  await expectNoSeriousA11yViolations(lab);
  return { block, lab };
}

/** The lab shows its banner with the flag, and the lesson tab records the solve. */
async function expectSolved(lab: Page, block: Locator): Promise<void> {
  await expect(lab.getByRole('heading', { name: 'Lab solved' })).toBeVisible();
  await expect(lab.locator('.lab-flag')).toHaveText(/^EHC\{[A-Za-z0-9_-]{20,}\}$/);
  await expect(block.getByText('✓ Solved')).toBeVisible();
}

test.describe('a phone learner solves a lab of each module', () => {
  test('web application: reads a hidden GraphQL field and signs in to the staff console', async ({ page }) => {
    const { block, lab } = await startLab(page, {
      moduleId: 'web-application',
      lesson: 18,
      labId: 'web-graphql-hidden-field',
      home: 'Haat Bazaar: handmade in India',
    });

    // The editor opens from the lab's tools; after an answer it stays open under the page.
    await lab.getByText('Request editor').click();
    const ask = async (query: string, answerShows: string) => {
      await lab.getByLabel('Method').selectOption('POST');
      await lab.getByLabel('Path').fill('/graphql');
      await lab.getByLabel('Headers, one per line').fill('Content-Type: application/json');
      await lab.getByLabel('Body').fill(JSON.stringify({ query }));
      await lab.getByRole('button', { name: 'Send' }).click();
      const response = lab.getByRole('region', { name: 'Response' });
      await expect(response).toContainText(answerShows);
      return response.innerText();
    };

    // Introspection names a field of User that the shop never shows.
    await ask('{ __type(name: "User") { fields { name } } }', '"name": "apiKey"');
    const admin = await ask('{ user(id: 1) { username role apiKey } }', '"username": "administrator"');
    expect(admin).toContain('HTTP/1.1 200 OK');
    const apiKey = read(admin, /"apiKey": "([^"]+)"/);

    // Back to the shop through the lab's bar, then to its staff sign-in.
    await lab.getByRole('banner').getByRole('link').click();
    await lab.getByRole('link', { name: 'Staff sign-in' }).click();
    await lab.getByLabel('API key').fill(apiKey);
    await lab.getByRole('button', { name: 'Sign in' }).click();
    await expect(lab.getByText('Signed in as administrator')).toBeVisible();
    await expectSolved(lab, block);
  });

  test('cryptography: recovers an RSA e = 3 message with the cube root calculator', async ({ page }) => {
    const { block, lab } = await startLab(page, {
      moduleId: 'cryptography',
      lesson: 14,
      labId: 'crypto-rsa-small-e',
      home: 'Konkan Freight parcel office',
    });

    // c as the intercepted SMS shows it, in decimal.
    const intercepted = lab.getByRole('region', { name: "Tonight's SMS, intercepted" });
    const c = (await intercepted.locator('pre').first().innerText()).trim();
    expect(c).toMatch(/^\d{100,}$/);

    await lab.getByRole('link', { name: 'Integer cube root calculator' }).click();
    await lab.getByLabel(/^x \(decimal/).fill(c);
    await lab.getByRole('button', { name: 'Cube root' }).click();
    const root = lab.getByRole('status', { name: 'Exact cube root' });
    await expect(root).toBeVisible();
    // The last line the calculator shows: r as bytes, read as text. That is the passphrase.
    const passphrase = (await root.locator('pre').last().innerText()).trim();
    expect(passphrase).toMatch(/^[a-z]+-[a-z]+-\d{4}$/);

    await lab.getByRole('link', { name: 'Back to the parcel office' }).click();
    await lab.getByLabel('Passphrase').fill(passphrase);
    await lab.getByRole('button', { name: 'Open the locker' }).click();
    await expect(lab.getByText('Passphrase accepted')).toBeVisible();
    await expectSolved(lab, block);
  });

  test('wifi hacking: ticks exactly the BSSIDs of the signed scope', async ({ page }) => {
    const { block, lab } = await startLab(page, {
      moduleId: 'wifi-hacking',
      lesson: 2,
      labId: 'wifi-survey-scope',
      home: 'Site survey: what may you test?',
    });

    // Section 1 of the authorisation lists the networks in scope by BSSID.
    const scope = await lab.getByRole('region', { name: 'Wireless testing authorisation (extract)' }).innerText();
    const listed = [...scope.matchAll(/\b[0-9a-f]{2}(?::[0-9a-f]{2}){5}\b/gi)].map((m) => m[0]);
    expect(listed).toHaveLength(4);

    const survey = lab.getByRole('region', { name: 'What your laptop hears at the reception desk' });
    await expect(survey.getByRole('checkbox')).toHaveCount(10);
    for (const bssid of listed) {
      await survey.getByRole('checkbox', { name: new RegExp(escapeRegExp(bssid), 'i') }).check();
    }
    await survey.getByRole('button', { name: 'Record my scope' }).click();
    await expect(lab.getByRole('heading', { level: 1, name: 'Scope recorded' })).toBeVisible();
    await expectSolved(lab, block);
  });

  test('mobile hacking: reads a support admin’s profile through the app’s API', async ({ page }) => {
    const { block, lab } = await startLab(page, {
      moduleId: 'mobile-hacking',
      lesson: 14,
      labId: 'mobile-backend-idor',
      home: 'TazaTokri API test',
    });

    // The captured order shows who approved its refund.
    await lab.getByRole('link', { name: 'Captured traffic' }).click();
    await lab
      .getByRole('row', { name: /Opening an order/ })
      .getByRole('link')
      .click();
    await expect(lab.getByRole('heading', { level: 1, name: /^Request 4/ })).toBeVisible();
    const order = await lab.getByRole('main').innerText();
    const adminId = read(order, /"approvedBy": \{\s*"userId": (\d+)/);

    // The captured token has expired: replaying the sign-in gives a fresh one.
    await lab.getByRole('link', { name: 'All requests' }).click();
    await lab
      .getByRole('row', { name: /Sign-in with test account A/ })
      .getByRole('link')
      .click();
    await lab.getByRole('button', { name: 'Send to the request editor' }).click();
    const response = lab.getByRole('region', { name: 'Response' });
    await expect(response).toContainText('HTTP/1.1 200');
    const token = read(await response.innerText(), /"token": "([^"]+)"/);

    // The request editor is open with the replayed request: change it to the admin's profile.
    await lab.getByLabel('Method').selectOption('GET');
    await lab.getByLabel('Path').fill(`/api/v2/users/${adminId}/profile`);
    await lab.getByLabel('Headers, one per line').fill(`Authorization: Bearer ${token}`);
    await lab.getByLabel('Body').fill('');
    await lab.getByRole('button', { name: 'Send' }).click();
    await expect(response).toContainText('"role": "support_admin"');
    await expect(response).toContainText(/"supportPin": "\d{6}"/);
    await expectSolved(lab, block);
  });

  test('hacking through mobile: opens a BLE lock by writing its unlock frame without pairing', async ({ page }) => {
    const { block, lab } = await startLab(page, {
      moduleId: 'hacking-through-mobile',
      lesson: 6,
      labId: 'htm-ble-gatt-writable',
      home: 'BLE assessment: DL-2 smart deadbolt',
    });

    // The lock in scope, out of everything the scanner hears.
    await lab.locator('.lab-card').filter({ hasText: /DL2-/ }).getByRole('button', { name: 'Connect' }).click();
    await lab.getByRole('button', { name: 'Discover services' }).click();
    await expect(lab.getByRole('heading', { name: 'Device Information' })).toBeVisible();
    const characteristic = (uuid: string) => lab.locator('.lab-card').filter({ hasText: `UUID ${uuid}-` });
    const result = lab.getByRole('status');

    // The debug characteristic describes the control frame.
    await characteristic('5D1A0005').getByRole('button', { name: 'Read', exact: true }).click();
    await expect(result).toContainText('CTRL(0003) frame');
    const debug = await result.innerText();
    const start = read(debug, /frame ([0-9A-F]{2})\|op\|chal\[4\]/);
    const open = read(debug, /op ([0-9A-F]{2})=OPEN/);

    // The current challenge, then the frame to the control characteristic.
    await characteristic('5D1A0004').getByRole('button', { name: 'Read', exact: true }).click();
    // Four bytes (the debug value, still on screen until the page changes, is longer).
    const fourBytes = /Value: \(0x\) ((?:[0-9A-F]{2}-){3}[0-9A-F]{2})(?:,|$)/;
    await expect(result).toHaveText(fourBytes);
    const challenge = read(await result.innerText(), fourBytes);
    const control = characteristic('5D1A0003');
    await control.getByLabel('Value').fill(`${start} ${open} ${challenge.replaceAll('-', ' ')}`);
    await control.getByLabel('Type').selectOption({ label: 'Byte array (hex)' });
    await control.getByRole('button', { name: 'Write request' }).click();
    await expect(lab.getByText('The DL-2 opened for a phone that never paired')).toBeVisible();
    await expectSolved(lab, block);
  });

  test('social engineering: takes the headers of a phishing email apart', async ({ page }) => {
    const { block, lab } = await startLab(page, {
      moduleId: 'social-engineering',
      lesson: 5,
      labId: 'se-phishing-eml-forensics',
      home: 'A reported phishing email',
    });
    const mx = read(await lab.getByRole('main').innerText(), /receiving server \((\S+)\) recorded/);

    await lab.getByRole('link', { name: 'Header viewer', exact: true }).click();
    // The hop where the company's MX took the message from a server outside.
    const boundary = lab
      .getByRole('row')
      .filter({ has: lab.getByRole('cell', { name: mx, exact: true }) })
      .filter({ hasNotText: /IP 10\./ });
    await expect(boundary).toHaveCount(1);
    const ip = read(await boundary.innerText(), /IP (\d+\.\d+\.\d+\.\d+)/);
    // The verdict the MX itself wrote, not the one further down.
    const verdict = lab.locator('.lab-card').filter({ hasText: `written by ${mx},` });
    const spf = read(await verdict.innerText(), /spf=(\w+)/);
    // The From domain imitates the real one.
    const from = await lab.getByRole('row', { name: /^From / }).innerText();
    const domain = read(from, /@([^>\s]+)>/);
    expect(domain).not.toBe(mx.replace(/^mx1\./, ''));

    await lab.getByRole('link', { name: 'Report', exact: true }).click();
    await lab.getByLabel('The IP address that really sent the message').fill(ip);
    await lab.getByLabel('The lookalike domain').fill(domain);
    await lab.getByLabel(/The SPF result/).selectOption(spf);
    await lab.getByRole('button', { name: 'Submit analysis' }).click();
    await expect(lab.getByRole('heading', { level: 1, name: 'Analysis confirmed' })).toBeVisible();
    await expectSolved(lab, block);
  });

  test('network penetration: confirms the one famous vulnerable service of a scan', async ({ page }) => {
    const { block, lab } = await startLab(page, {
      moduleId: 'network-penetration',
      lesson: 6,
      labId: 'net-scan-triage',
      home: 'Scan triage',
    });

    // What a tester knows, or finds with searchsploit, about these versions.
    const famous: [RegExp, string][] = [
      [/^vsftpd 2\.3\.4(?![\w.])/, 'CVE-2011-2523'],
      [/^Apache httpd 2\.4\.49(?![\w.])/, 'CVE-2021-41773'],
      [/^ProFTPD 1\.3\.5(?![\w.])/, 'CVE-2015-3306'],
      [/^Samba smbd 3\.0\.20(?![\w.])/, 'CVE-2007-2447'],
    ];
    const found: { host: string; port: string; cve: string }[] = [];
    for (const [version, cve] of famous) {
      const cell = lab.getByRole('cell', { name: version });
      if ((await cell.count()) === 0) continue;
      const host = lab.getByRole('region').filter({ has: cell });
      const ip = read(await host.getByRole('heading').innerText(), /^(\d+\.\d+\.\d+\.\d+)/);
      const port = read(await lab.getByRole('row').filter({ has: cell }).first().innerText(), /^(\d+)\/tcp/);
      found.push({ host: ip, port, cve });
    }
    expect(found).toHaveLength(1);
    const [star] = found;

    await lab.getByLabel('Target (host:port)').fill(`${star!.host}:${star!.port}`);
    await lab.getByLabel('CVE').fill(star!.cve);
    await lab.getByRole('button', { name: 'Run exploit check' }).click();
    await expect(lab.getByRole('heading', { level: 1, name: 'Exploit check: confirmed' })).toBeVisible();
    await expect(lab.getByText('[+] VULNERABLE')).toBeVisible();
    await expectSolved(lab, block);
  });
});
