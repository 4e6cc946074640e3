import { gql } from './graphql';

export type LegalSlug = 'terms' | 'privacy' | 'refunds' | 'contact';

export interface LegalPageContent {
  slug: LegalSlug;
  title: string;
  /** Sanitized on the server (markdown-it without raw HTML; settings values escaped). */
  html: string;
}

export async function fetchLegalPage(slug: LegalSlug): Promise<LegalPageContent | null> {
  const data = await gql<{ legalPage: LegalPageContent | null }>(
    'GetLegalPage',
    'query GetLegalPage($slug: String!) { legalPage(slug: $slug) { slug title html } }',
    { slug },
  );
  return data.legalPage;
}
