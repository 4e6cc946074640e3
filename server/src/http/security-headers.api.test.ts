import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { THEME_BOOT_SCRIPT } from '@ehc/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_BUSINESS_ENV, createTestApp, makeMinimalWebApp, type TestApp } from '../test/test-app';

const webApp = makeMinimalWebApp();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webAppDir: webApp.dir });
});

afterAll(async () => {
  await t.close();
  webApp.remove();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const cspOf = (response: LightMyRequestResponse) => String(response.headers['content-security-policy']);

describe('pages', () => {
  it('carry a policy that lets only our own code run', async () => {
    for (const url of ['/', '/dashboard', '/verify/EHC-NO-SUCH-ID', '/index.html']) {
      const response = await get(url);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = cspOf(response);
      expect(csp).toContain("default-src 'self'");
      // Our origin, and of inline scripts only the display settings' boot script, by its hash.
      const bootHash = createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64');
      expect(csp).toContain(`script-src 'self' 'sha256-${bootHash}'`);
      expect(csp.match(/'sha256-/g)).toHaveLength(1);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("frame-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
  });
});

describe('every other answer', () => {
  it('carries a policy that allows nothing, and the headers that still apply to it', async () => {
    const answers = [
      await get('/healthz'),
      await t.graphql('{ me { user_id } }').then((result) => result.response),
      await get('/api/catalogue'),
      await get('/api/no-such-document'),
      await get('/robots.txt'),
      await get('/sitemap.xml'),
      // Refused input: errors go out with the same headers.
      await get('/api/lessons/%00/1'),
    ];
    for (const response of answers) {
      const what = `${response.statusCode} ${String(response.headers['content-type'])}`;
      expect(response.headers['content-type'], what).not.toMatch(/^text\/html/);
      const csp = cspOf(response);
      expect(csp, what).toContain("default-src 'none'");
      expect(csp, what).not.toContain("'self'");
      expect(csp, what).toContain("object-src 'none'");
      expect(csp, what).toContain("base-uri 'none'");
      expect(csp, what).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], what).toBe('nosniff');
      expect(response.headers['x-frame-options'], what).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy'], what).toBe('same-origin');
      // Document-only headers stay off what is not a document.
      expect(response.headers['cross-origin-opener-policy'], what).toBeUndefined();
    }
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 401, 404, 200, 200, 400]);
  });
});

it('sends neither of the headers no supported browser reads', async () => {
  for (const response of [await get('/'), await get('/healthz')]) {
    expect(response.headers['x-xss-protection']).toBeUndefined();
    expect(response.headers['x-download-options']).toBeUndefined();
  }
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp(
      {
        NODE_ENV: 'production',
        APP_ORIGIN: 'https://course.example.com',
        PAYMENTS_ALLOW_SIMULATED: 'true',
        ...PRODUCTION_BUSINESS_ENV,
      },
      { webAppDir: webApp.dir },
    );
  });
  afterAll(async () => {
    await prod.close();
  });

  it('pages and other answers both send HSTS, and pages upgrade insecure requests', async () => {
    const page = await prod.app.inject({ method: 'GET', url: '/' });
    const answer = await prod.app.inject({ method: 'GET', url: '/healthz' });
    for (const response of [page, answer]) {
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    expect(cspOf(page)).toContain('upgrade-insecure-requests');
  });
});
