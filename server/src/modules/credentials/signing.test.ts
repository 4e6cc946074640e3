import { checkCredential } from '@ehc/common/credentials';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema';
import { parseSigningKey } from '../../lib/credential-key-env';
import { EnvError, loadEnv } from '../../lib/env';
import { loadCatalogue } from '../courses/content-loader';
import { FIXTURE_CONTENT_DIR } from '../../test/test-app';
import { buildCredential, type CredentialFacts } from './credential-builder';
import { CredentialIssuer } from './credential-service';
import { defaultKid, generateSigningKey, loadSigningKeys } from './signing-keys';

const ORIGIN = 'https://course.example.com';
const catalogue = loadCatalogue(FIXTURE_CONTENT_DIR);
// Production signs with the environment's key and never touches the database for it.
const noDatabase = {} as Kysely<Database>;
const settings = async () =>
  ({
    legalName: 'Surakshit Learning Private Limited',
    supportEmail: 'help@course.example.com',
    supportPhone: null,
  }) as never;

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

async function issuerWith(signingKey: string, previous?: string) {
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_ORIGIN: ORIGIN,
    CREDENTIAL_SIGNING_KEY: signingKey,
    ...(previous ? { CREDENTIAL_PREVIOUS_PUBLIC_KEYS: previous } : {}),
  });
  const keys = await loadSigningKeys({ ...env, isProduction: true }, noDatabase);
  return { keys, issuer: new CredentialIssuer({ db: noDatabase, appOrigin: ORIGIN, catalogue, keys, settings }) };
}

async function newKey() {
  const { privateJwk, publicJwk } = await generateSigningKey(ORIGIN);
  return { privateText: JSON.stringify(privateJwk), publicJwk };
}

async function signed(issuer: CredentialIssuer) {
  const credential = buildCredential(facts, await issuer.issuer(), catalogue);
  return { credential, jwt: await issuer.sign(credential as never) };
}

describe('signing a credential (VC-JWT, EdDSA)', () => {
  it('round-trips through jose: the payload is the credential plus iss, jti, nbf and sub', async () => {
    const key = await newKey();
    const { keys, issuer } = await issuerWith(key.privateText);
    const { credential, jwt } = await signed(issuer);

    const header = decodeProtectedHeader(jwt);
    expect(header).toEqual({ alg: 'EdDSA', kid: key.publicJwk.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(await keys.jwks()), { algorithms: ['EdDSA'] });
    expect(payload).toEqual({
      ...credential,
      iss: `${ORIGIN}/credentials/issuer`,
      jti: credential.id,
      nbf: Date.parse(credential.validFrom) / 1000,
      sub: credential.credentialSubject.id,
    });
    expect(payload.iat).toBeUndefined();
  });

  it('gives the same bytes when signed again (so images and ETags are stable)', async () => {
    const key = (await newKey()).privateText;
    // Two issuers, as on two servers or after a restart: nothing remembered between them.
    const first = await signed((await issuerWith(key)).issuer);
    const second = await signed((await issuerWith(key)).issuer);
    expect(second.jwt).toBe(first.jwt);
  });

  it('signs a credential once and looks it up afterwards, but signs a changed one afresh', async () => {
    const { issuer } = await issuerWith((await newKey()).privateText);
    const signing = vi.spyOn(SignJWT.prototype, 'sign');
    try {
      const first = await signed(issuer);
      expect((await signed(issuer)).jwt).toBe(first.jwt);
      expect(signing).toHaveBeenCalledTimes(1);
      const renamed = buildCredential({ ...facts, holderName: 'Ravi K.' }, await issuer.issuer(), catalogue);
      expect(await issuer.sign(renamed as never)).not.toBe(first.jwt);
      expect(signing).toHaveBeenCalledTimes(2);
    } finally {
      signing.mockRestore();
    }
  });

  it('fails verification when one character of the payload changes', async () => {
    const { keys, issuer } = await issuerWith((await newKey()).privateText);
    const { jwt } = await signed(issuer);
    const [header, payload, signature] = jwt.split('.');
    const changed = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { name: string };
    changed.name = changed.name.replace('WiFi', 'Wifi');
    const forged = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
    const result = await checkCredential(forged, { jwks: await keys.jwks() });
    expect(result.signatureValid).toBe(false);
    expect(result.signatureValid === false && result.reason).toMatch(/signature does not match/);
    expect((await checkCredential(jwt, { jwks: await keys.jwks() })).signatureValid).toBe(true);
  });

  it('publishes only public keys, with alg, use and a kid that points into the JWKS', async () => {
    const key = await newKey();
    const { keys } = await issuerWith(key.privateText);
    const jwks = await keys.jwks();
    expect(jwks.keys).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: key.publicJwk.x, kid: keys.kid, alg: 'EdDSA', use: 'sig' },
    ]);
    expect(JSON.stringify(jwks)).not.toMatch(/"d"/);
    expect(keys.kid).toBe(await defaultKid(ORIGIN, key.publicJwk));
    expect(keys.kid).toMatch(/^https:\/\/course\.example\.com\/\.well-known\/jwks\.json#[\w-]{43}$/);
  });
});

