import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { defaultSettings, saveBusinessSettings, type BusinessSettings } from '../settings/business-settings';
import { LEGAL_SLUGS } from './legal-pages';

const LEGAL_PAGE = `query LegalPage($slug: String!) { legalPage(slug: $slug) { slug title html } }`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SELLER_LEGAL_NAME: 'Surakshit Learning Private Limited',
    SELLER_ADDRESS: '12 MG Road, Bengaluru 560001',
    SUPPORT_EMAIL: 'help@course.example.com',
  });
});
afterAll(async () => {
  await t.close();
});

async function page(slug: string) {
  const result = await t.graphql(LEGAL_PAGE, { slug });
  expect(result.body.errors).toBeUndefined();
  return result.body.data!.legalPage as { slug: string; title: string; html: string } | null;
}

async function saveSettings(change: Partial<BusinessSettings>) {
  const settings = { ...defaultSettings(t.services.env), ...change };
  await saveBusinessSettings(t.services.db, settings, 'legal.api.test');
}

describe('legalPage', () => {
  it('serves the four pages to anyone, with the seller from the settings and no placeholder left', async () => {
    for (const slug of LEGAL_SLUGS) {
      const served = await page(slug);
      expect(served?.slug).toBe(slug);
      expect(served?.title).not.toBe('');
      expect(served?.html).toContain('help@course.example.com');
      expect(served?.html).not.toMatch(/\{\{|%7B%7B/);
      expect(served?.html, 'headings start at h2').not.toContain('<h1');
    }
    const contact = await page('contact');
    expect(contact?.title).toBe('Contact us');
    expect(contact?.html).toContain('Surakshit Learning Private Limited');
    expect(contact?.html).toContain('12 MG Road, Bengaluru 560001');
    expect(contact?.html).toContain(
      'href="mailto:help@course.example.com" rel="noopener noreferrer">help@course.example.com</a>',
    );
    // Without an officer configured, grievances go to support.
    expect(contact?.html).toContain('Customer support');
    expect(contact?.html).toContain('not registered for GST');
  });

  it('answers null for any other slug', async () => {
    expect(await page('cookies')).toBeNull();
    expect(await page('../package')).toBeNull();
  });

  it('shows a settings change at once, escaped as text', async () => {
    await saveSettings({
      legalName: 'Rao & Sons <script>alert(1)</script>',
      supportEmail: 'grievance+legal@seller.example',
      supportPhone: '+91 80 4000 1234',
      grievanceOfficer: { name: 'Priya "PK" Kulkarni', contact: 'javascript:alert(1)' },
      gstin: '29ABCDE1234F1Z5',
    });
    const contact = await page('contact');
    expect(contact?.html).toContain('Rao &amp; Sons &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(contact?.html).not.toContain('<script>');
    expect(contact?.html).toContain('Priya &quot;PK&quot; Kulkarni');
    expect(contact?.html).toContain('+91 80 4000 1234');
    expect(contact?.html).toContain('29ABCDE1234F1Z5');
    expect(contact?.html).toContain('href="mailto:grievance+legal@seller.example"');
    // Free text never becomes a link.
    expect(contact?.html).not.toContain('href="javascript');
    const privacy = await page('privacy');
    expect(privacy?.html).toContain('Priya &quot;PK&quot; Kulkarni');
  });
});
