import { generateKeyPairSync, sign as cryptoSign } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { checkCredential, statusBits, type CheckOptions } from '@ehc/common/credentials';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../courses/content-loader';
import { FIXTURE_CONTENT_DIR } from '../../test/test-app';
import { buildCredential, type CredentialFacts } from './credential-builder';

// Every check of common/src/credentials/verify.ts, each with a credential that breaks only
// that rule, signed with a key the verifier holds: removing any check fails its test.

const ISSUER = 'https://course.example.com';
const KID = `${ISSUER}/.well-known/jwks.json#k1`;
const LIST_URL = `${ISSUER}/credentials/status/1`;
const catalogue = loadCatalogue(FIXTURE_CONTENT_DIR);
const facts: CredentialFacts = {
  certificateId: 'EHC-WIFI-HACKING-1795240800000-RAV',
  scope: 'wifi-hacking',
  holderName: 'Ravi Kumar',
  holderEmail: 'ravi@example.com',
  completedAt: 1795240800000,
  issuedAt: 1795240800000,
  identitySalt: '00112233445566778899aabbccddeeff',
  subjectId: 'urn:uuid:1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  statusList: 1,
  statusIndex: 7,
};

let ours: CryptoKey;
let forger: CryptoKey;
let jwks: CheckOptions['jwks'];

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  ours = pair.privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'EdDSA', use: 'sig' }] };
  ({ privateKey: forger } = await generateKeyPair('EdDSA', { crv: 'Ed25519' }));
});

const issuerFacts = {
  appOrigin: ISSUER,
  legalName: 'Surakshit Learning',
  supportEmail: 'help@course.example.com',
  supportPhone: null,
};

function credential(origin = ISSUER): JWTPayload & { id: string; validFrom: string; issuer: { id: string } } {
  return buildCredential(facts, { ...issuerFacts, appOrigin: origin }, catalogue) as never;
}

interface Tamper {
  payload?: (claims: JWTPayload) => void;
  kid?: string;
  key?: CryptoKey;
}

async function sign(body: JWTPayload & { id: string; validFrom: string }, tamper: Tamper = {}): Promise<string> {
  const claims: JWTPayload = {
    ...body,
    iss: (body.issuer as { id: string }).id,
    jti: body.id,
    nbf: Date.parse(body.validFrom) / 1000,
    sub: (body.credentialSubject as { id?: string }).id,
  };
  tamper.payload?.(claims);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', kid: tamper.kid ?? KID, typ: 'JWT' })
    .sign(tamper.key ?? ours);
}

async function statusList(revoked: number[], tamper: Tamper = {}): Promise<string> {
  return sign(
    {
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: LIST_URL,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: { id: `${ISSUER}/credentials/issuer` },
      validFrom: '2026-11-01T00:00:00Z',
      credentialSubject: {
        id: `${LIST_URL}#list`,
        type: 'BitstringStatusList',
        statusPurpose: 'revocation',
        encodedList: `u${gzipSync(statusBits(revoked)).toString('base64url')}`,
      },
    },
    tamper,
  );
}

const check = (jwt: string, list?: string, options: Partial<CheckOptions> = {}) =>
  checkCredential(jwt, { jwks, issuer: ISSUER, loadStatusList: list ? async () => list : undefined, ...options });

