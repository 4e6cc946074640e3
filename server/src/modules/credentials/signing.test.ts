import { checkCredential } from '@ehc/common/credentials';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema';
import { parseRsaSigningKey, parseSigningKey } from '../../lib/credential-key-env';
import { EnvError, loadEnv } from '../../lib/env';
import { loadCatalogue } from '../courses/content-loader';
import { FIXTURE_CONTENT_DIR } from '../../test/test-app';
import { buildCredential, type CredentialFacts } from './credential-builder';
import { CredentialIssuer, PRIMARY_ALGORITHM } from './credential-service';
import { defaultKid, generateSigningKey, loadSigningKeys, type SigningAlgorithm } from './signing-keys';

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

// One RSA key for the file: RSA keys take a moment to make.
const rsaKey = generateSigningKey(ORIGIN, 'RS256');

async function issuerWith(signingKey: string, previous?: string, rsaSigningKey?: string) {
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_ORIGIN: ORIGIN,
    CREDENTIAL_SIGNING_KEY: signingKey,
    CREDENTIAL_RSA_SIGNING_KEY: rsaSigningKey ?? JSON.stringify((await rsaKey).privateJwk),
    ...(previous ? { CREDENTIAL_PREVIOUS_PUBLIC_KEYS: previous } : {}),
  });
  const keys = await loadSigningKeys({ ...env, isProduction: true }, noDatabase);
  return { keys, issuer: new CredentialIssuer({ db: noDatabase, appOrigin: ORIGIN, catalogue, keys, settings }) };
}

async function newKey() {
  const { privateJwk, publicJwk } = await generateSigningKey(ORIGIN, 'EdDSA');
  return { privateText: JSON.stringify(privateJwk), publicJwk: publicJwk as typeof publicJwk & { kty: 'OKP' } };
}

async function signed(issuer: CredentialIssuer, alg: SigningAlgorithm = 'EdDSA') {
  const credential = buildCredential(facts, await issuer.issuer(), catalogue);
  return { credential, jwt: await issuer.sign(credential as never, alg) };
}

