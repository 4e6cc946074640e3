import type { GetLegalPageQuery } from '../gql/graphql';
import { gql, graphql } from './graphql';

export type LegalSlug = 'terms' | 'privacy' | 'refunds' | 'contact';

/** A legal page; `html` is sanitized on the server (markdown-it without raw HTML; settings values escaped). */
export type LegalPageContent = NonNullable<GetLegalPageQuery['legalPage']>;

const GetLegalPage = graphql(`
  query GetLegalPage($slug: String!) {
    legalPage(slug: $slug) {
      slug
      title
      html
    }
  }
`);

export async function fetchLegalPage(slug: LegalSlug): Promise<LegalPageContent | null> {
  return (await gql(GetLegalPage, { slug })).legalPage;
}
