import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import type { Database } from '../../db/schema';
import { loadEnv } from '../../lib/env';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { generateSigningKey, loadSigningKeys } from './signing-keys';

const ORIGIN = 'https://course.example.com';
let database: TestDatabase;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table as it was before migration 0018
let db: Kysely<any>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(async () => {
  await database.drop();
});

const migrator = () =>
  new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
    migrationLockTableName: 'schema_migration_lock',
  });

describe('migration 0018 (a signing key per algorithm)', () => {
  it('keeps the Ed25519 key a database already signs with, and adds an RS256 key beside it', async () => {
    const down = await migrator().migrateTo('0017-answer-shown');
    expect(down.error).toBeUndefined();
    const existing = await generateSigningKey(ORIGIN, 'EdDSA');
    await db
      .insertInto('credential_signing_key')
      .values({
        kid: existing.publicJwk.kid,
        public_jwk: JSON.stringify(existing.publicJwk),
        private_jwk: JSON.stringify(existing.privateJwk),
        active_slot: 1,
        created_at: 1,
      })
      .execute();

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    const env = loadEnv({ NODE_ENV: 'test', APP_ORIGIN: ORIGIN });
    const keys = await loadSigningKeys(env, db as Kysely<Database>);
    // Credentials signed before the upgrade keep verifying: same key, same kid.
    expect(keys.signers.EdDSA).toMatchObject({ kid: existing.publicJwk.kid, source: 'database' });
    expect(keys.signers.RS256.kid).not.toBe(existing.publicJwk.kid);
    expect((await keys.jwks()).keys.map((k) => [k.alg, k.kid])).toEqual(
      expect.arrayContaining([
        ['EdDSA', existing.publicJwk.kid],
        ['RS256', keys.signers.RS256.kid],
      ]),
    );

    // One active key per algorithm: a second active Ed25519 key is refused.
    const another = await generateSigningKey(ORIGIN, 'EdDSA');
    await expect(
      db
        .insertInto('credential_signing_key')
        .values({
          kid: another.publicJwk.kid,
          alg: 'EdDSA',
          public_jwk: JSON.stringify(another.publicJwk),
          private_jwk: JSON.stringify(another.privateJwk),
          active_slot: 1,
          created_at: 2,
        })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});
