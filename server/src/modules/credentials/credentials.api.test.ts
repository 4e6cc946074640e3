import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  checkCredential,
  expandStatusList,
  extractBakedCredential,
  removeBakedCredential,
  statusBit,
  summarizeCredential,
  type CredentialCheck,
} from '@ehc/common/credentials';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, earnCertificate, signUp, signUpAdmin, type Learner } from '../../test/admin-fixtures';
import { PRODUCTION_BUSINESS_ENV, createTestApp, makePaid, type TestApp } from '../../test/test-app';
import { renderCertificatePng } from '../certificates/certificate-image';
import { verifyUrl } from '../certificates/certificate-service';
import { credentialInJwt, expandSafely } from '../../test/json-ld';
import { termsContext } from './credential-builder';
import { loadSigningKeys, retireDatabaseKeys } from './signing-keys';
import { studyHours } from './study-hours';
import { runVerifyCredential } from './verify-command';

const CERTIFICATES = `query GetCertificates { certificates { certificate_id module_id title holder_name completed_at verify_url image_url credential_url study_hours issuer_name linkedin_url } }`;
const VERIFY = `query VerifyCertificate($id: String!) { verifyCertificate(certificate_id: $id) { certificate_id holder_name title kind completed_at revoked_at study_hours issuer_name issuer_url credential_check { signature_valid key_id status } } }`;
const REVOKE = `mutation R($id: String!, $reason: String!) { adminRevokeCertificate(certificate_id: $id, reason: $reason) { certificates { certificate_id } } }`;
const REISSUE = `mutation I($id: String!, $name: String!, $reason: String!) { adminReissueCertificate(certificate_id: $id, holder_name: $name, reason: $reason) { certificates { certificate_id } } }`;
const DELETE = `mutation DeleteAccount($password: String!, $confirmation: String!) { deleteAccount(password: $password, confirmation: $confirmation) }`;

interface CertificateView {
  certificate_id: string;
  credential_url: string;
  image_url: string;
  verify_url: string;
  study_hours: number;
  issuer_name: string;
  linkedin_url: string;
  completed_at: string;
  title: string;
}

