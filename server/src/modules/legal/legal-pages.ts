import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ContentError, readFrontMatter } from '../courses/content-loader';
import { escapeHtml, renderMarkdown } from '../courses/markdown';
import type { BusinessSettings } from '../settings/business-settings';

/** The pages every public screen links to, in footer order. */
export const LEGAL_SLUGS = ['terms', 'privacy', 'refunds', 'contact'] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

/**
 * What a legal page may say about the seller, filled from the business settings when the
 * page is asked for, so an edit in the console shows at once without a restart.
 */
const PLACEHOLDERS = {
  legal_name: (s) => s.legalName,
  address: (s) => s.address,
  support_email: (s) => s.supportEmail,
  support_phone: (s) => s.supportPhone ?? 'not offered; please write to us by email',
  // Until the seller names an officer, grievances go to support, which must answer them.
  grievance_officer_name: (s) => s.grievanceOfficer?.name ?? 'Customer support',
  grievance_officer_contact: (s) => s.grievanceOfficer?.contact ?? s.supportEmail,
  gstin: (s) => s.gstin ?? 'not registered for GST',
} satisfies Record<string, (settings: BusinessSettings) => string>;

type Placeholder = keyof typeof PLACEHOLDERS;

/** A page that leaves these out would fail its legal purpose (who sells, who hears complaints). */
const REQUIRED: Record<LegalSlug, Placeholder[]> = {
  terms: ['legal_name', 'support_email'],
  privacy: ['legal_name', 'address', 'support_email', 'grievance_officer_name', 'grievance_officer_contact'],
  refunds: ['support_email'],
  contact: [
    'legal_name',
    'address',
    'support_email',
    'support_phone',
    'grievance_officer_name',
    'grievance_officer_contact',
    'gstin',
  ],
};

const TEXT_PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;
// markdown-it percent-encodes the braces of a placeholder inside a link's address.
const URL_PLACEHOLDER = /%7B%7B([a-z_]+)%7D%7D/g;
const HREF = /href="([^"]*)"/g;

export interface LegalPage {
  slug: LegalSlug;
  title: string;
  /** Sanitized HTML with the seller's details filled in. */
  html: string;
}

interface LoadedPage {
  slug: LegalSlug;
  title: string;
  /** Rendered once at boot; still holds the placeholders. */
  template: string;
}

/** The four pages, rendered at boot; `render` fills in the seller as the settings stand. */
export class LegalPages {
  constructor(private readonly pages: ReadonlyMap<LegalSlug, LoadedPage>) {}

  render(slug: string, settings: BusinessSettings): LegalPage | null {
    const page = this.pages.get(slug as LegalSlug);
    if (!page) return null;
    const value = (name: string) => PLACEHOLDERS[name as Placeholder](settings);
    const html = page.template
      .replace(URL_PLACEHOLDER, (_match, name: string) => escapeHtml(encodeURI(value(name))))
      .replace(TEXT_PLACEHOLDER, (_match, name: string) => escapeHtml(value(name)));
    return { slug: page.slug, title: page.title, html };
  }
}

/**
 * Reads `<dir>/<slug>.md` for each page: front matter with a `title`, a Markdown body
 * whose headings start at level 2 (the page's own h1 is the title), and only known
 * placeholders. Throws ContentError listing every problem, like the course content.
 */
export function loadLegalPages(dir: string): LegalPages {
  const problems: string[] = [];
  const show = (path: string) => relative(join(dir, '..', '..'), path);
  const report = (file: string, problem: string) => problems.push(`${show(file)}: ${problem}`);
  const pages = new Map<LegalSlug, LoadedPage>();

  for (const slug of LEGAL_SLUGS) {
    const file = join(dir, `${slug}.md`);
    if (!existsSync(file)) {
      report(file, 'legal page is missing');
      continue;
    }
    const parsed = readFrontMatter(file, ['title'], report);
    if (!parsed) continue;
    const title = parsed.data.title;
    if (typeof title !== 'string' || title.trim() === '') report(file, '"title" must be non-empty text');
    if (/^# /m.test(parsed.body)) report(file, 'headings start at "##": the title is the page\'s only h1');
    const template = renderMarkdown(parsed.body);
    for (const problem of placeholderProblems(slug, parsed.body, template)) report(file, problem);
    pages.set(slug, { slug, title: String(title).trim(), template });
  }

  if (problems.length > 0) throw new ContentError(problems);
  return new LegalPages(pages);
}

function placeholderProblems(slug: LegalSlug, source: string, template: string): string[] {
  const problems: string[] = [];
  const used = new Set([...source.matchAll(TEXT_PLACEHOLDER)].map((match) => match[1]!));
  for (const name of used) {
    if (!(name in PLACEHOLDERS)) {
      problems.push(`unknown placeholder {{${name}}} (known: ${Object.keys(PLACEHOLDERS).join(', ')})`);
    }
  }
  for (const name of REQUIRED[slug]) {
    if (!used.has(name)) problems.push(`must show {{${name}}}`);
  }
  // The only setting a link may carry is the support email, after "mailto:": the email is
  // validated as one, while free text such as the grievance contact could choose the link.
  for (const [, href] of template.matchAll(HREF)) {
    if (href!.includes('%7B%7B') && href !== 'mailto:%7B%7Bsupport_email%7D%7D') {
      problems.push(`a link may hold only mailto:{{support_email}} (found href="${href}")`);
    }
  }
  return problems;
}
