import { isAppPage } from '@ehc/common';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { certificateTitle, findCertificate, verifyUrl } from '../modules/certificates/certificate-service';
import { hasCourseAccess } from '../graphql/auth-scopes';
import type { Services } from '../services';
import { isSampleLesson, sampleLessonOf } from '../modules/courses/sample-lesson';
import { lessonDocumentPath, type CourseDocuments } from '../modules/courses/course-routes';
import { SESSION_COOKIE } from '../modules/auth/session-token';
import { answerNotFound } from './error-answers';
import { SESSION_PATH } from '../modules/progress/learner-routes';
import { pageCodeHints, pageStylesheetLinks } from './page-code';
import { compressedHtml, sendHtml } from './compressed-html';
import { loadPageRenderer, pageRendering } from './server-render';
import { requestUser } from './request-session';
import { pathOf } from '../lib/url-path';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

// Paths that are never pages: a miss there is a real 404, not the app shell.
const NON_PAGE_PREFIXES = [
  '/graphql',
  '/healthz',
  '/metrics',
  '/webhooks/',
  '/api/',
  '/assets/',
  '/credentials/',
  '/.well-known/',
  '/certificates/',
  '/lab-files/',
];

/** The public pages a search engine may list. */
const PUBLIC_PAGES = ['/', '/verify', '/terms', '/privacy', '/refunds', '/contact'];

/** The pages the server renders (with /verify/<id>, which has a route of its own). */
const isRendered = (path: string) => PUBLIC_PAGES.includes(path);

/**
 * Serves the built single-page app: hashed assets cached for a year (immutable), in the
 * brotli or gzip copy the build made when the browser takes it; index.html from memory,
 * revalidated on every visit, for every other GET so the client router can take the path.
 * The public pages (landing, legal, verify) come rendered, from the web app's server
 * bundle beside the build (server-render.ts).
 */
