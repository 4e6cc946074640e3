/**
 * What the server and the web app's server bundle (web/src/entry-server.tsx) agree on to
 * send pages as HTML before any script runs (docs/decisions/0041, 0043): the page names
 * the requests whose answers it shows, the server answers them in-process, the bundle
 * renders the page from the answers, and the page carries the answers so the browser's
 * query cache starts with them and hydration shows exactly what the server did.
 */

/** A GraphQL query, as the browser sends it: its answer is the `data` of the result. */
export interface GraphQLPageRequest {
  operationName: string;
  query: string;
  /** Absent for an operation without any. */
  variables?: Record<string, unknown>;
}

/** A plain GET of a JSON document (`/api/...`): its answer is the parsed body of a 200. */
export interface DocumentPageRequest {
  path: string;
}

export type PageRequest = GraphQLPageRequest | DocumentPageRequest;

/** One entry of the browser's query cache that a server-rendered page shows. */
export interface PageQuery {
  /** The browser's query-cache key for the entry (web/src/lib/query-keys.ts). */
  queryKey: readonly unknown[];
  /** What the browser's query function asks for, in order (none: `data` alone makes it). */
  requests: PageRequest[];
  /** The entry, made from the requests' answers as the browser's query function makes it. */
  data(answers: unknown[]): unknown;
  /**
   * False for an entry the page is rendered from but does not carry: one the browser keeps
   * in its own cache for good (the catalogue), and reads before adopting the page.
   */
  carried?: boolean;
}

/** One answered query: the entry's value under its cache key. */
export interface PageAnswer {
  queryKey: readonly unknown[];
  data: unknown;
}

export interface PageRenderer {
  /**
   * The queries of the public page at `path`, the same for every visitor, or null when that
   * page is not rendered on the server.
   */
  pageQueries(path: string): PageQuery[] | null;
  /**
   * The queries of the signed-in learner's page at `path`, given the answer of
   * `GET /api/session` for the visitor, or null when the server does not render that page
   * for them (signed out, or an address the browser sends on elsewhere).
   */
  learnerPageQueries(path: string, session: unknown): PageQuery[] | null;
  /** The page's markup (the content of `#root`), from the answers of its queries. */
  renderPage(path: string, answers: PageAnswer[]): Promise<string>;
}

/** The id of the `<script type="application/json">` that carries a rendered page's answers. */
export const PAGE_ANSWERS_ID = 'page-answers';
