/**
 * What the server and the web app's server bundle (web/src/entry-server.tsx) agree on to
 * send the public pages as HTML before any script runs (docs/decisions/0041): the page
 * names the GraphQL queries it shows, the server answers them in-process, the bundle
 * renders the page from the answers, and the page carries the answers so the browser's
 * query cache starts with them and hydration shows exactly what the server did.
 */

/** A GraphQL query a server-rendered page shows the answer of. */
export interface PageQuery {
  /** The browser's query-cache key for the answer (web/src/lib/query-keys.ts). */
  queryKey: readonly unknown[];
  operationName: string;
  /** The document as the browser sends it. */
  query: string;
  variables: Record<string, unknown>;
  /** The field of the answer's `data` that the page keeps. */
  field: string;
}

/** One answered query: the kept field's value under its cache key. */
export interface PageAnswer {
  queryKey: readonly unknown[];
  data: unknown;
}

export interface PageRenderer {
  /** The queries the page at `path` needs, or null when that page is not rendered on the server. */
  pageQueries(path: string): PageQuery[] | null;
  /** The page's markup (the content of `#root`), from the answers of its queries. */
  renderPage(path: string, answers: PageAnswer[]): Promise<string>;
}

/** The id of the `<script type="application/json">` that carries a rendered page's answers. */
export const PAGE_ANSWERS_ID = 'page-answers';
