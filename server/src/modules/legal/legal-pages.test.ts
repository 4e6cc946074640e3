import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_DIR } from '../../lib/env';
import { ContentError } from '../courses/content-loader';
import { defaultSettings } from '../settings/business-settings';
import { loadLegalPages } from './legal-pages';

const seller = {
  legalName: 'Test Seller',
  address: '1 Test Street',
  supportEmail: 'help@seller.example',
  supportPhone: null,
  gstin: null,
};

const VALID: Record<string, string> = {
  terms: '---\ntitle: Terms\n---\n{{legal_name}} [mail](mailto:{{support_email}})\n',
  privacy:
    '---\ntitle: Privacy\n---\n{{legal_name}} {{address}} {{support_email}} {{grievance_officer_name}} {{grievance_officer_contact}}\n',
  refunds: '---\ntitle: Refunds\n---\n{{support_email}}\n',
  contact:
    '---\ntitle: Contact\n---\n{{legal_name}} {{address}} {{support_email}} {{support_phone}} {{grievance_officer_name}} {{grievance_officer_contact}} {{gstin}}\n',
};

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function folder(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'ehc-legal-'));
  for (const [slug, text] of Object.entries(files)) writeFileSync(join(dir, `${slug}.md`), text);
  return dir;
}

function problemsOf(files: Record<string, string>): string[] {
  try {
    loadLegalPages(folder(files));
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadLegalPages', () => {
  it('loads the repository pages', () => {
    const pages = loadLegalPages(DEFAULT_LEGAL_DIR);
    const terms = pages.render('terms', defaultSettings({ seller }));
    expect(terms?.title).toBe('Terms of use');
    expect(terms?.html).toContain('Test Seller');
  });

  it('names a missing page, an unknown or missing placeholder, an h1 and an unsafe link', () => {
    const problems = problemsOf({
      terms: '---\ntitle: Terms\n---\n# Terms\n{{legal_name}} {{support_email}} {{seller_pan}}\n',
      privacy: VALID.privacy!,
      refunds: '---\ntitle: Refunds\n---\nWrite to us.\n',
      contact: VALID.contact!.replace('{{gstin}}', '[officer]({{grievance_officer_contact}})'),
    });
    expect(problems).toEqual([
      expect.stringMatching(/terms\.md: headings start at "##"/),
      expect.stringMatching(/terms\.md: unknown placeholder \{\{seller_pan\}\}/),
      expect.stringMatching(/refunds\.md: must show \{\{support_email\}\}/),
      expect.stringMatching(/contact\.md: must show \{\{gstin\}\}/),
      expect.stringMatching(/contact\.md: a link may hold only mailto:\{\{support_email\}\}/),
    ]);
    expect(problemsOf({ terms: VALID.terms!, privacy: VALID.privacy!, refunds: VALID.refunds! })).toEqual([
      expect.stringMatching(/contact\.md: legal page is missing/),
    ]);
  });

  it('fills text and mailto placeholders, escaped', () => {
    const pages = loadLegalPages(folder(VALID));
    const terms = pages.render('terms', { ...defaultSettings({ seller }), legalName: 'A <b>&</b> "B"' });
    expect(terms?.html).toBe(
      '<p>A &lt;b&gt;&amp;&lt;/b&gt; &quot;B&quot; <a href="mailto:help@seller.example" rel="noopener noreferrer">mail</a></p>\n',
    );
  });
});