export async function registerWebApp(
  app: FastifyInstance,
  services: Services,
  courseDocuments: CourseDocuments,
  distDir = WEB_DIST_DIR,
  serverBundle = join(dirname(distDir), 'dist-server', 'entry-server.js'),
): Promise<boolean> {
  if (!existsSync(`${distDir}/index.html`)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // Our own header below; the library's default (max-age=0) would override it.
    cacheControl: false,
    // web/vite.config.ts writes .br and .gz beside each text file at build time.
    preCompressed: true,
    setHeaders: (res, path) => {
      const hashed = path.includes('/assets/');
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const shell = readFileSync(`${distDir}/index.html`, 'utf8');
  // The app shell, compressed once at start: every page visit gets it from memory.
  const shellPage = compressedHtml(shell);
  const sendShell = (request: FastifyRequest, reply: FastifyReply, link: string, cacheControl?: string) =>
    sendHtml(request, reply, shellPage, link, cacheControl);
  const codeOf = pageCodeHints(distDir);
  const render = pageRendering(app, services, await loadPageRenderer(serverBundle), pageStylesheetLinks(distDir));
  const origin = services.env.appOrigin;
  app.get('/robots.txt', { config: { readsNoInput: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\nDisallow: /dashboard\nDisallow: /course/\nDisallow: /account\nDisallow: /admin\nSitemap: ${origin}/sitemap.xml\n`,
      ),
  );
  app.get('/sitemap.xml', { config: { readsNoInput: true } }, async (_request, reply) => {
    const sample = sampleLessonOf(await services.settings(), services.catalogue);
    const pages = sample ? [...PUBLIC_PAGES, sample.path] : PUBLIC_PAGES;
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${pages.map((page) => `  <url><loc>${origin}${page}</loc></url>`).join('\n')}\n</urlset>\n`,
      );
  });

  // The sample lesson's page is a page only for the lesson the seller offers: any other
  // lesson's address under /sample/ answers 404 (the app shell then says so).
  app.get<{ Params: { module: string; number: string } }>('/sample/:module/:number', async (request, reply) => {
    const sample = sampleLessonOf(await services.settings(), services.catalogue);
    if (!isSampleLesson(sample, request.params.module, request.params.number)) reply.code(404);
    return sendShell(request, reply, codeOf(pathOf(request.url), false));
  });

  // The verification page is the one page shared outside the app: give link previews a
  // real title and description by filling them in on the server.
  app.get<{ Params: { id: string } }>('/verify/:id', async (request, reply) => {
    // A lookup by id, like the verifyCertificate field, spends the address's budget: ids
    // must not be cheap to probe. Over it, the page loads and says so (its API call is refused too).
    if (!(await services.verifyLookups.take(request.ip))) {
      const html = shell.replace(/<title>[^<]*<\/title>/, () => '<title>Too many lookups</title>');
      return reply
        .code(429)
        .header('retry-after', '60')
        .header('cache-control', 'no-store')
        .type('text/html')
        .send(html);
    }
    const row = request.params.id.length <= 120 ? await findCertificate(services.db, request.params.id) : undefined;
    const certificate = row
      ? { certificateId: row.certificate_id, holderName: row.holder_name, title: certificateTitle(row.scope) }
      : null;
    const revoked = row?.revoked_at != null;
    const title = !certificate
      ? 'Certificate not found'
      : revoked
        ? 'Certificate revoked'
        : `Certificate: ${certificate.holderName} · ${certificate.title}`;
    const description = !certificate
      ? 'No certificate has this id.'
      : revoked
        ? `Certificate ${certificate.certificateId} was revoked and no longer attests a completion.`
        : `${certificate.holderName} completed ${certificate.title} (Ethical Hacking & Cybersecurity Course). Certificate ${certificate.certificateId}.`;
    const meta = [
      `<meta property="og:type" content="website" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(verifyUrl(services.env.appOrigin, request.params.id))}" />`,
      `<meta name="twitter:card" content="summary" />`,
    ].join('\n    ');
    // Replacer functions, not strings: in a replacement string `$&`, `$'` and the like are
    // patterns, and the holder's name is the learner's own text.
    const html = shell
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>\n    ${meta}`)
      .replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
        () => `<meta name="description" content="${escapeHtml(description)}" />`,
      );
    const path = pathOf(request.url);
    const code = codeOf(path, false);
    reply.code(certificate ? 200 : 404);
    const rendered = await render.publicPage(request, reply, path, html);
    // A rendered page shows without its code, which loads once it has painted (no hints).
    if (rendered) return sendHtml(request, reply, rendered);
    if (code) reply.header('link', code);
    return reply.header('cache-control', 'no-cache').type('text/html').send(html);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    // HEAD as well: a link checker or an uptime monitor asks for a page's headers only (Node sends no body).
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !NON_PAGE_PREFIXES.some((p) => path.startsWith(p));
    if (!isPage) return answerNotFound(request, reply);
    // An address the app has no page for: the shell, so the app can send the visitor on,
    // under a 404 that says there is nothing here.
    if (!isAppPage(path)) reply.code(404);
    // The raw header, not the parsed cookies: this only decides hints, and it must not
    // depend on the cookie plugin being registered before the web app.
    const hasSession = (request.headers.cookie ?? '').includes(`${SESSION_COOKIE}=`);
    const code = codeOf(path, hasSession);
    if (isRendered(path)) {
      return render
        .publicPage(request, reply, path, shell)
        .then((page) => (page ? sendHtml(request, reply, page) : sendHtml(request, reply, shellPage, code)));
    }
    const reader = /^\/course\/([^/]+)\/([^/]+)$/.exec(path);
    const mayPreload = hasSession && (reader || /^\/dashboard(\/premium)?$/.test(path));
    // Most visits (every signed-out one) need no lookup, so they take no promise either.
    if (!mayPreload) return sendShell(request, reply, code);
    return sendLearnerPage(request, reply, path, code, reader);
  });

  /**
   * The learner's dashboard or lesson, rendered for them (docs/decisions/0043); any other
   * of their pages (and one the server does not render for them) is the shell, with hints
   * for the documents the page will ask for first.
   */
  async function sendLearnerPage(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    code: string,
    reader: RegExpExecArray | null,
  ) {
    const page = await render.learnerPage(request, reply, path, shell);
    // Their own data: no cache keeps it, not even the browser's (a shared computer).
    if (page) return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(page);
    return documentsToPreload(reader, request, services, courseDocuments).then((preloads) => {
      const links = [code, ...preloads.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`)];
      // Hints naming the learner's own documents: no shared cache may hand them to someone else.
      if (preloads.length > 0) return sendShell(request, reply, links.filter(Boolean).join(', '), 'private, no-cache');
      return sendShell(request, reply, code);
    });
  }
  return true;
}

/**
 * The course documents a reader or dashboard page asks for first, when the signed-in
 * learner may read them: the browser fetches them (Link: rel=preload) while the page's
 * code loads, instead of after the code has asked who is signed in. Without a session,
 * no hint and no 401.
 */
async function documentsToPreload(
  reader: RegExpExecArray | null,
  request: FastifyRequest,
  services: Services,
  course: CourseDocuments,
): Promise<string[]> {
  const user = await requestUser(request, services);
  if (!user) return [];
  // What the page asks for first: the session (with the progress) at boot, then the
  // catalogue, which after the first visit comes from the browser's own cache, and, in
  // the reader, the lesson when the learner has paid.
  const documents = [SESSION_PATH, course.cataloguePath];
  const lesson = reader && hasCourseAccess(user) && lessonDocumentPath(services.catalogue, reader[1]!, reader[2]!);
  if (lesson) documents.push(lesson);
  return documents;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