describe('key rotation', () => {
  it('keeps credentials signed with the previous key verifiable, and signs new ones with the new key', async () => {
    const oldKey = await newKey();
    const before = await issuerWith(oldKey.privateText);
    const { jwt: oldJwt } = await signed(before.issuer);

    const newer = await newKey();
    const after = await issuerWith(newer.privateText, JSON.stringify([oldKey.publicJwk]));
    const jwks = await after.keys.jwks();
    expect(jwks.keys.map((k) => k.kid)).toEqual([newer.publicJwk.kid, oldKey.publicJwk.kid]);

    const old = await checkCredential(oldJwt, { jwks });
    expect(old).toMatchObject({ signatureValid: true, kid: oldKey.publicJwk.kid });
    const { jwt: newJwt } = await signed(after.issuer);
    expect(await checkCredential(newJwt, { jwks })).toMatchObject({ signatureValid: true, kid: newer.publicJwk.kid });

    // Forgetting the previous key is what breaks old credentials.
    const forgot = await issuerWith(newer.privateText);
    const lost = await checkCredential(oldJwt, { jwks: await forgot.keys.jwks() });
    expect(lost.signatureValid).toBe(false);
    expect(lost.signatureValid === false && lost.reason).toMatch(/None of the published keys/);
  });

  it('publishes a key once when it is both the signing key and listed (the middle step of a rotation)', async () => {
    const key = await newKey();
    const { keys, issuer } = await issuerWith(key.privateText, JSON.stringify([key.publicJwk]));
    expect((await keys.jwks()).keys).toHaveLength(1);
    const { jwt } = await signed(issuer);
    expect(await checkCredential(jwt, { jwks: await keys.jwks() })).toMatchObject({ signatureValid: true });
  });

  it('accepts the previous keys as a JWKS document too, and keeps a kid given with a key', async () => {
    const oldKey = await newKey();
    const current = await generateSigningKey(ORIGIN);
    const { keys } = await issuerWith(
      JSON.stringify({ ...current.privateJwk, kid: 'key-2026-11' }),
      JSON.stringify({ keys: [oldKey.publicJwk] }),
    );
    expect(keys.kid).toBe('key-2026-11');
    expect((await keys.jwks()).keys.map((k) => k.kid)).toEqual(['key-2026-11', oldKey.publicJwk.kid]);
  });
});

describe('the signing key from the environment', () => {
  const problemsOf = (raw: Record<string, string>) => {
    try {
      loadEnv({ NODE_ENV: 'test', ...raw });
      return [];
    } catch (error) {
      return (error as EnvError).problems;
    }
  };

  it('is required in production, naming the command that makes one', () => {
    const problems = problemsOf({ NODE_ENV: 'production', APP_ORIGIN: ORIGIN });
    expect(problems.find((p) => p.startsWith('CREDENTIAL_SIGNING_KEY'))).toMatch(
      /required when NODE_ENV=production.*npm run credential-key -- generate/,
    );
  });

  it('must be a private Ed25519 JWK; each mistake gets its own message', async () => {
    const { privateJwk, publicJwk } = await generateSigningKey(ORIGIN);
    expect(problemsOf({ CREDENTIAL_SIGNING_KEY: 'not json' })[0]).toMatch(/must be a private Ed25519 key as JSON/);
    expect(problemsOf({ CREDENTIAL_SIGNING_KEY: JSON.stringify(publicJwk) })[0]).toMatch(
      /public key \(it has no "d"\)/,
    );
    expect(problemsOf({ CREDENTIAL_SIGNING_KEY: JSON.stringify({ ...privateJwk, crv: 'P-256' }) })[0]).toMatch(
      /must be an Ed25519 key/,
    );
    expect(problemsOf({ CREDENTIAL_SIGNING_KEY: JSON.stringify({ ...privateJwk, d: 'short' }) })[0]).toMatch(
      /"d" must be 43 base64url characters/,
    );
    expect(problemsOf({ CREDENTIAL_PREVIOUS_PUBLIC_KEYS: JSON.stringify([privateJwk]) })[0]).toMatch(
      /key 1 holds a private part \("d"\); list public keys only/,
    );
    expect(problemsOf({ CREDENTIAL_SIGNING_KEY: JSON.stringify(privateJwk) })).toEqual([]);
    expect(parseSigningKey(JSON.stringify(privateJwk))).toEqual({ value: privateJwk });
  });

  it('stops the boot when its private part does not belong to its public part', async () => {
    const one = await generateSigningKey(ORIGIN);
    const other = await generateSigningKey(ORIGIN);
    const mismatched = JSON.stringify({ ...one.privateJwk, x: other.publicJwk.x });
    const failure = await issuerWith(mismatched).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EnvError);
    expect((failure as EnvError).problems).toEqual([
      expect.stringMatching(
        /^CREDENTIAL_SIGNING_KEY: its private part \("d"\) does not belong to its public part \("x"\)/,
      ),
    ]);
  });
});
