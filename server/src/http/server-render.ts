import { PAGE_ANSWERS_ID, type PageAnswer, type PageQuery, type PageRenderer, type PageRequest } from '@ehc/common';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { GraphQLContext } from '../graphql/context';
import { SESSION_COOKIE } from '../modules/auth/session-token';
import { SESSION_PATH } from '../modules/progress/learner-routes';
import type { Services } from '../services';
import { compressedHtml, type CompressedHtml } from './compressed-html';
import { graphqlContextOf } from './request-session';

/**
 * The web app's server bundle (web/src/entry-server.tsx, built by `npm run build -w web`
 * beside the browser's files), or null when there is none (the API tests serve a bare
 * page shell): the public pages are then the app shell, as every other page.
 */
export async function loadPageRenderer(bundlePath: string): Promise<PageRenderer | null> {
  if (!existsSync(bundlePath)) return null;
  return ((await import(pathToFileURL(bundlePath).href)) as { renderer: PageRenderer }).renderer;
}

/** Rendered pages kept, by address and answers: a few megabytes, the landing and legal pages always among them. */
const MEMO_BYTES = 8 * 1024 * 1024;

/**
 * Pages as HTML before any script runs, from the web app's own components
 * (docs/decisions/0041, 0043). A page's queries are answered here, in-process, as the
 * visitor's own requests would be: GraphQL through the same schema and resolvers (so the
 * same budgets and rules), the JSON documents through the same routes (`inject`, with the
 * visitor's cookie and address). A refused request (a lookup over its budget, a lesson the
 * learner may not read) means no render: the browser then asks, and shows the refusal.
 */
export function pageRendering(
  app: FastifyInstance,
  services: Services,
  renderer: PageRenderer | null,
  stylesheetLinks: (path: string) => string,
) {
  const memo = new LRUCache<string, CompressedHtml>({
    maxSize: MEMO_BYTES,
    sizeCalculation: (page) => page.size,
  });

  /** The answer of one request, or REFUSED. */
  async function ask(asked: PageRequest, request: FastifyRequest, context: GraphQLContext): Promise<unknown> {
    if ('path' in asked) {
      const response = await app.inject({
        method: 'GET',
        url: asked.path,
        headers: { accept: 'application/json', cookie: request.headers.cookie ?? '' },
        remoteAddress: request.ip,
      });
      return response.statusCode === 200 ? response.json() : REFUSED;
    }
    const result = await app.graphql(asked.query, context, asked.variables, asked.operationName);
    return result.errors?.length ? REFUSED : result.data;
  }

  /** Each query's entry, or null when a request was refused. */
  async function answersOf(queries: PageQuery[], request: FastifyRequest, context: GraphQLContext) {
    const answered = await Promise.all(
      queries.map((query) => Promise.all(query.requests.map((asked) => ask(asked, request, context)))),
    );
    if (answered.some((answers) => answers.includes(REFUSED))) return null;
    return queries.map((query, i): PageAnswer => ({ queryKey: query.queryKey, data: query.data(answered[i]!) }));
  }

  return {
    /**
     * A public page at `path`, the same for every visitor, rendered once per distinct
     * answer set (the landing page again only when the seller changes the price or the
     * sample lesson); null for a path that is not one.
     */
    async publicPage(request: FastifyRequest, reply: FastifyReply, path: string, shell: string) {
      const queries = renderer?.pageQueries(path);
      if (!renderer || !queries) return null;
      const answers = await answersOf(queries, request, { request, reply, session: null, services });
      if (!answers) return null;
      // The verify page's head (title, link preview) comes from the same certificate as its answer.
      const key = `${path}\n${JSON.stringify(answers)}`;
      const kept = memo.get(key);
      if (kept) return kept;
      const markup = await renderer.renderPage(path, answers);
      const page = compressedHtml(
        pageWithContent(shell, path, markup, answers, { stylesheets: stylesheetLinks(path) }),
      );
      memo.set(key, page);
      return page;
    },

    /**
     * The signed-in learner's page at `path` (their dashboard, a lesson), for them alone:
     * never kept, here or in any cache. Null when the visitor is signed out, and for a
     * path the web app does not render for a learner.
     */
    async learnerPage(request: FastifyRequest, reply: FastifyReply, path: string, shell: string) {
      if (!renderer) return null;
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return null;
      const session = await ask({ path: SESSION_PATH }, request, { request, reply, session: null, services });
      const queries = session === REFUSED ? null : renderer.learnerPageQueries(path, session);
      if (!queries) return null;
      const answers = await answersOf(queries, request, await graphqlContextOf(request, reply, services));
      if (!answers) return null;
      const markup = await renderer.renderPage(path, answers);
      const carried = answers.filter((_, i) => queries[i]!.carried !== false);
      return pageWithContent(shell, path, markup, carried, { stylesheets: stylesheetLinks(path), needsCode: true });
    },
  };
}

/** A request the server refused: the page is then left to the browser. */
const REFUSED = Symbol('refused');

// The whole of #root: no text beside the page's markup, which hydration would not expect.
const PLACEHOLDER = /<div id="root">\s*<!--app-->[\s\S]*<!--\/app-->\s*<\/div>/;
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;

export interface PageOptions {
  /** `<link>` elements for the end of the head: the page's own styles. */
  stylesheets?: string;
  /**
   * A learner's page, which cannot be used without its code (docs/decisions/0043): `#root`
   * is `inert` until React has adopted it (app/App.tsx lifts it), so a tap before then is
   * not lost on a control without its handler, nor a form sent by the browser as a GET;
   * and the shell's "needs JavaScript" notice stays.
   */
  needsCode?: boolean;
}

/**
 * The shell with a rendered page in `#root` instead of its "Loading..." placeholder, and
 * the answers it was rendered from, for the browser's query cache (web/src/boot.tsx). The
 * answers hold learners' own text (a holder's name): `<` is escaped, so no answer can
 * close the script element. A public page reads without JavaScript: the "needs
 * JavaScript" notice goes.
 */
export function pageWithContent(
  shell: string,
  path: string,
  markup: string,
  answers: PageAnswer[],
  { stylesheets = '', needsCode = false }: PageOptions = {},
): string {
  const placeholder = PLACEHOLDER.exec(shell);
  if (!placeholder) throw new Error('The web app shell has no <!--app--> placeholder (web/index.html)');
  const data = JSON.stringify(answers).replace(/</g, '\\u003c');
  // The path it was rendered for: the browser adopts the HTML only at that address.
  const answersScript = `<script type="application/json" id="${PAGE_ANSWERS_ID}" data-path="${escapeAttribute(path)}">${data}</script>`;
  // The shell's own parts, around the placeholder: the page's markup may hold a <noscript>
  // of its own, and is not searched.
  const before = shell.slice(0, placeholder.index).replace('</head>', () => `${stylesheets}</head>`);
  const after = shell
    .slice(placeholder.index + placeholder[0].length)
    .replace(NOSCRIPT, (notice) => (needsCode ? `${notice}\n    ${answersScript}` : `\n    ${answersScript}`));
  return `${before}<div id="root"${needsCode ? ' inert' : ''}>${markup}</div>${after}`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
