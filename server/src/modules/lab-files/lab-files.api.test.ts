import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpLearner, type TestApp } from '../../test/test-app';
import { homeLabHandshakeCapture } from './home-lab-capture';
import { labWordlist } from './lab-wordlist';

const PCAP_URL = '/lab-files/wifi-hacking/home-lab-handshake.pcap';
const WORDLIST_URL = '/lab-files/wifi-hacking/lab-wordlist.txt';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const learner = (options: { paid: boolean }) => signUpLearner(t, options);

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function expectRefusal(response: Awaited<ReturnType<typeof get>>, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['content-disposition']).toBeUndefined();
  expect(response.headers.etag).toBeUndefined();
  expect(response.json().errors[0].extensions.code).toBe(code);
}

describe('who may download', () => {
  it('refuses the signed-out with 401, whatever ETag they send', async () => {
    for (const url of [PCAP_URL, WORDLIST_URL]) {
      expectRefusal(await get(url), 401, 'UNAUTHENTICATED');
      expectRefusal(await get(url, { 'if-none-match': '*' }), 401, 'UNAUTHENTICATED');
      expectRefusal(await get(url, { cookie: '__Host-ehc_session=made-up' }), 401, 'UNAUTHENTICATED');
    }
  });

  it('refuses a signed-in learner who has not paid with 403 and says why', async () => {
    const { cookie } = await learner({ paid: false });
    for (const url of [PCAP_URL, WORDLIST_URL]) {
      const response = await get(url, { cookie });
      expectRefusal(response, 403, 'FORBIDDEN');
      expect(response.json().errors[0].message).toBe('This content is for subscribers. Please subscribe to access it.');
    }
  });

  it('serves the capture to a paid learner as a pcap attachment', async () => {
    const { cookie } = await learner({ paid: true });
    const response = await get(PCAP_URL, { cookie, 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.tcpdump.pcap');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="home-lab-handshake.pcap"; filename*=UTF-8''home-lab-handshake.pcap`,
    );
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(homeLabHandshakeCapture())).toBe(true);
  });

  it('serves the wordlist to a paid learner as UTF-8 text, compressed when asked, the same file either way', async () => {
    const { cookie } = await learner({ paid: true });
    const plain = await get(WORDLIST_URL, { cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(plain.headers['content-disposition']).toMatch(/^attachment; filename="lab-wordlist.txt"/);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.rawPayload.equals(labWordlist())).toBe(true);
    expect(plain.body.split('\n')).toContain('monsoon2026');

    const gzipped = await get(WORDLIST_URL, { cookie, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(labWordlist())).toBe(true);
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
  });

  it('refuses again once the session ends or access is withdrawn (a refund)', async () => {
    const paid = await learner({ paid: true });
    const etag = (await get(PCAP_URL, { cookie: paid.cookie })).headers.etag as string;
    await t.graphql('mutation { logoutUser }', {}, { cookie: paid.cookie });
    expectRefusal(await get(PCAP_URL, { cookie: paid.cookie, 'if-none-match': etag }), 401, 'UNAUTHENTICATED');

    const refunded = await learner({ paid: true });
    expect((await get(PCAP_URL, { cookie: refunded.cookie })).statusCode).toBe(200);
    await t.services.db
      .updateTable('app_user')
      .set({ payment_status: 0 })
      .where('user_id', '=', refunded.email)
      .execute();
    // The browser holds the file and its tag; revalidating must not hand out a 304.
    expectRefusal(await get(PCAP_URL, { cookie: refunded.cookie, 'if-none-match': etag }), 403, 'FORBIDDEN');
  });
});

describe('unknown files', () => {
  it('answers 404 to everyone, paid or not, for any other name', async () => {
    const { cookie } = await learner({ paid: true });
    const urls = [
      '/lab-files/wifi-hacking/other.pcap',
      '/lab-files/wifi-hacking/HOME-LAB-HANDSHAKE.PCAP',
      '/lab-files/wifi-hacking/..%2f..%2fpackage.json',
      '/lab-files/cryptography/home-lab-handshake.pcap',
      '/lab-files/constructor/toString',
      '/lab-files/wifi-hacking/__proto__',
    ];
    for (const url of urls) {
      for (const headers of [{ cookie }, {}] as Record<string, string>[])
        expectRefusal(await get(url, headers), 404, 'NOT_FOUND');
    }
    expect((await get('/lab-files/wifi-hacking/home-lab-handshake.pcap/more', { cookie })).statusCode).toBe(404);
  });
});

describe('caching', () => {
  it('sends a stable ETag and answers a matching If-None-Match with an empty 304', async () => {
    const { cookie } = await learner({ paid: true });
    for (const url of [PCAP_URL, WORDLIST_URL]) {
      const first = await get(url, { cookie });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
      expect((await get(url, { cookie })).headers.etag).toBe(etag);

      for (const ifNoneMatch of [etag, etag.slice(2), `"stale", ${etag}`, '*']) {
        const again = await get(url, { cookie, 'if-none-match': ifNoneMatch });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload).toHaveLength(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('private, no-cache');
      }
      const stale = await get(url, { cookie, 'if-none-match': 'W/"stale"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    const tags = await Promise.all(
      [PCAP_URL, WORDLIST_URL].map(async (url) => (await get(url, { cookie })).headers.etag),
    );
    expect(tags[0]).not.toBe(tags[1]);
  });
});