describe('checking a credential', () => {
  it('accepts an untouched credential and reads its status from the issuer’s list', async () => {
    const result = await check(await sign(credential()), await statusList([]));
    expect(result).toMatchObject({ signatureValid: true, status: { state: 'active' } });
    expect(await check(await sign(credential()), await statusList([7]))).toMatchObject({
      status: { state: 'revoked' },
    });
  });

  it('refuses a credential signed by a forger whose key id points at their own key set', async () => {
    const forged = await sign(credential(), { key: forger, kid: 'https://forger.example/jwks.json#k' });
    const forgerKeys = { keys: [{ ...jwks.keys[0]!, kid: 'https://forger.example/jwks.json#k' }] };
    // Even handed a key set that holds the forger's key id, the key must be the issuer's.
    expect(await check(forged, undefined, { jwks: forgerKeys })).toMatchObject({ signatureValid: false });
    const ownKeyElsewhere = await sign(credential(), { kid: 'https://forger.example/jwks.json#k' });
    const result = await check(ownKeyElsewhere, undefined, { jwks: forgerKeys });
    expect(result).toMatchObject({ signatureValid: false });
    expect(result.signatureValid === false && result.reason).toMatch(
      /key that https:\/\/course\.example\.com does not publish/,
    );
  });

  it('accepts a key id that is a plain name, looked up in the issuer’s key set', async () => {
    const named = { keys: [{ ...jwks.keys[0]!, kid: 'signing-key-2026' }] };
    const result = await check(await sign(credential(), { kid: 'signing-key-2026' }), undefined, { jwks: named });
    expect(result).toMatchObject({ signatureValid: true });
  });

  it('refuses a credential of another issuer when the verifier expects this one', async () => {
    const otherKid = 'https://other.example/.well-known/jwks.json#k1';
    const otherKeys = { keys: [{ ...jwks.keys[0]!, kid: otherKid }] };
    const jwt = await sign(credential('https://other.example'), { kid: otherKid });
    expect(await check(jwt, undefined, { jwks: otherKeys, issuer: undefined })).toMatchObject({ signatureValid: true });
    const result = await check(jwt, undefined, { jwks: otherKeys });
    expect(result.signatureValid === false && result.reason).toBe(
      'The credential was issued by https://other.example, not by https://course.example.com.',
    );
  });

  it.each([
    ['iss', (c: JWTPayload) => (c.iss = `${ISSUER}/elsewhere`), /issuer \(iss\) differs/],
    ['jti', (c: JWTPayload) => (c.jti = 'urn:uuid:00000000-0000-4000-8000-000000000000'), /token id \(jti\) differs/],
    ['nbf', (c: JWTPayload) => (c.nbf = (c.nbf as number) + 60), /token start \(nbf\) differs/],
    ['sub', (c: JWTPayload) => (c.sub = 'urn:uuid:00000000-0000-4000-8000-000000000001'), /subject \(sub\) differs/],
  ])('refuses a token whose %s differs from the credential', async (_claim, change, reason) => {
    const result = await check(await sign(credential(), { payload: change }));
    expect(result.signatureValid === false && result.reason).toMatch(reason);
  });

  it('does not trust a status list on another site, or the list of another address', async () => {
    const elsewhere = credential();
    (elsewhere.credentialStatus as { statusListCredential: string }).statusListCredential =
      'https://forger.example/status/1';
    const away = await check(await sign(elsewhere), await statusList([]));
    expect(away).toMatchObject({ signatureValid: true, status: { state: 'unknown' } });
    expect(away.signatureValid && away.status.state === 'unknown' && away.status.reason).toMatch(/not on the issuer/);

    const otherList = await statusList([], { payload: (c) => (c.id = `${ISSUER}/credentials/status/2`) });
    const wrongId = await check(await sign(credential()), otherList);
    expect(wrongId.signatureValid && wrongId.status.state === 'unknown' && wrongId.status.reason).toMatch(
      /list of another address/,
    );
    const forgedList = await statusList([], { key: forger });
    expect(await check(await sign(credential()), forgedList)).toMatchObject({ status: { state: 'unknown' } });
  });

  it('accepts RS256 from a key the issuer publishes, but not a short RSA key or an algorithm it does not list', async () => {
    const rsa = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const rsaKid = `${ISSUER}/.well-known/jwks.json#r1`;
    const withRsa = {
      keys: [...jwks.keys, { ...(await exportJWK(rsa.publicKey)), kid: rsaKid, alg: 'RS256', use: 'sig' }],
    };
    const signWith = async (alg: string, key: CryptoKey, kid: string) => {
      const body = credential();
      const claims = { ...body, iss: body.issuer.id, jti: body.id, nbf: Date.parse(body.validFrom) / 1000 };
      return new SignJWT({ ...claims, sub: (body.credentialSubject as { id: string }).id })
        .setProtectedHeader({ alg, kid, typ: 'JWT' })
        .sign(key);
    };
    expect(await check(await signWith('RS256', rsa.privateKey, rsaKid), undefined, { jwks: withRsa })).toMatchObject({
      signatureValid: true,
      kid: rsaKid,
    });

    // Open Badges asks for RSA keys of 2048 bits at least; jose refuses shorter ones. (jose
    // will not sign with one either, so this token is signed with node:crypto.)
    const short = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const shortKeys = {
      keys: [{ ...short.publicKey.export({ format: 'jwk' }), kid: rsaKid, alg: 'RS256', use: 'sig' }],
    };
    const genuine = (await signWith('RS256', rsa.privateKey, rsaKid)).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: rsaKid, typ: 'JWT' })).toString('base64url');
    const signature = cryptoSign('sha256', Buffer.from(`${header}.${genuine[1]}`), short.privateKey);
    const weak = await check(`${header}.${genuine[1]}.${signature.toString('base64url')}`, undefined, {
      jwks: shortKeys,
    });
    expect(weak.signatureValid).toBe(false);

    // An algorithm outside the list (here RSA-PSS) is refused even with a published key.
    const pss = await generateKeyPair('PS256', { extractable: true });
    const pssKeys = { keys: [{ ...(await exportJWK(pss.publicKey)), kid: rsaKid, alg: 'PS256', use: 'sig' }] };
    const refused = await check(await signWith('PS256', pss.privateKey, rsaKid), undefined, { jwks: pssKeys });
    expect(refused.signatureValid === false && refused.reason).toMatch(/algorithm that is not accepted/);
  });
});
