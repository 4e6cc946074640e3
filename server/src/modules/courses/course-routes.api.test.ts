import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpLearner, type TestApp } from '../../test/test-app';

const CATALOGUE = `query GetCatalogue { catalogue { id title description icon difficulty lesson_count lessons { number title summary } } }`;
const LESSON = `query GetLesson($module: String!, $number: Int!) { lesson(module_id: $module, number: $number) { module_id number title summary html reading_minutes module_intro_html sections { id title } } }`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const learner = async (options: { paid: boolean }) => (await signUpLearner(t, options)).cookie;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function expectRefusal(response: Awaited<ReturnType<typeof get>>, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.etag).toBeUndefined();
  expect(response.json().errors[0].extensions.code).toBe(code);
}

describe('GET /api/catalogue', () => {
  it('is what the GraphQL catalogue says, for any signed-in learner', async () => {
    const cookie = await learner({ paid: false });
    const response = await get('/api/catalogue', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const viaGraphql = await t.graphql(CATALOGUE, {}, { cookie });
    expect(response.json()).toEqual(viaGraphql.body.data);
  });

  it('is private, revalidated, and answers an unchanged copy with a 304', async () => {
    const cookie = await learner({ paid: false });
    const first = await get('/api/catalogue', { cookie });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await get('/api/catalogue', { cookie, 'if-none-match': `W/${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/catalogue', { cookie, 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('is sent compressed as the browser allows: brotli first, then gzip, else plain', async () => {
    const cookie = await learner({ paid: false });
    const plain = await get('/api/catalogue', { cookie, 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/catalogue', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/api/catalogue', { cookie, 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('refuses the signed-out', async () => {
    expectRefusal(await get('/api/catalogue'), 401, 'UNAUTHENTICATED');
    expectRefusal(await get('/api/catalogue', { cookie: '__Host-ehc_session=made-up' }), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /api/catalogue/<version>', () => {
  const cataloguePath = async (cookie: string) =>
    (await get('/api/session', { cookie })).json().catalogue_path as string;

  it('at the address the session document names, is kept by the browser for a year', async () => {
    const cookie = await learner({ paid: false });
    const path = await cataloguePath(cookie);
    const plain = await get('/api/catalogue', { cookie });
    // The address names the content: its ETag.
    expect(path).toBe(`/api/catalogue/${String(plain.headers.etag).slice(1, -1)}`);
    const kept = await get(path, { cookie, 'accept-encoding': 'identity' });
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(kept.body).toBe(plain.body);
  });

  it('at an older address (a tab open across a deploy), is today’s catalogue, revalidated', async () => {
    const cookie = await learner({ paid: false });
    const older = await get('/api/catalogue/an-older-version', { cookie, 'accept-encoding': 'identity' });
    expect(older.statusCode).toBe(200);
    expect(older.headers['cache-control']).toBe('private, no-cache');
    expect(older.body).toBe((await get('/api/catalogue', { cookie, 'accept-encoding': 'identity' })).body);
  });

  it('refuses the signed-out', async () => {
    const path = await cataloguePath(await learner({ paid: false }));
    expectRefusal(await get(path), 401, 'UNAUTHENTICATED');
    expectRefusal(await get(path, { cookie: '__Host-ehc_session=made-up' }), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /api/lessons/<module>/<number>', () => {
  it('is the lesson GraphQL serves, for a paid learner, with a 304 on a repeat visit', async () => {
    const cookie = await learner({ paid: true });
    const response = await get('/api/lessons/cryptography/2', { cookie });
    expect(response.statusCode).toBe(200);
    const viaGraphql = await t.graphql(LESSON, { module: 'cryptography', number: 2 }, { cookie });
    expect(response.json()).toEqual(viaGraphql.body.data!.lesson);
    expect(response.body).toContain('FIXTURE-LESSON-BODY-cryptography-2');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const again = await get('/api/lessons/cryptography/2', { cookie, 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    const other = await get('/api/lessons/cryptography/1', { cookie });
    expect(other.headers.etag).not.toBe(response.headers.etag);
  });

  it('refuses the signed-out and unpaid learners, even with a matching tag', async () => {
    const paid = await learner({ paid: true });
    const { etag } = (await get('/api/lessons/cryptography/1', { cookie: paid })).headers;
    expectRefusal(await get('/api/lessons/cryptography/1', { 'if-none-match': String(etag) }), 401, 'UNAUTHENTICATED');
    const unpaid = await learner({ paid: false });
    const refused = await get('/api/lessons/cryptography/1', { cookie: unpaid, 'if-none-match': String(etag) });
    expectRefusal(refused, 403, 'FORBIDDEN');
    expect(refused.body).not.toContain('FIXTURE-LESSON-BODY');
  });

  it('answers 404 for a lesson or module that does not exist', async () => {
    const cookie = await learner({ paid: true });
    for (const path of ['cryptography/99', 'cryptography/0', 'cryptography/02', 'cryptography/x', 'no-such/1']) {
      expectRefusal(await get(`/api/lessons/${path}`, { cookie }), 404, 'NOT_FOUND');
    }
  });
});