describe('signing a credential (VC-JWT, RS256 and EdDSA)', () => {
  it('round-trips through jose with each algorithm: the payload is the credential plus iss, jti, nbf and sub', async () => {
    const key = await newKey();
    const { keys, issuer } = await issuerWith(key.privateText);
    const kids = { EdDSA: key.publicJwk.kid, RS256: (await rsaKey).publicJwk.kid };
    for (const alg of ['RS256', 'EdDSA'] as const) {
      const { credential, jwt } = await signed(issuer, alg);
      expect(decodeProtectedHeader(jwt)).toEqual({ alg, kid: kids[alg], typ: 'JWT' });
      const { payload } = await jwtVerify(jwt, createLocalJWKSet(await keys.jwks()), { algorithms: [alg] });
      expect(payload).toEqual({
        ...credential,
        iss: `${ORIGIN}/credentials/issuer`,
        jti: credential.id,
        nbf: Date.parse(credential.validFrom) / 1000,
        sub: credential.credentialSubject.id,
      });
      expect(payload.iat).toBeUndefined();
      expect(await checkCredential(jwt, { jwks: await keys.jwks() })).toMatchObject({
        signatureValid: true,
        kid: kids[alg],
      });
    }
  });

  it('signs with RS256 unless asked otherwise: the algorithm every Open Badges verifier supports', async () => {
    expect(PRIMARY_ALGORITHM).toBe('RS256');
    const { issuer } = await issuerWith((await newKey()).privateText);
    const credential = buildCredential(facts, await issuer.issuer(), catalogue);
    expect(decodeProtectedHeader(await issuer.sign(credential as never)).alg).toBe('RS256');
    expect(issuer.kid).toBe((await rsaKey).publicJwk.kid);
  });

  it('gives the same bytes when signed again, with either algorithm (so images and ETags are stable)', async () => {
    const key = (await newKey()).privateText;
    for (const alg of ['RS256', 'EdDSA'] as const) {
      // Two issuers, as on two servers or after a restart: nothing remembered between them.
      const first = await signed((await issuerWith(key)).issuer, alg);
      const second = await signed((await issuerWith(key)).issuer, alg);
      expect(second.jwt).toBe(first.jwt);
    }
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

  it('fails verification when one character of the payload changes, whichever algorithm signed it', async () => {
    const { keys, issuer } = await issuerWith((await newKey()).privateText);
    for (const alg of ['RS256', 'EdDSA'] as const) {
      const { jwt } = await signed(issuer, alg);
      const [header, payload, signature] = jwt.split('.');
      const changed = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { name: string };
      changed.name = changed.name.replace('WiFi', 'Wifi');
      const forged = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
      const result = await checkCredential(forged, { jwks: await keys.jwks() });
      expect(result.signatureValid).toBe(false);
      expect(result.signatureValid === false && result.reason).toMatch(/signature does not match/);
      expect((await checkCredential(jwt, { jwks: await keys.jwks() })).signatureValid).toBe(true);
    }
  });

  it('publishes only public keys, both of them, with alg, use and a kid that points into the JWKS', async () => {
    const key = await newKey();
    const rsa = (await rsaKey).publicJwk as { n: string; e: string; kid: string };
    const { keys } = await issuerWith(key.privateText);
    const jwks = await keys.jwks();
    expect(jwks.keys).toEqual([
      { kty: 'RSA', n: rsa.n, e: 'AQAB', kid: keys.signers.RS256.kid, alg: 'RS256', use: 'sig' },
      { kty: 'OKP', crv: 'Ed25519', x: key.publicJwk.x, kid: keys.signers.EdDSA.kid, alg: 'EdDSA', use: 'sig' },
    ]);
    expect(Buffer.from(rsa.n, 'base64url').length * 8).toBeGreaterThanOrEqual(2048);
    expect(JSON.stringify(jwks)).not.toMatch(/"(d|p|q|dp|dq|qi)"/);
    expect(keys.signers.EdDSA.kid).toBe(await defaultKid(ORIGIN, key.publicJwk));
    expect(keys.signers.RS256.kid).toBe(await defaultKid(ORIGIN, { kty: 'RSA', n: rsa.n, e: rsa.e }));
    for (const signer of Object.values(keys.signers)) {
      expect(signer.kid).toMatch(/^https:\/\/course\.example\.com\/\.well-known\/jwks\.json#[\w-]{43}$/);
    }
  });
});

describe('key rotation', () => {
  it('keeps credentials signed with the previous key verifiable, and signs new ones with the new key', async () => {
    const oldKey = await newKey();
    const before = await issuerWith(oldKey.privateText);
    // Signed with EdDSA alone, as every credential issued before RS256 was added.
    const { jwt: oldJwt } = await signed(before.issuer, 'EdDSA');

    const newer = await newKey();
    const after = await issuerWith(newer.privateText, JSON.stringify([oldKey.publicJwk]));
    const jwks = await after.keys.jwks();
    expect(jwks.keys.map((k) => k.kid)).toEqual([
      (await rsaKey).publicJwk.kid,
      newer.publicJwk.kid,
      oldKey.publicJwk.kid,
    ]);

    const old = await checkCredential(oldJwt, { jwks });
    expect(old).toMatchObject({ signatureValid: true, kid: oldKey.publicJwk.kid });
    const { jwt: newJwt } = await signed(after.issuer, 'EdDSA');
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
    expect((await keys.jwks()).keys.filter((k) => k.alg === 'EdDSA')).toHaveLength(1);
    const { jwt } = await signed(issuer);
    expect(await checkCredential(jwt, { jwks: await keys.jwks() })).toMatchObject({ signatureValid: true });
  });

  it('accepts the previous keys as a JWKS document too, and keeps a kid given with a key', async () => {
    const oldKey = await newKey();
    const current = await generateSigningKey(ORIGIN, 'EdDSA');
    const { keys } = await issuerWith(
      JSON.stringify({ ...current.privateJwk, kid: 'key-2026-11' }),
      JSON.stringify({ keys: [oldKey.publicJwk] }),
      JSON.stringify({ ...(await rsaKey).privateJwk, kid: 'rsa-2026-11' }),
    );
    expect(keys.signers.EdDSA.kid).toBe('key-2026-11');
    expect(keys.signers.RS256.kid).toBe('rsa-2026-11');
    expect((await keys.jwks()).keys.map((k) => k.kid)).toEqual(['rsa-2026-11', 'key-2026-11', oldKey.publicJwk.kid]);
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

  it('is required in production, both keys, naming the command that makes them', () => {
    const problems = problemsOf({ NODE_ENV: 'production', APP_ORIGIN: ORIGIN });
    for (const name of ['CREDENTIAL_SIGNING_KEY', 'CREDENTIAL_RSA_SIGNING_KEY']) {
      expect(problems.find((p) => p.startsWith(`${name}:`))).toMatch(
        /required when NODE_ENV=production.*npm run credential-key -- generate/,
      );
    }
  });

  it('the RSA key must be a private RSA JWK of at least 2048 bits; each mistake gets its own message', async () => {
    const { privateJwk, publicJwk } = await rsaKey;
    const name = 'CREDENTIAL_RSA_SIGNING_KEY';
    expect(problemsOf({ [name]: 'not json' })[0]).toMatch(/must be a private RSA key as JSON/);
    expect(problemsOf({ [name]: JSON.stringify(publicJwk) })[0]).toMatch(/public key \(it has no "d"\)/);
    expect(problemsOf({ [name]: JSON.stringify((await newKey()).publicJwk) })[0]).toMatch(/must be an RSA key/);
    const { qi: _qi, ...withoutQi } = privateJwk as unknown as Record<string, string>;
    expect(problemsOf({ [name]: JSON.stringify(withoutQi) })[0]).toMatch(/"qi" missing or not base64url/);
    const short = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'jwk' });
    expect(problemsOf({ [name]: JSON.stringify(short) })[0]).toMatch(/RSA key of at least 2048 bits/);
    expect(problemsOf({ [name]: JSON.stringify(privateJwk) })).toEqual([]);
    expect(parseRsaSigningKey(JSON.stringify(privateJwk))).toEqual({ value: privateJwk });
  });

  it('must be a private Ed25519 JWK; each mistake gets its own message', async () => {
    const { privateJwk, publicJwk } = await generateSigningKey(ORIGIN, 'EdDSA');
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
    const one = await generateSigningKey(ORIGIN, 'EdDSA');
    const other = (await generateSigningKey(ORIGIN, 'EdDSA')).publicJwk as { x: string };
    const mismatched = JSON.stringify({ ...one.privateJwk, x: other.x });
    const failure = await issuerWith(mismatched).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EnvError);
    expect((failure as EnvError).problems).toEqual([
      expect.stringMatching(/^CREDENTIAL_SIGNING_KEY: its private part does not belong to its public part/),
    ]);

    const rsa = (await rsaKey).privateJwk as unknown as Record<string, string>;
    const otherRsa = (await generateSigningKey(ORIGIN, 'RS256')).privateJwk as unknown as Record<string, string>;
    const rsaMismatched = JSON.stringify({ ...rsa, n: otherRsa.n });
    const rsaFailure = await issuerWith((await newKey()).privateText, undefined, rsaMismatched).catch(
      (error: unknown) => error,
    );
    expect(rsaFailure).toBeInstanceOf(EnvError);
    expect((rsaFailure as EnvError).problems).toEqual([
      expect.stringMatching(/^CREDENTIAL_RSA_SIGNING_KEY: its private part does not belong to its public part/),
    ]);
  });
});

describe('npm run credential-key -- generate', () => {
  it('prints both private keys, each accepted as it is by the environment check', async () => {
    const cli = fileURLToPath(new URL('../../credential-key-cli.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      cli,
      'generate',
      '--origin',
      ORIGIN,
    ]);
    const value = (name: string) => new RegExp(`^${name}='(.+)'$`, 'm').exec(stdout)?.[1];
    const ed25519 = value('CREDENTIAL_SIGNING_KEY');
    const rsa = value('CREDENTIAL_RSA_SIGNING_KEY');
    expect(ed25519 && 'value' in parseSigningKey(ed25519)).toBe(true);
    expect(rsa && 'value' in parseRsaSigningKey(rsa)).toBe(true);
    const { keys } = await issuerWith(ed25519!, undefined, rsa!);
    expect((await keys.jwks()).keys.map((k) => k.kid)).toEqual([
      (JSON.parse(rsa!) as { kid: string }).kid,
      (JSON.parse(ed25519!) as { kid: string }).kid,
    ]);
  });
});