let t: TestApp;
let admin: Learner;
beforeAll(async () => {
  t = await createTestApp({ SELLER_LEGAL_NAME: 'Surakshit Learning Private Limited' });
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

async function paidLearner(fullName = 'Meera Pillai'): Promise<Learner> {
  const learner = await signUp(t, { prefix: 'cred', fullName });
  await makePaid(t.services, learner.email);
  return learner;
}

async function certificateOf(learner: Learner): Promise<CertificateView> {
  const result = await t.graphql(CERTIFICATES, {}, learner);
  expect(result.body.errors).toBeUndefined();
  return (result.body.data!.certificates as CertificateView[])[0]!;
}

async function download(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

const jwks = async () => (await download('/.well-known/jwks.json')).json() as JSONWebKeySet;

/** Checks a credential as an outside verifier would: the published keys and status lists over HTTP. */
async function verifyAsOutsider(jwt: string): Promise<CredentialCheck> {
  return checkCredential(jwt, {
    jwks: await jwks(),
    loadStatusList: async (url) => {
      const response = await download(new URL(url).pathname);
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
      return response.body;
    },
  });
}

async function credentialOf(learner: Learner, certificate: CertificateView): Promise<string> {
  const response = await download(certificate.credential_url, learner.cookie);
  expect(response.statusCode).toBe(200);
  return response.body;
}

const statusOf = (check: CredentialCheck) => (check.signatureValid ? check.status.state : 'bad signature');

describe('the credential file', () => {
  it('is the holder’s signed Open Badges credential, and verifies with only the JWKS and status list', async () => {
    const learner = await paidLearner();
    const id = await earnCertificate(t, learner);
    const certificate = await certificateOf(learner);
    expect(certificate.credential_url).toBe(`/certificates/${id}/credential.jwt`);

    const response = await download(certificate.credential_url, learner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${id}.jwt"; filename*=UTF-8''${id}.jwt`,
    );
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const jwt = response.body;
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'RS256', kid: t.services.credentials.kid, typ: 'JWT' });

    const check = await verifyAsOutsider(jwt);
    expect(check).toMatchObject({ signatureValid: true, kid: t.services.credentials.kid, status: { state: 'active' } });
    expect(check.signatureValid && check.credential).toMatchObject({
      certificateId: id,
      holderName: 'Meera Pillai',
      achievementName: 'Cryptography & Encryption',
      studyHours: studyHours(t.services.catalogue, 'cryptography'),
      issuerName: 'Surakshit Learning Private Limited',
      issuerId: `${t.services.env.appOrigin}/credentials/issuer`,
    });
    expect(certificate.study_hours).toBe(studyHours(t.services.catalogue, 'cryptography'));
    expect(jwt).not.toContain(Buffer.from(learner.email).toString('base64url'));
    expect(JSON.stringify(decodeJwt(jwt))).not.toContain(learner.email);

    // Signed the same way every time: a repeat download is a 304.
    const again = await download(certificate.credential_url, learner.cookie);
    expect(again.body).toBe(jwt);
    const cached = await t.app.inject({
      method: 'GET',
      url: certificate.credential_url,
      headers: { cookie: learner.cookie, 'if-none-match': response.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('is also offered signed with Ed25519: the same credential, verifiable with the same key set', async () => {
    const learner = await paidLearner();
    const id = await earnCertificate(t, learner);
    const certificate = (await t.graphql(`query { certificates { credential_url credential_eddsa_url } }`, {}, learner))
      .body.data!.certificates as { credential_url: string; credential_eddsa_url: string }[];
    expect(certificate[0]!.credential_eddsa_url).toBe(`/certificates/${id}/credential-eddsa.jwt`);
    const response = await download(certificate[0]!.credential_eddsa_url, learner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${id}.eddsa.jwt"; filename*=UTF-8''${id}.eddsa.jwt`,
    );
    const eddsa = response.body;
    expect(decodeProtectedHeader(eddsa)).toEqual({
      alg: 'EdDSA',
      kid: t.services.credentials.kidOf('EdDSA'),
      typ: 'JWT',
    });
    const rs256 = (await download(certificate[0]!.credential_url, learner.cookie)).body;
    expect(decodeJwt(eddsa)).toEqual(decodeJwt(rs256));
    expect(await verifyAsOutsider(eddsa)).toMatchObject({ signatureValid: true, status: { state: 'active' } });
    // The holder's only, like the other file.
    expect((await download(certificate[0]!.credential_eddsa_url)).statusCode).toBe(404);
  });

  it('is refused (404, as for the image) to anyone else, the signed-out, and for unknown ids', async () => {
    const owner = await paidLearner();
    const other = await paidLearner();
    await earnCertificate(t, owner);
    const certificate = await certificateOf(owner);
    for (const cookie of [other.cookie, undefined]) {
      const response = await download(certificate.credential_url, cookie);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('.');
    }
    expect((await download('/certificates/EHC-NOPE-1-XYZ/credential.jwt', owner.cookie)).statusCode).toBe(404);
  });

  it('is baked into the certificate image, over a picture identical to the one drawn', async () => {
    const learner = await paidLearner('Asha Rao');
    const id = await earnCertificate(t, learner);
    const certificate = await certificateOf(learner);
    const jwt = await credentialOf(learner, certificate);
    const image = await download(`${certificate.image_url}?download=1`, learner.cookie);
    expect(image.statusCode).toBe(200);
    expect(extractBakedCredential(image.rawPayload)).toBe(jwt);

    const row = await t.services.db
      .selectFrom('certificate')
      .selectAll()
      .where('certificate_id', '=', id)
      .executeTakeFirstOrThrow();
    const drawn = await renderCertificatePng({
      certificateId: id,
      holderName: row.holder_name,
      scope: row.scope,
      completedAt: row.completed_at,
      verifyUrl: verifyUrl(t.services.env.appOrigin, id),
    });
    expect(Buffer.from(removeBakedCredential(image.rawPayload)).equals(drawn)).toBe(true);
  });

  it('offers LinkedIn’s add-to-profile form filled with the certification', async () => {
    const learner = await paidLearner();
    const id = await earnCertificate(t, learner);
    const certificate = await certificateOf(learner);
    const url = new URL(certificate.linkedin_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/profile/add');
    const completed = new Date(certificate.completed_at);
    const ist = new Date(completed.getTime() + 5.5 * 3_600_000);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Cryptography & Encryption',
      organizationName: 'Surakshit Learning Private Limited',
      issueYear: String(ist.getUTCFullYear()),
      issueMonth: String(ist.getUTCMonth() + 1),
      certUrl: certificate.verify_url,
      certId: id,
    });
  });
});

describe('keys and status lists', () => {
  it('publishes the public keys at /.well-known/jwks.json, to any origin, without private parts', async () => {
    const response = await download('/.well-known/jwks.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/jwk-set\+json/);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const keys = response.json().keys as Record<string, string>[];
    expect(keys.map((k) => k.kid)).toEqual(
      expect.arrayContaining([t.services.credentials.kidOf('RS256'), t.services.credentials.kidOf('EdDSA')]),
    );
    for (const key of keys) {
      const publicPart =
        key.kty === 'RSA'
          ? { kty: 'RSA', n: expect.any(String), e: 'AQAB', alg: 'RS256' }
          : { kty: 'OKP', crv: 'Ed25519', x: expect.any(String), alg: 'EdDSA' };
      expect(key).toEqual({ ...publicPart, kid: expect.any(String), use: 'sig' });
    }
  });

  it('serves each status list as a signed BitstringStatusListCredential of 131,072 entries, with an ETag', async () => {
    const learner = await paidLearner();
    await earnCertificate(t, learner);
    const status = (
      decodeJwt(await credentialOf(learner, await certificateOf(learner))) as {
        credentialStatus: { statusListCredential: string };
      }
    ).credentialStatus;
    const path = new URL(status.statusListCredential).pathname;
    expect(path).toBe('/credentials/status/1');

    const response = await download(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vc+jwt');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const { payload, protectedHeader } = await jwtVerify(response.body, createLocalJWKSet(await jwks()));
    expect(protectedHeader).toEqual({ alg: 'RS256', kid: t.services.credentials.kid, typ: 'JWT' });
    expect(payload).toMatchObject({
      id: status.statusListCredential,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation', ttl: 300_000 },
    });
    const bits = await expandStatusList((payload.credentialSubject as { encodedList: string }).encodedList);
    expect(bits.length * 8).toBe(131_072);
    // Read as JSON-LD in safe mode, as a strict verifier would: every term defined.
    await expect(expandSafely(credentialInJwt(payload), t.services.env.appOrigin)).resolves.toBeDefined();

    const etag = response.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    for (const missing of ['/credentials/status/99', '/credentials/status/0', '/credentials/status/one']) {
      expect((await download(missing)).statusCode).toBe(404);
    }
  });

  it('publishes the JSON-LD context of our own terms at the address credentials name, to any origin', async () => {
    const learner = await paidLearner();
    await earnCertificate(t, learner);
    const credential = decodeJwt(await credentialOf(learner, await certificateOf(learner)));
    const address = (credential['@context'] as string[]).at(-1)!;
    expect(address).toBe(`${t.services.env.appOrigin}/credentials/contexts/v1.json`);
    const response = await download(new URL(address).pathname);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const served = response.json() as object;
    expect(served).toEqual(termsContext(t.services.env.appOrigin));
    // What a verifier fetches is what makes the signed credential readable in safe mode.
    await expect(
      expandSafely(credentialInJwt(credential), t.services.env.appOrigin, served as never),
    ).resolves.toBeDefined();
  });

  it('gives each certificate its own place in the list, the same on every download', async () => {
    const learner = await paidLearner();
    const id = await earnCertificate(t, learner);
    const other = await paidLearner();
    await earnCertificate(t, other);
    const placeOf = async (who: Learner) =>
      (
        decodeJwt(await credentialOf(who, await certificateOf(who))) as {
          credentialStatus: { statusListIndex: string };
        }
      ).credentialStatus.statusListIndex;
    const place = await placeOf(learner);
    expect(await placeOf(learner)).toBe(place);
    expect(await placeOf(other)).not.toBe(place);
    const row = await t.services.db
      .selectFrom('certificate')
      .selectAll()
      .where('certificate_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(String(row.status_index)).toBe(place);
    const entry = await t.services.db
      .selectFrom('credential_status_entry')
      .selectAll()
      .where('certificate_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ list_number: row.status_list, list_index: row.status_index, superseded_at: null });
  });
});

describe('revocation', () => {
  async function listBit(jwt: string): Promise<boolean> {
    const { statusListCredential, statusListIndex } = (
      decodeJwt(jwt) as {
        credentialStatus: { statusListCredential: string; statusListIndex: string };
      }
    ).credentialStatus;
    const list = decodeJwt((await download(new URL(statusListCredential).pathname)).body) as {
      credentialSubject: { encodedList: string };
    };
    return statusBit(await expandStatusList(list.credentialSubject.encodedList), Number(statusListIndex));
  }

  it('by an admin sets the credential’s bit: the list changes, verifiers see "revoked", the holder can no longer download it', async () => {
    const learner = await paidLearner();
    const id = await earnCertificate(t, learner);
    const certificate = await certificateOf(learner);
    const jwt = await credentialOf(learner, certificate);
    expect(await listBit(jwt)).toBe(false);
    const before = (await download('/credentials/status/1')).headers.etag as string;

    const revoked = await t.graphql(REVOKE, { id, reason: 'Completed by a shared account' }, admin);
    expect(revoked.body.errors).toBeUndefined();

    expect(await listBit(jwt)).toBe(true);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/credentials/status/1',
      headers: { 'if-none-match': before },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers.etag).not.toBe(before);
    expect(statusOf(await verifyAsOutsider(jwt))).toBe('revoked');
    expect((await download(certificate.credential_url, learner.cookie)).statusCode).toBe(404);

    const verified = await t.graphql(VERIFY, { id });
    expect(verified.body.data?.verifyCertificate).toMatchObject({
      revoked_at: expect.any(String),
      credential_check: null,
    });
  });

  it('of a deleted account’s certificates shows in the status list', async () => {
    const learner = await paidLearner();
    await earnCertificate(t, learner);
    const jwt = await credentialOf(learner, await certificateOf(learner));
    const deleted = await t.graphql(DELETE, { password: 'secret12', confirmation: 'DELETE' }, learner);
    expect(deleted.body.errors).toBeUndefined();
    expect(statusOf(await verifyAsOutsider(jwt))).toBe('revoked');
  });

  it('is never undone: lifting it reissues the credential at a new place, and the revoked copy stays revoked', async () => {
    const learner = await paidLearner('Lakshmi Iyer');
    const id = await earnCertificate(t, learner);
    const certificate = await certificateOf(learner);
    const original = await credentialOf(learner, certificate);
    await t.graphql(REVOKE, { id, reason: 'Revoked by mistake, it turns out' }, admin);
    const reissued = await t.graphql(
      REISSUE,
      { id, name: 'Lakshmi Iyer', reason: 'The revocation was a mistake' },
      admin,
    );
    expect(reissued.body.errors).toBeUndefined();

    const renewed = await credentialOf(learner, certificate);
    expect(renewed).not.toBe(original);
    expect(statusOf(await verifyAsOutsider(original))).toBe('revoked');
    expect(statusOf(await verifyAsOutsider(renewed))).toBe('active');
    const [was, now] = [original, renewed].map(
      (jwt) => decodeJwt(jwt) as Record<string, { statusListIndex?: string }> & { validFrom: string },
    );
    expect(now!.credentialStatus!.statusListIndex).not.toBe(was!.credentialStatus!.statusListIndex);
    expect(Date.parse(now!.validFrom)).toBeGreaterThanOrEqual(Date.parse(was!.validFrom));
    const entries = await t.services.db
      .selectFrom('credential_status_entry')
      .selectAll()
      .where('certificate_id', '=', id)
      .execute();
    expect(entries.map((e) => e.superseded_at === null).sort()).toEqual([false, true]);
  });

  it('is not what a name correction does: the place stays, the new credential carries the new name', async () => {
    const learner = await paidLearner('Ravi Kumr');
    const id = await earnCertificate(t, learner);
    const certificate = await certificateOf(learner);
    const original = await credentialOf(learner, certificate);
    const reissued = await t.graphql(REISSUE, { id, name: 'Ravi Kumar', reason: 'Spelling of the surname' }, admin);
    expect(reissued.body.errors).toBeUndefined();
    const renewed = await credentialOf(learner, certificate);
    const check = await verifyAsOutsider(renewed);
    expect(check.signatureValid && check.credential.holderName).toBe('Ravi Kumar');
    expect(statusOf(check)).toBe('active');
    // Decision 0009: copies already shared keep standing; Open Badges readers take the newest validFrom.
    expect(statusOf(await verifyAsOutsider(original))).toBe('active');
    const place = (jwt: string) =>
      (decodeJwt(jwt) as { credentialStatus: { statusListIndex: string } }).credentialStatus.statusListIndex;
    expect(place(renewed)).toBe(place(original));
    expect(
      summarizeCredential(decodeJwt(renewed)).validFrom >= summarizeCredential(decodeJwt(original)).validFrom,
    ).toBe(true);
  });
});

describe('public verification by id', () => {
  it('shows the issuer, the study hours, and that the credential checks out against the published keys', async () => {
    const learner = await paidLearner('Rohan Mehta');
    const id = await earnCertificate(t, learner);
    const result = await t.graphql(VERIFY, { id });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.verifyCertificate).toEqual({
      certificate_id: id,
      holder_name: 'Rohan Mehta',
      title: 'Cryptography & Encryption',
      kind: 'module',
      completed_at: expect.any(String),
      revoked_at: null,
      study_hours: studyHours(t.services.catalogue, 'cryptography'),
      issuer_name: 'Surakshit Learning Private Limited',
      issuer_url: t.services.env.appOrigin,
      credential_check: { signature_valid: true, key_id: t.services.credentials.kid, status: 'active' },
    });
    expect(result.response.body).not.toContain(learner.email);
    expect(result.response.body).not.toContain('sha256$');
  });

  it('answers an unknown id with null and nothing else', async () => {
    const result = await t.graphql(VERIFY, { id: 'EHC-CRYPTOGRAPHY-1700000000000-XYZ' });
    expect(result.body).toEqual({ data: { verifyCertificate: null } });
  });
});

describe('the development signing key', () => {
  it('is one key for every server sharing the database, even when they make it at the same moment; a retired key still verifies', async () => {
    const learner = await paidLearner();
    await earnCertificate(t, learner);
    const signedBefore = await credentialOf(learner, await certificateOf(learner));
    const oldKids = [t.services.credentials.kidOf('EdDSA'), t.services.credentials.kidOf('RS256')];
    expect((await retireDatabaseKeys(t.services.db)).sort()).toEqual([...oldKids].sort());

    // Two servers starting together on the same database, both finding no active key.
    const [a, b] = await Promise.all([
      loadSigningKeys(t.services.env, t.services.db),
      loadSigningKeys(t.services.env, t.services.db),
    ]);
    const newKids = [a.signers.EdDSA.kid, a.signers.RS256.kid];
    expect([b.signers.EdDSA.kid, b.signers.RS256.kid]).toEqual(newKids);
    expect(newKids.filter((kid) => oldKids.includes(kid))).toEqual([]);
    const rows = await t.services.db.selectFrom('credential_signing_key').selectAll().execute();
    expect(
      rows
        .filter((row) => row.active_slot === 1)
        .map((row) => [row.alg, row.kid])
        .sort(),
    ).toEqual([
      ['EdDSA', a.signers.EdDSA.kid],
      ['RS256', a.signers.RS256.kid],
    ]);
    for (const oldKid of oldKids) {
      expect(rows.find((row) => row.kid === oldKid)).toMatchObject({
        active_slot: null,
        retired_at: expect.any(Number),
      });
    }

    expect((await jwks()).keys.map((k) => k.kid)).toEqual(expect.arrayContaining([...newKids, ...oldKids]));
    expect(await verifyAsOutsider(signedBefore)).toMatchObject({ signatureValid: true, kid: oldKids[1] });
  });
});

describe('a production server', () => {
  const webAppDir = mkdtempSync(join(tmpdir(), 'ehc-cred-web-'));
  writeFileSync(
    join(webAppDir, 'index.html'),
    '<!doctype html><html><head><title>Course</title></head><body></body></html>',
  );
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp(
      {
        NODE_ENV: 'production',
        APP_ORIGIN: 'https://course.example.com',
        PAYMENTS_ALLOW_SIMULATED: 'true',
        TRUST_PROXY: 'true',
        VERIFY_LOOKUPS_PER_MINUTE: '3',
        ...PRODUCTION_BUSINESS_ENV,
      },
      { webAppDir },
    );
  });
  afterAll(async () => {
    await p.close();
    rmSync(webAppDir, { recursive: true, force: true });
  });
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip, origin: 'https://course.example.com' } });

  it('signs with the environment’s key and never publishes a key kept in the database', async () => {
    await p.services.db
      .insertInto('credential_signing_key')
      .values({
        kid: 'leftover-dev-key',
        alg: 'EdDSA',
        public_jwk: '{}',
        private_jwk: '{}',
        active_slot: null,
        created_at: 1,
      })
      .execute();
    const keys = (await p.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json().keys as {
      kid: string;
      kty: string;
    }[];
    const environmentKeys = [
      ['RSA', PRODUCTION_BUSINESS_ENV.CREDENTIAL_RSA_SIGNING_KEY],
      ['OKP', PRODUCTION_BUSINESS_ENV.CREDENTIAL_SIGNING_KEY],
    ] as const;
    expect(keys.map((k) => k.kty)).toEqual(environmentKeys.map(([kty]) => kty));
    expect(keys.map((k) => k.kid)).toEqual([
      p.services.credentials.kidOf('RS256'),
      p.services.credentials.kidOf('EdDSA'),
    ]);
    for (const [i, [, text]] of environmentKeys.entries()) {
      const parsed = JSON.parse(text) as Record<string, string>;
      const key = keys[i] as unknown as Record<string, string>;
      expect(parsed.kty === 'RSA' ? key.n === parsed.n : key.x === parsed.x).toBe(true);
      expect(key.kid).toMatch(/^https:\/\/course\.example\.com\/\.well-known\/jwks\.json#/);
    }
  });

  it('limits certificate lookups per client address, counting every aliased field and the /verify page', async () => {
    const verify = (ip: string, id: string) => p.graphql(VERIFY, { id }, from(ip));
    for (const n of [1, 2, 3])
      expect((await verify('203.0.113.1', `EHC-X-${n}-AAA`)).body.data?.verifyCertificate).toBeNull();
    const refused = await verify('203.0.113.1', 'EHC-X-4-AAA');
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(refused.body.errors?.[0]?.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    const page = await p.app.inject({
      method: 'GET',
      url: '/verify/EHC-X-5-AAA',
      headers: { 'x-forwarded-for': '203.0.113.1' },
    });
    expect(page.statusCode).toBe(429);
    expect(page.headers['retry-after']).toBe('60');

    // Another address has its own budget; four aliases in one request spend four lookups.
    const aliased = await p.graphql(
      `query { a: verifyCertificate(certificate_id: "A") { title } b: verifyCertificate(certificate_id: "B") { title }
        c: verifyCertificate(certificate_id: "C") { title } d: verifyCertificate(certificate_id: "D") { title } }`,
      {},
      from('203.0.113.2'),
    );
    expect(aliased.body.errors?.map((e) => e.extensions?.code)).toEqual(['RATE_LIMITED']);
    expect(
      (await p.app.inject({ method: 'GET', url: '/verify/EHC-X-1-AAA', headers: { 'x-forwarded-for': '203.0.113.3' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('npm run verify-credential', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ehc-verify-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const save = (name: string, content: string | Buffer) => {
    writeFileSync(join(dir, name), content);
    return join(dir, name);
  };
  /** Runs the command in this process; URLs are answered by the test app, as if fetched. */
  async function run(...args: string[]) {
    const out: string[] = [];
    const fetched: string[] = [];
    const code = await runVerifyCredential(args, {
      out: (line) => out.push(line),
      err: (line) => out.push(line),
      baseDir: dir,
      async fetchText(url) {
        fetched.push(url);
        const response = await download(new URL(url).pathname);
        if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
        return response.body;
      },
    });
    return { code, text: out.join('\n'), fetched };
  }

  it('checks a .jwt or a baked .png against a saved JWKS and status list, offline', async () => {
    const learner = await paidLearner('Kavya Iyer');
    const id = await earnCertificate(t, learner);
    const certificate = await certificateOf(learner);
    const jwtFile = save('credential.jwt', await credentialOf(learner, certificate));
    const pngFile = save('certificate.png', (await download(certificate.image_url, learner.cookie)).rawPayload);
    const jwksFile = save('jwks.json', (await download('/.well-known/jwks.json')).body);
    const listFile = save('status-1.jwt', (await download('/credentials/status/1')).body);

    for (const file of [jwtFile, 'certificate.png']) {
      const result = await run(file, '--jwks', jwksFile, '--status-list', listFile, '--offline');
      expect(result).toMatchObject({ code: 0, fetched: [] });
      expect(result.text).toContain('Signature valid.');
      expect(result.text).toMatch(/Holder: +Kavya Iyer/);
      expect(result.text).toMatch(/Achievement: +Cryptography & Encryption/);
      expect(result.text).toMatch(new RegExp(`Certificate: +${id}`));
      expect(result.text).toMatch(
        new RegExp(`Signed by key: +${t.services.credentials.kid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
      expect(result.text).toMatch(/Revocation: +not revoked/);
    }
    expect(pngFile).toMatch(/certificate\.png$/);

    const unchecked = await run('credential.jwt', '--jwks', 'jwks.json', '--offline');
    expect(unchecked.code).toBe(3);
    expect(unchecked.text).toMatch(/Revocation: +not checked/);
  });

  it('fetches the keys and status list the credential names, and reports a revocation', async () => {
    const learner = await paidLearner();
    const id = await earnCertificate(t, learner);
    save('revoked.jwt', await credentialOf(learner, await certificateOf(learner)));
    expect((await run('revoked.jwt')).code).toBe(0);
    await t.graphql(REVOKE, { id, reason: 'Completed by a shared account' }, admin);
    const result = await run('revoked.jwt');
    expect(result.code).toBe(1);
    expect(result.text).toMatch(/^REVOKED/);
    expect(result.fetched).toEqual([
      `${t.services.env.appOrigin}/.well-known/jwks.json`,
      `${t.services.env.appOrigin}/credentials/status/1`,
    ]);
  });

  it("refuses a forgery signed with the forger's own key, whose key id points at the forger's key set", async () => {
    const learner = await paidLearner();
    await earnCertificate(t, learner);
    const genuine = await credentialOf(learner, await certificateOf(learner));
    const claims = decodeJwt(genuine);
    (claims.credentialSubject as { name?: string }).name = 'Anyone At All';
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const forgerKid = 'https://forger.example/.well-known/jwks.json#k';
    save(
      'forged-key.jwt',
      await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid: forgerKid, typ: 'JWT' }).sign(privateKey),
    );
    const forgerJwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: forgerKid, alg: 'EdDSA' }] });
    const result = await run('forged-key.jwt');
    expect(result.code).toBe(1);
    expect(result.text).toMatch(/^NOT VALID/);
    // The keys come from the issuer's own site, never from the address the key id names.
    expect(result.fetched).toEqual([`${t.services.env.appOrigin}/.well-known/jwks.json`]);
    // --jwks narrows, never widens: the forger's own key set does not make it valid.
    const narrowed = await run('forged-key.jwt', '--jwks', save('forger-jwks.json', forgerJwks), '--offline');
    expect(narrowed.code).toBe(1);
    expect(narrowed.text).toMatch(/does not publish/);
  });

  it('says NOT VALID for a changed credential, and exits 2 for what it cannot read', async () => {
    const learner = await paidLearner();
    await earnCertificate(t, learner);
    const [header, payload, signature] = (await credentialOf(learner, await certificateOf(learner))).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
      credentialSubject: { identifier: { identityHash: string }[] };
    };
    claims.credentialSubject.identifier[0]!.identityHash = 'Someone Else';
    save('forged.jwt', `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`);
    const forged = await run('forged.jwt');
    expect(forged.code).toBe(1);
    expect(forged.text).toMatch(/^NOT VALID: The signature does not match/);

    expect((await run('missing.jwt')).code).toBe(2);
    expect((await run()).text).toMatch(/^Usage: npm run verify-credential/);
    save('not-a-credential.txt', 'hello');
    expect((await run('not-a-credential.txt', '--offline')).text).toMatch(/neither a PNG certificate nor a credential/);
  });

  it('runs as an npm script', async () => {
    const learner = await paidLearner();
    await earnCertificate(t, learner);
    const jwtFile = save('script.jwt', await credentialOf(learner, await certificateOf(learner)));
    const jwksFile = save('script-jwks.json', (await download('/.well-known/jwks.json')).body);
    const listFile = save('script-status.jwt', (await download('/credentials/status/1')).body);
    const run = promisify(execFile);
    const { stdout } = await run(
      'npm',
      [
        'run',
        '--silent',
        'verify-credential',
        '--',
        jwtFile,
        '--jwks',
        jwksFile,
        '--status-list',
        listFile,
        '--offline',
      ],
      {
        cwd: fileURLToPath(new URL('../../../..', import.meta.url)),
      },
    );
    expect(stdout).toContain('Signature valid.');
  });
});
