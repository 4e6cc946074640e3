import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODULE_IDS } from '@ehc/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makePaid, type TestApp } from '../../test/test-app';
import { pngSize } from './png';

const CERTIFICATES = `query GetCertificates { certificates { certificate_id module_id title holder_name completed_at verify_url image_url file_name } }`;
const VERIFY = `query VerifyCertificate($id: String!) { verifyCertificate(certificate_id: $id) { certificate_id holder_name title kind completed_at } }`;
const COMPLETE = `mutation UpdateUserProgress($module: String!, $number: Int!) { markLessonComplete(module_id: $module, number: $number) { completed } }`;
const LOGIN = `mutation LoginUser($email: String!, $password: String!) { loginUser(email: $email, password: $password) { user_id } }`;

interface Certificate {
  certificate_id: string;
  module_id: string | null;
  title: string;
  holder_name: string;
  completed_at: string;
  verify_url: string;
  image_url: string;
  file_name: string;
}

// A page shell like the built web app's, so /verify/<id> can be served and filled in.
const webAppDir = mkdtempSync(join(tmpdir(), 'ehc-verify-web-'));
writeFileSync(
  join(webAppDir, 'index.html'),
  '<!doctype html><html><head><title>Course</title><meta name="description" content="Learn." /></head><body></body></html>',
);

let t: TestApp;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp({}, { webAppDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webAppDir, { recursive: true, force: true });
});

// The fixture course: two lessons per module, three in web-application.
const lessonsOf = (id: string) => (id === 'web-application' ? [1, 2, 3] : [1, 2]);

// Emails are unique within this file's fresh database; pass one to check names built from it.
async function paidLearner(prefix = 'meera', fullName = 'Meera Pillai', email = `${prefix}.${++counter}@example.com`) {
  const input = { email, password: 'secret12', confirm_password: 'secret12', full_name: fullName, phone: '9876543210' };
  const { sessionCookie } = await t.graphql(
    `mutation S($input: SignupInput!) { signupUser(input: $input) { user_id } }`,
    { input },
  );
  await makePaid(t.services, email);
  return { email, cookie: sessionCookie! };
}

async function certificatesOf(cookie: string): Promise<Certificate[]> {
  const result = await t.graphql(CERTIFICATES, {}, { cookie });
  expect(result.body.errors).toBeUndefined();
  return result.body.data?.certificates as Certificate[];
}

async function complete(cookie: string, moduleId: string, numbers = lessonsOf(moduleId)) {
  for (const number of numbers) await t.graphql(COMPLETE, { module: moduleId, number }, { cookie });
}

describe('issuing', () => {
  it('issues nothing before a module is complete, then exactly one certificate', async () => {
    const { cookie } = await paidLearner('meera', 'Meera Pillai', 'meera.pillai@example.com');
    await complete(cookie, 'cryptography', [1]);
    expect(await certificatesOf(cookie)).toEqual([]);

    await complete(cookie, 'cryptography', [2]);
    await complete(cookie, 'cryptography', [1, 2]);
    const certificates = await certificatesOf(cookie);
    expect(certificates).toHaveLength(1);
    const [certificate] = certificates;
    expect(certificate).toMatchObject({
      module_id: 'cryptography',
      title: 'Cryptography & Encryption',
      holder_name: 'Meera Pillai',
      file_name: 'meera_pillai_example.com.png',
    });
    expect(certificate!.certificate_id).toMatch(/^EHC-CRYPTOGRAPHY-\d{13}-MEE$/);
    expect(certificate!.verify_url).toBe(`http://localhost:3000/verify/${certificate!.certificate_id}`);
    const issuedMs = Number(certificate!.certificate_id.split('-').at(-2));
    expect(Date.parse(certificate!.completed_at)).toBe(issuedMs);
  });

  it('issues one certificate per module even when completions race from two sessions', async () => {
    const { email, cookie } = await paidLearner('race');
    const second = (await t.graphql(LOGIN, { email, password: 'secret12' })).sessionCookie!;
    await Promise.all([
      ...[1, 2, 3].map((n) => t.graphql(COMPLETE, { module: 'web-application', number: n }, { cookie })),
      ...[1, 2, 3].map((n) => t.graphql(COMPLETE, { module: 'web-application', number: n }, { cookie: second })),
    ]);
    const certificates = await certificatesOf(cookie);
    expect(certificates.filter((c) => c.module_id === 'web-application')).toHaveLength(1);
  });

  it('issues the full certificate when the seventh module completes, once', async () => {
    const { cookie } = await paidLearner('full', 'Zoë Ødegård');
    for (const id of MODULE_IDS.slice(0, 6)) await complete(cookie, id);
    expect((await certificatesOf(cookie)).some((c) => c.module_id === null)).toBe(false);

    await complete(cookie, MODULE_IDS[6]);
    await complete(cookie, MODULE_IDS[6]);
    const certificates = await certificatesOf(cookie);
    expect(certificates).toHaveLength(8);
    const full = certificates.filter((c) => c.module_id === null);
    expect(full).toHaveLength(1);
    expect(full[0]).toMatchObject({ title: 'Ethical Hacking & Cybersecurity', holder_name: 'Zoë Ødegård' });
    expect(full[0]!.certificate_id).toMatch(/^EHC-FULL-\d{13}-FUL$/);
  });
});

