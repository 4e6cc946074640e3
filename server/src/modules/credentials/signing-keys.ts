import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Ed25519PrivateJwk, Ed25519PublicJwk } from '../../lib/credential-key-env';
import { EnvError, type Env } from '../../lib/env';

/** A public key as /.well-known/jwks.json publishes it. */
export interface PublishedJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface SigningKeys {
  /** The id of the key that signs (the `kid` of every new credential's header). */
  kid: string;
  privateKey: CryptoKey;
  /** Where the signing key came from: the environment (production) or this database. */
  source: 'environment' | 'database';
  /**
   * Every key that verifies our credentials: the signing key, the previous keys the
   * environment lists, and (outside production) every key this database generated,
   * retired ones included. Read on each call: another server may have made a new key.
   */
  jwks(): Promise<{ keys: PublishedJwk[] }>;
}

export const SIGNING_ALGORITHM = 'EdDSA';

/** The default key id: a URL that dereferences to the key (Open Badges 3.0 §8.2.2), by its RFC 7638 thumbprint. */
export async function defaultKid(appOrigin: string, jwk: Ed25519PublicJwk): Promise<string> {
  const thumbprint = await calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x });
  return `${appOrigin}/.well-known/jwks.json#${thumbprint}`;
}

function published(jwk: Ed25519PublicJwk, kid: string): PublishedJwk {
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid, alg: 'EdDSA', use: 'sig' };
}

/**
 * The keys of this server, made once at boot. Production signs with CREDENTIAL_SIGNING_KEY
 * (env.ts refuses to start without it); development and tests use a key generated on first
 * start and kept in the database, the same one for every server sharing it.
 */
export async function loadSigningKeys(
  env: Pick<Env, 'credentials' | 'appOrigin' | 'isProduction'>,
  db: Kysely<Database>,
): Promise<SigningKeys> {
  const fromEnvironment: PublishedJwk[] = [];
  for (const [i, key] of env.credentials.previousPublicKeys.entries()) {
    try {
      await importJWK({ kty: key.kty, crv: key.crv, x: key.x }, SIGNING_ALGORITHM);
    } catch {
      throw new EnvError([`CREDENTIAL_PREVIOUS_PUBLIC_KEYS: key ${i + 1} is not a valid Ed25519 public key`]);
    }
    fromEnvironment.push(published(key, key.kid ?? (await defaultKid(env.appOrigin, key))));
  }

  let signing: { kid: string; privateKey: CryptoKey; source: SigningKeys['source'] };
  const configured = env.credentials.signingKey;
  if (configured) {
    const kid = configured.kid ?? (await defaultKid(env.appOrigin, configured));
    signing = { kid, privateKey: await importPrivate(configured, 'environment'), source: 'environment' };
    fromEnvironment.unshift(published(configured, kid));
  } else {
    const row = await databaseKey(db, env.appOrigin);
    signing = {
      kid: row.kid,
      privateKey: await importPrivate(JSON.parse(row.private_jwk!) as Ed25519PrivateJwk, 'database'),
      source: 'database',
    };
  }
  checkDistinctKids(fromEnvironment);
  // A key listed twice (the signing key also among the previous ones, as during a
  // rotation) is published once: verifiers refuse a key set where two keys match a kid.
  const publishedKeys = fromEnvironment.filter((key, i) => fromEnvironment.findIndex((k) => k.kid === key.kid) === i);

  return {
    ...signing,
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

async function importPrivate(jwk: Ed25519PrivateJwk, source: SigningKeys['source']): Promise<CryptoKey> {
  try {
    return (await importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d }, SIGNING_ALGORITHM)) as CryptoKey;
  } catch {
    if (source === 'database') throw new Error('The credential signing key stored in the database is damaged');
    throw new EnvError([
      'CREDENTIAL_SIGNING_KEY: its private part ("d") does not belong to its public part ("x"); copy the whole key as `npm run credential-key -- generate` printed it',
    ]);
  }
}

function checkDistinctKids(keys: PublishedJwk[]): void {
  const seen = new Map<string, string>();
  for (const key of keys) {
    const x = seen.get(key.kid);
    if (x !== undefined && x !== key.x) {
      throw new EnvError([`CREDENTIAL_PREVIOUS_PUBLIC_KEYS: two different keys have the kid "${key.kid}"`]);
    }
    seen.set(key.kid, key.x);
  }
}

/**
 * The database's signing key, generated by whichever server asks first. Several servers
 * starting together each generate one, but the unique `active_slot` lets one insert win;
 * the others' inserts do nothing and every server then reads the winner.
 */
async function databaseKey(db: Kysely<Database>, appOrigin: string) {
  const active = () =>
    db.selectFrom('credential_signing_key').selectAll().where('active_slot', '=', 1).executeTakeFirst();
  const existing = await active();
  if (existing) return existing;
  const generated = await generateSigningKey(appOrigin);
  await db
    .insertInto('credential_signing_key')
    .values({
      kid: generated.publicJwk.kid,
      public_jwk: JSON.stringify(generated.publicJwk),
      private_jwk: JSON.stringify(generated.privateJwk),
      active_slot: 1,
      created_at: Date.now(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await active();
  if (!row?.private_jwk) throw new Error('No credential signing key could be stored in the database');
  return row;
}

/** A fresh Ed25519 key pair as JWKs, the private one with its kid. */
export async function generateSigningKey(
  appOrigin: string,
): Promise<{ privateJwk: Ed25519PrivateJwk & { kid: string }; publicJwk: PublishedJwk }> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const exported = await exportJWK(privateKey);
  const key = { kty: 'OKP' as const, crv: 'Ed25519' as const, x: exported.x!, d: exported.d! };
  const kid = await defaultKid(appOrigin, key);
  return { privateJwk: { ...key, kid }, publicJwk: published(key, kid) };
}

/**
 * Retires the database's signing key (npm run credential-key -- rotate): it stays
 * published, so what it signed still verifies; the next server to start generates a new one.
 * Returns the retired key's id, or null when there was none.
 */
export async function retireDatabaseKey(db: Kysely<Database>, now = Date.now()): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('credential_signing_key')
      .select('kid')
      .where('active_slot', '=', 1)
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .updateTable('credential_signing_key')
      .set({ active_slot: null, retired_at: now })
      .where('kid', '=', row.kid)
      .execute();
    return row.kid;
  });
}
