import type { GetLegalPageQuery } from '../gql/graphql';
import { fieldQuery, graphql } from './graphql';
import { queryKeys } from './query-keys';

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

/** A legal page's content, kept for the visit (the seller's edits show on the next visit). */
export function legalPageQuery(slug: LegalSlug) {
  return fieldQuery(queryKeys.legalPage(slug), GetLegalPage, { slug }, 'legalPage', Infinity);
}
