import {
  CompactSign,
  calculateJwkThumbprint,
  compactVerify,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Ed25519PrivateJwk, PublicJwk, RsaPrivateJwk } from '../../lib/credential-key-env';
import { EnvError, type Env } from '../../lib/env';

/**
 * Every credential is signed twice (docs/decisions/0035): with RS256, the algorithm Open
 * Badges 3.0 requires every verifier to support, which the certificate image and the .jwt
 * file carry; and with Ed25519 (EdDSA), which every credential issued before carries.
 */
export const SIGNING_ALGORITHMS = ['RS256', 'EdDSA'] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

/** A public key as /.well-known/jwks.json publishes it. */
export type PublishedJwk =
  | { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' }
  | { kty: 'RSA'; n: string; e: string; kid: string; alg: 'RS256'; use: 'sig' };

type PrivateJwk = Ed25519PrivateJwk | RsaPrivateJwk;

/** The key that signs with one algorithm. */
export interface Signer {
  alg: SigningAlgorithm;
  /** The `kid` of every token it signs. */
  kid: string;
  privateKey: CryptoKey;
  /** Where the key came from: the environment (production) or this database. */
  source: 'environment' | 'database';
}

export interface SigningKeys {
  signers: Record<SigningAlgorithm, Signer>;
  /**
   * Every key that verifies our credentials: the signing keys, the previous keys the
   * environment lists, and (outside production) every key this database generated,
   * retired ones included. Read on each call: another server may have made a new key.
   */
  jwks(): Promise<{ keys: PublishedJwk[] }>;
}

const algorithmOf = (jwk: PublicJwk): SigningAlgorithm => (jwk.kty === 'RSA' ? 'RS256' : 'EdDSA');

const publicPart = (jwk: PublicJwk): JWK =>
  jwk.kty === 'RSA' ? { kty: 'RSA', n: jwk.n, e: jwk.e } : { kty: 'OKP', crv: 'Ed25519', x: jwk.x };

/** The default key id: a URL that dereferences to the key (Open Badges 3.0 §8.2.2), by its RFC 7638 thumbprint. */
export async function defaultKid(appOrigin: string, jwk: PublicJwk): Promise<string> {
  return `${appOrigin}/.well-known/jwks.json#${await calculateJwkThumbprint(publicPart(jwk))}`;
}

function published(jwk: PublicJwk, kid: string): PublishedJwk {
  return jwk.kty === 'RSA'
    ? { kty: 'RSA', n: jwk.n, e: jwk.e, kid, alg: 'RS256', use: 'sig' }
    : { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid, alg: 'EdDSA', use: 'sig' };
}

/**
 * The keys of this server, made once at boot. Production signs with CREDENTIAL_SIGNING_KEY
 * and CREDENTIAL_RSA_SIGNING_KEY (env.ts refuses to start without them); development and
 * tests use keys generated on first start and kept in the database, the same ones for every
 * server sharing it.
 */
export async function loadSigningKeys(
  env: Pick<Env, 'credentials' | 'appOrigin' | 'isProduction'>,
  db: Kysely<Database>,
): Promise<SigningKeys> {
  const fromEnvironment: PublishedJwk[] = [];
  for (const [i, key] of env.credentials.previousPublicKeys.entries()) {
    try {
      await importJWK(publicPart(key), algorithmOf(key));
    } catch {
      throw new EnvError([`CREDENTIAL_PREVIOUS_PUBLIC_KEYS: key ${i + 1} is not a valid public key`]);
    }
    fromEnvironment.push(published(key, key.kid ?? (await defaultKid(env.appOrigin, key))));
  }

  const configuredKeys: Record<SigningAlgorithm, PrivateJwk | null> = {
    RS256: env.credentials.rsaSigningKey,
    EdDSA: env.credentials.signingKey,
  };
  const signers = {} as Record<SigningAlgorithm, Signer>;
  // Reversed because each is put first: the key set lists the RS256 key, then the EdDSA key.
  for (const alg of [...SIGNING_ALGORITHMS].reverse()) {
    const configured = configuredKeys[alg];
    if (configured) {
      const kid = configured.kid ?? (await defaultKid(env.appOrigin, configured));
      signers[alg] = { alg, kid, privateKey: await importPrivate(configured, 'environment'), source: 'environment' };
      fromEnvironment.unshift(published(configured, kid));
    } else {
      const row = await databaseKey(db, env.appOrigin, alg);
      const privateKey = await importPrivate(JSON.parse(row.private_jwk!) as PrivateJwk, 'database');
      signers[alg] = { alg, kid: row.kid, privateKey, source: 'database' };
    }
  }
  checkDistinctKids(fromEnvironment);
  // A key listed twice (the signing key also among the previous ones, as during a
  // rotation) is published once: verifiers refuse a key set where two keys match a kid.
  const publishedKeys = fromEnvironment.filter((key, i) => fromEnvironment.findIndex((k) => k.kid === key.kid) === i);

  return {
    signers,
    async jwks() {
      // Keys a database generated are development keys: whoever reads a backup can sign
      // with them, so production never publishes them.
      if (env.isProduction) return { keys: publishedKeys };
      const rows = await db
        .selectFrom('credential_signing_key')
        .select(['kid', 'public_jwk'])
        .orderBy('created_at', 'desc')
        .orderBy('kid')
        .execute();
      const known = new Set(publishedKeys.map((key) => key.kid));
      const stored = rows.filter((row) => !known.has(row.kid)).map((row) => JSON.parse(row.public_jwk) as PublishedJwk);
      return { keys: [...publishedKeys, ...stored] };
    },
  };
}

/**
 * The private key, once a test signature made with it verifies with its public part: an
 * RSA key whose parts were pasted from two keys imports without complaint, then signs
 * credentials nobody can verify.
 */
async function importPrivate(jwk: PrivateJwk, source: Signer['source']): Promise<CryptoKey> {
  const alg = algorithmOf(jwk);
  const { kid: _kid, ...key } = jwk;
  try {
    const privateKey = (await importJWK(key, alg)) as CryptoKey;
    const probe = await new CompactSign(new TextEncoder().encode('probe')).setProtectedHeader({ alg }).sign(privateKey);
    await compactVerify(probe, await importJWK(publicPart(jwk), alg));
    return privateKey;
  } catch {
    if (source === 'database') throw new Error('A credential signing key stored in the database is damaged');
    const name = alg === 'RS256' ? 'CREDENTIAL_RSA_SIGNING_KEY' : 'CREDENTIAL_SIGNING_KEY';
    throw new EnvError([
      `${name}: its private part does not belong to its public part; copy the whole key as \`npm run credential-key -- generate\` printed it`,
    ]);
  }
}

function checkDistinctKids(keys: PublishedJwk[]): void {
  const seen = new Map<string, string>();
  for (const key of keys) {
    const material = JSON.stringify(publicPart(key));
    const other = seen.get(key.kid);
    if (other !== undefined && other !== material) {
      throw new EnvError([`CREDENTIAL_PREVIOUS_PUBLIC_KEYS: two different keys have the kid "${key.kid}"`]);
    }
    seen.set(key.kid, material);
  }
}

/**
 * The database's signing key for `alg`, generated by whichever server asks first. Several
 * servers starting together each generate one, but the unique (alg, active_slot) lets one
 * insert win; the others' inserts do nothing and every server then reads the winner.
 */
async function databaseKey(db: Kysely<Database>, appOrigin: string, alg: SigningAlgorithm) {
  const active = () =>
    db
      .selectFrom('credential_signing_key')
      .selectAll()
      .where('alg', '=', alg)
      .where('active_slot', '=', 1)
      .executeTakeFirst();
  const existing = await active();
  if (existing) return existing;
  const generated = await generateSigningKey(appOrigin, alg);
  await db
    .insertInto('credential_signing_key')
    .values({
      kid: generated.publicJwk.kid,
      alg,
      public_jwk: JSON.stringify(generated.publicJwk),
      private_jwk: JSON.stringify(generated.privateJwk),
      active_slot: 1,
      created_at: Date.now(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await active();
  if (!row?.private_jwk) throw new Error(`No ${alg} credential signing key could be stored in the database`);
  return row;
}

/** A fresh key pair for `alg` as JWKs (RSA keys of 2048 bits), the private one with its kid. */
export async function generateSigningKey(
  appOrigin: string,
  alg: SigningAlgorithm,
): Promise<{ privateJwk: PrivateJwk & { kid: string }; publicJwk: PublishedJwk }> {
  const { privateKey } =
    alg === 'RS256'
      ? await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
      : await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const exported = await exportJWK(privateKey);
  const key: PrivateJwk =
    alg === 'RS256'
      ? {
          kty: 'RSA',
          n: exported.n!,
          e: exported.e!,
          d: exported.d!,
          p: exported.p!,
          q: exported.q!,
          dp: exported.dp!,
          dq: exported.dq!,
          qi: exported.qi!,
        }
      : { kty: 'OKP', crv: 'Ed25519', x: exported.x!, d: exported.d! };
  const kid = await defaultKid(appOrigin, key);
  return { privateJwk: { ...key, kid }, publicJwk: published(key, kid) };
}

/**
 * Retires the database's signing keys (npm run credential-key -- rotate): they stay
 * published, so what they signed still verifies; the next server to start generates new
 * ones. Returns the retired keys' ids.
 */
export async function retireDatabaseKeys(db: Kysely<Database>, now = Date.now()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('credential_signing_key')
      .select('kid')
      .where('active_slot', '=', 1)
      .orderBy('alg')
      .execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable('credential_signing_key')
      .set({ active_slot: null, retired_at: now })
      .where('active_slot', '=', 1)
      .execute();
    return rows.map((row) => row.kid);
  });
}