describe('the image', () => {
  it('is a 1200 × 850 PNG for its holder, named from the email when downloaded', async () => {
    const { cookie } = await paidLearner('asha', 'Asha K', 'asha.k@mail.co.in');
    await complete(cookie, 'social-engineering');
    const [certificate] = await certificatesOf(cookie);
    const response = await t.app.inject({
      method: 'GET',
      url: `${certificate!.image_url}?download=1`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="asha_k_mail.co.in.png"; filename*=UTF-8''asha_k_mail.co.in.png`,
    );
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 850 });

    const inline = await t.app.inject({ method: 'GET', url: certificate!.image_url, headers: { cookie } });
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('costs a 304 on a repeat view, until a reissue changes the name', async () => {
    const { cookie } = await paidLearner('repeat', 'Ravi Repeat');
    await complete(cookie, 'social-engineering');
    const [certificate] = await certificatesOf(cookie);
    const first = await t.app.inject({ method: 'GET', url: certificate!.image_url, headers: { cookie } });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: certificate!.image_url,
      headers: { cookie, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    await t.services.db
      .updateTable('certificate')
      .set({ holder_name: 'Ravi R. Repeat' })
      .where('certificate_id', '=', certificate!.certificate_id)
      .execute();
    const renamed = await t.app.inject({
      method: 'GET',
      url: certificate!.image_url,
      headers: { cookie, 'if-none-match': etag },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(etag);
  });

  it.each([
    [
      'दिव्या@example.com',
      `filename="_______example_com.png"; filename*=UTF-8''%E0%A4%A6%E0%A4%BF%E0%A4%B5%E0%A5%8D%E0%A4%AF%E0%A4%BE_example_com.png`,
    ],
    ['josé@example.com', `filename="jos__example_com.png"; filename*=UTF-8''jos%C3%A9_example_com.png`],
  ])('is served to %s under an ASCII name and the UTF-8 one (RFC 6266)', async (email, names) => {
    const { cookie } = await paidLearner('idn', 'Divya', email);
    await complete(cookie, 'cryptography');
    const [certificate] = await certificatesOf(cookie);
    const response = await t.app.inject({
      method: 'GET',
      url: `${certificate!.image_url}?download=1`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; ${names}`);
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 850 });
  });

  it('is refused to anyone else and to the signed-out', async () => {
    const owner = await paidLearner('owner');
    const other = await paidLearner('other');
    await complete(owner.cookie, 'wifi-hacking');
    const [certificate] = await certificatesOf(owner.cookie);
    // The owner's view first, so the rendering is cached: the check must not rely on a miss.
    expect(
      (await t.app.inject({ method: 'GET', url: certificate!.image_url, headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(200);
    for (const headers of [{ cookie: other.cookie }, {}]) {
      const response = await t.app.inject({ method: 'GET', url: certificate!.image_url, headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).not.toBe('image/png');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/certificates/EHC-NOPE.png', headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('public verification', () => {
  it('returns only the public fields of a real certificate, and null for a made-up id', async () => {
    const { email, cookie } = await paidLearner('public');
    await complete(cookie, 'mobile-hacking');
    const [certificate] = await certificatesOf(cookie);
    const result = await t.graphql(VERIFY, { id: certificate!.certificate_id });
    expect(result.body.data?.verifyCertificate).toEqual({
      certificate_id: certificate!.certificate_id,
      holder_name: 'Meera Pillai',
      title: 'Mobile Hacking',
      kind: 'module',
      completed_at: certificate!.completed_at,
    });
    expect(result.response.body).not.toContain(email);
    expect(result.response.body).not.toContain('9876543210');
    expect((await t.graphql(VERIFY, { id: 'EHC-MADE-UP-1-XYZ' })).body.data?.verifyCertificate).toBeNull();
  });

  it('finds a certificate whose id has an emoji among the first three letters', async () => {
    const { cookie } = await paidLearner('emoji', 'Emoji Fan', 'ab😀cd@example.com');
    await complete(cookie, 'wifi-hacking');
    const [certificate] = await certificatesOf(cookie);
    expect(certificate!.certificate_id).toMatch(/^EHC-WIFI-HACKING-\d{13}-AB😀$/);

    const result = await t.graphql(VERIFY, { id: certificate!.certificate_id });
    expect(result.body.data?.verifyCertificate).toMatchObject({ certificate_id: certificate!.certificate_id });
    const page = await t.app.inject({ method: 'GET', url: new URL(certificate!.verify_url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>Certificate: Emoji Fan · WiFi Hacking</title>`);
  });

  it('fills the /verify page with the holder name as text, whatever $ patterns it holds', async () => {
    const name = "Ravi $' Kumar $& $` $$";
    const { cookie } = await paidLearner('dollar', name);
    await complete(cookie, 'cryptography');
    const [certificate] = await certificatesOf(cookie);
    const page = await t.app.inject({ method: 'GET', url: `/verify/${certificate!.certificate_id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<title>Certificate: Ravi $' Kumar $&amp; $\` $$ · Cryptography &amp; Encryption</title>`,
    );
    expect(page.body).toContain(
      `<meta name="description" content="Ravi $' Kumar $&amp; $\` $$ completed Cryptography &amp; Encryption`,
    );
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    expect(page.body.match(/<\/html>/g)).toHaveLength(1);
  });

  it('answers 404 on /verify for an id that does not exist', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/verify/EHC-MADE-UP-1-XYZ' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<title>Certificate not found</title>');
  });

  it('cannot be asked for the full list of fields of a certificate', async () => {
    const result = await t.graphql(`query { verifyCertificate(certificate_id: "x") { user_id } }`);
    expect(result.status).toBe(200);
  });
});
