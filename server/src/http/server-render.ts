import { PAGE_ANSWERS_ID, type PageAnswer, type PageRenderer } from '@ehc/common';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { GraphQLContext } from '../graphql/context';
import type { Services } from '../services';
import { compressedHtml, type CompressedHtml } from './compressed-html';

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
 * The public pages as HTML before any script runs (docs/decisions/0041): for a path the
 * web app renders on the server, its queries are answered here, in-process, through the
 * same schema and resolvers as the browser's requests (so the same budgets and rules),
 * and the page is rendered from the answers into `shell`. A page is rendered once per
 * distinct answer set: the landing page again only when the seller changes the price or
 * the sample lesson. Resolves to null for any other path, and when a query is refused
 * (a lookup over its budget, say): the browser then asks, and shows the refusal.
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
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    shell: string,
  ): Promise<CompressedHtml | null> => {
    const queries = renderer?.pageQueries(path);
    if (!renderer || !queries) return null;
    const context: GraphQLContext = { request, reply, session: null, services };
    const results = await Promise.all(
      queries.map((query) => app.graphql(query.query, context, query.variables, query.operationName)),
    );
    if (results.some((result) => result.errors?.length)) return null;
    const answers: PageAnswer[] = queries.map((query, i) => ({
      queryKey: query.queryKey,
      data: (results[i]!.data as Record<string, unknown>)[query.field],
    }));
    // The verify page's head (title, link preview) comes from the same certificate as its answer.
    const key = `${path}\n${JSON.stringify(answers)}`;
    const kept = memo.get(key);
    if (kept) return kept;
    const markup = await renderer.renderPage(path, answers);
    const page = compressedHtml(pageWithContent(shell, markup, answers, stylesheetLinks(path)));
    memo.set(key, page);
    return page;
  };
}

// The whole of #root: no text beside the page's markup, which hydration would not expect.
const PLACEHOLDER = /<div id="root">\s*<!--app-->[\s\S]*<!--\/app-->\s*<\/div>/;
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;

/**
 * The shell with a rendered page in `#root` instead of its "Loading..." placeholder, and
 * the answers it was rendered from, for the browser's query cache (web/src/boot.tsx). The
 * answers hold learners' own text (a holder's name): `<` is escaped, so no answer can
 * close the script element. The "needs JavaScript" notice goes: the page reads without it.
 * `stylesheets` (`<link>` elements) go at the end of the head: the page's own styles.
 */
export function pageWithContent(shell: string, markup: string, answers: PageAnswer[], stylesheets = ''): string {
  if (!PLACEHOLDER.test(shell)) throw new Error('The web app shell has no <!--app--> placeholder (web/index.html)');
  const data = JSON.stringify(answers).replace(/</g, '\\u003c');
  // The shell's own parts first: the page's markup may hold a <noscript> of its own.
  return shell
    .replace('</head>', () => `${stylesheets}</head>`)
    .replace(NOSCRIPT, () => `\n    <script type="application/json" id="${PAGE_ANSWERS_ID}">${data}</script>`)
    .replace(PLACEHOLDER, () => `<div id="root">${markup}</div>`);
}
