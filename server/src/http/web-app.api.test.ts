import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAZY_PAGES } from '@ehc/common';
import { SESSION_COOKIE } from '../modules/auth/session-token';
import { createTestApp, makePaid, uniqueEmail, type TestApp } from '../test/test-app';
import { COMPRESSION_THRESHOLD_BYTES } from './app';
import { pageStylesheetLinks } from './page-code';

// A built web app in miniature: the shell, one hashed script and the compressed copies
// the build writes beside it (web/vite.config.ts).
const webAppDir = mkdtempSync(join(tmpdir(), 'ehc-web-app-'));
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;
mkdirSync(join(webAppDir, 'assets'));
writeFileSync(
  join(webAppDir, 'index.html'),
  `<!doctype html><html lang="en"><head><title>Course</title><meta name="description" content="d" /></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
);
writeFileSync(join(webAppDir, 'assets', 'index-AbC123.js'), SCRIPT);
writeFileSync(join(webAppDir, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync(SCRIPT));
writeFileSync(join(webAppDir, 'assets', 'index-AbC123.js.gz'), zlib.gzipSync(SCRIPT));
// Its manifest: the entry loads the shell chunk; every lazy page has a chunk of its own,
// and the reader's imports the shell too, a dialog and a stylesheet.
mkdirSync(join(webAppDir, '.vite'));
writeFileSync(
  join(webAppDir, '.vite', 'manifest.json'),
  JSON.stringify({
    // As web/vite.config.ts builds it: a small entry that starts the app's code (boot.tsx)
    // once the page has painted; the page's Link hints leave out what either loads.
    'index.html': {
      file: 'assets/index-AbC123.js',
      isEntry: true,
      imports: ['_shell-S1.js'],
      dynamicImports: ['src/boot.tsx'],
      // Linked by index.html itself: no page names it again.
      css: ['assets/index-I1.css'],
    },
    'src/boot.tsx': { file: 'assets/boot-B1.js', isDynamicEntry: true, imports: ['_shell-S1.js'] },
    '_shell-S1.js': { file: 'assets/shell-S1.js' },
    '_Dialog-D1.js': { file: 'assets/Dialog-D1.js', imports: ['_shell-S1.js'] },
    ...Object.fromEntries(
      Object.values(LAZY_PAGES).map(({ module }) => [
        module,
        { file: `assets/${module.split('/').pop()!.replace('.tsx', '')}-P1.js`, imports: ['_shell-S1.js'] },
      ]),
    ),
    [LAZY_PAGES.course.module]: {
      file: 'assets/CoursePage-P1.js',
      imports: ['_shell-S1.js', '_Dialog-D1.js'],
      css: ['assets/lesson-content-L1.css'],
    },
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_ORIGIN: 'https://course.example.in' }, { webAppDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webAppDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('caches hashed assets for a year and sends the brotli copy the build made', async () => {
    const response = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    // Not a page: the policy that allows nothing (security-headers.ts).
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the shell for any page path, revalidated and compressed', async () => {
    const response = await t.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toContain('<div id="root">');
  });

  it('answers 404 with the shell for an address the app has no page for, and 200 for every page', async () => {
    for (const path of ['/no-such-page', '/course', '/dashboard/elsewhere', '/verify/a/b', '/account/receipts']) {
      const response = await t.app.inject({ url: path });
      expect([path, response.statusCode]).toEqual([path, 404]);
      expect(response.body).toContain('<div id="root">');
    }
    for (const path of [
      '/',
      '/dashboard',
      '/dashboard/premium',
      '/course/cryptography',
      '/course/cryptography/2',
      '/subscription',
      '/verify',
      '/account',
      '/account/receipts/EHC-000001',
      '/forgot-password',
      '/reset-password',
      '/confirm-email',
      '/terms',
      '/contact',
      '/admin',
      '/admin/learners/abc',
    ]) {
      expect([path, (await t.app.inject({ url: path })).statusCode]).toEqual([path, 200]);
    }
  });

  it('names the course documents a reader or dashboard address will ask for, to a learner who may read them', async () => {
    const signUp = async (paid: boolean) => {
      const email = uniqueEmail('preload');
      const input = { email, password: 'secret12', confirm_password: 'secret12', full_name: 'P', phone: '9876543210' };
      const { sessionCookie } = await t.graphql(
        'mutation S($input: SignupInput!) { signupUser(input: $input) { user_id } }',
        { input },
      );
      if (paid) await makePaid(t.services, email);
      return sessionCookie!;
    };
    const [unpaid, paid] = [await signUp(false), await signUp(true)];
    // The documents among the hints (the page's code is named too; see below).
    const hints = async (url: string, cookie?: string) => {
      const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(200);
      const documents = String(response.headers.link ?? '')
        .split(', ')
        .filter((hint) => hint.includes('as=fetch'));
      return { link: documents.join(', ') || undefined, cacheControl: response.headers['cache-control'] };
    };
    const preload = (path: string) => `<${path}>; rel=preload; as=fetch; crossorigin`;
    // The catalogue at the address the session document names (kept by the browser).
    const { catalogue_path: cataloguePath } = (await t.app.inject({ url: '/api/session' })).json();
    expect(cataloguePath).toMatch(/^\/api\/catalogue\/[\w-]+$/);
    const [session, catalogue, lesson] = ['/api/session', cataloguePath, '/api/lessons/cryptography/2'].map(preload);

    // The session document carries the progress: no separate progress request.
    expect(await hints('/course/cryptography/2', paid)).toEqual({
      link: `${session}, ${catalogue}, ${lesson}`,
      cacheControl: 'private, no-cache',
    });
    // The payment screen asks for no lesson; an unknown lesson goes to the resume point.
    expect((await hints('/course/cryptography/2', unpaid)).link).toBe(`${session}, ${catalogue}`);
    expect((await hints('/course/cryptography/99', paid)).link).toBe(`${session}, ${catalogue}`);
    expect((await hints('/dashboard', paid)).link).toBe(`${session}, ${catalogue}`);
    expect((await hints('/dashboard', unpaid)).link).toBe(`${session}, ${catalogue}`);
    // Nothing for a visitor without a session, or with one that ended; nothing elsewhere.
    expect(await hints('/course/cryptography/2')).toEqual({ link: undefined, cacheControl: 'no-cache' });
    expect((await hints('/course/cryptography/2', `${paid.split('=')[0]}=ended`)).link).toBeUndefined();
    expect((await hints('/', paid)).link).toBeUndefined();
  });

  it('names the code of the page in the address, with the app code that index.html loads late', async () => {
    // Whether the session is still good does not matter here: the cookie alone says a
    // learner is likely to stay on the page rather than be sent to the landing page.
    const withSession = { cookie: `${SESSION_COOKIE}=any-value` };
    const linkOf = async (url: string, headers = {}) => (await t.app.inject({ url, headers })).headers.link;
    // The app's code comes first: the entry, which index.html asks for at low priority, and
    // the app it starts (only once the page has painted, on a page the server rendered).
    const app =
      '</assets/index-AbC123.js>; rel=modulepreload, </assets/shell-S1.js>; rel=modulepreload, ' +
      '</assets/boot-B1.js>; rel=modulepreload';
    expect(await linkOf('/course/cryptography/2', withSession)).toBe(
      `${app}, </assets/CoursePage-P1.js>; rel=modulepreload, </assets/Dialog-D1.js>; rel=modulepreload, ` +
        '</assets/lesson-content-L1.css>; rel=preload; as=style; crossorigin',
    );
    expect(await linkOf('/dashboard', withSession)).toBe(`${app}, </assets/DashboardPage-P1.js>; rel=modulepreload`);
    // A signed-out visitor to a learners' page is sent to the landing page: no code for it.
    expect(await linkOf('/dashboard')).toBeUndefined();
    expect(await linkOf('/course/cryptography/2', { cookie: 'theme=dark' })).toBeUndefined();
    // Without the web app's server bundle (as here) the public pages are the app shell,
    // which names its code; rendered, they name none (server-rendered.spec.ts).
    expect(await linkOf('/terms')).toBe(`${app}, </assets/LegalPage-P1.js>; rel=modulepreload`);
    expect(await linkOf('/verify/EHC-NONE')).toBe(`${app}, </assets/VerifyPage-P1.js>; rel=modulepreload`);
    // The landing page is the first page's code itself.
    expect(await linkOf('/')).toBeUndefined();
  });

  it('links only the stylesheets a rendered page adds to those index.html links itself', () => {
    // A sheet linked twice made Chromium restyle the whole page at every <link> the app's
    // code added to the head (docs/performance.md, 2026-11-28 15:20).
    const stylesheetLinks = pageStylesheetLinks(webAppDir);
    expect(stylesheetLinks('/course/cryptography/2')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/lesson-content-L1.css">',
    );
    expect(stylesheetLinks('/verify/EHC-NONE')).toBe('');
    expect(stylesheetLinks('/')).toBe('');
  });

  it('answers HEAD for a page as GET would, without the body', async () => {
    const page = await t.app.inject({ method: 'HEAD', url: '/terms' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toBe('');
    expect((await t.app.inject({ method: 'HEAD', url: '/api/nothing-here' })).statusCode).toBe(404);
  });

  it('does not serve the build manifest', async () => {
    const response = await t.app.inject({ url: '/.vite/manifest.json' });
    // Not a file the server hands out: the address gets the page shell, as any unknown page does.
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).not.toContain('isEntry');
  });

  it('compresses GraphQL answers of 2 KB or more for browsers that take it; smaller ones go as they are', async () => {
    const input = {
      email: uniqueEmail('gzip'),
      password: 'secret12',
      confirm_password: 'secret12',
      full_name: 'Z',
      phone: '9876543210',
    };
    const { sessionCookie } = await t.graphql(
      'mutation S($input: SignupInput!) { signupUser(input: $input) { user_id } }',
      { input },
    );
    // A browser that takes brotli asks, signed in.
    const ask = (query: string) =>
      t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          'content-type': 'application/json',
          'accept-encoding': 'br',
          'sec-fetch-site': 'same-origin',
          cookie: sessionCookie!,
        },
        payload: JSON.stringify({ query }),
      });
    const response = await ask('{ catalogue { id title description lessons { number title } } }');
    expect(response.headers['content-encoding']).toBe('br');
    const answer = zlib.brotliDecompressSync(response.rawPayload);
    expect(answer.length).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES);
    expect(JSON.parse(answer.toString())).toHaveProperty('data');

    // About 1.4 KB: compressing it would save less than one TCP segment.
    const small = await ask('{ catalogue { id title lessons { number title } } }');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.rawPayload.length).toBeGreaterThan(1024);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.json()).toHaveProperty('data.catalogue');
  });

  it('answers robots.txt and sitemap.xml as text, not with the shell', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Sitemap: https://course.example.in/sitemap.xml');
    expect(robots.body).toContain('Disallow: /account');
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<loc>https://course.example.in/privacy</loc>');
  });

  it('logs one line per request, as its answer is sent', async () => {
    const before = t.logs.length;
    await t.app.inject({ url: '/robots.txt' });
    const lines = t.logs.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', path: '/robots.txt', statusCode: 200 }),
    ]);
    expect(lines[0]!.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs the path without its query string, where a reset link carries its token', async () => {
    const before = t.logs.length;
    const page = await t.app.inject({ url: '/reset-password?token=rst_SecretFromTheEmail' });
    expect(page.statusCode).toBe(200);
    const logged = t.logs.slice(before).join('');
    expect(logged).toContain('"path":"/reset-password"');
    expect(logged).not.toContain('SecretFromTheEmail');
  });
});
