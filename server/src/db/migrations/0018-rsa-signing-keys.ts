import { sql, type Kysely } from 'kysely';

/**
 * Credentials are also signed with RS256 (docs/decisions/0035), so a database keeps one
 * active key per algorithm: `alg` is added and the unique active slot becomes unique per
 * algorithm. SQLite cannot change a table's constraints in place, so the table is rebuilt
 * the same way on both databases; every key so far is an Ed25519 (EdDSA) key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyTable(db, 'credential_signing_key_next', true);
  await sql`INSERT INTO credential_signing_key_next (kid, alg, public_jwk, private_jwk, active_slot, created_at, retired_at)
    SELECT kid, 'EdDSA', public_jwk, private_jwk, active_slot, created_at, retired_at FROM credential_signing_key`.execute(
    db,
  );
  await db.schema.dropTable('credential_signing_key').execute();
  await db.schema.alterTable('credential_signing_key_next').renameTo('credential_signing_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createKeyTable(db, 'credential_signing_key_previous', false);
  await sql`INSERT INTO credential_signing_key_previous (kid, public_jwk, private_jwk, active_slot, created_at, retired_at)
    SELECT kid, public_jwk, private_jwk, active_slot, created_at, retired_at FROM credential_signing_key WHERE alg = 'EdDSA'`.execute(
    db,
  );
  await db.schema.dropTable('credential_signing_key').execute();
  await db.schema.alterTable('credential_signing_key_previous').renameTo('credential_signing_key').execute();
}

async function createKeyTable(db: Kysely<unknown>, name: string, withAlgorithm: boolean): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('kid', 'text', (col) => col.primaryKey())
    .$call((table) =>
      withAlgorithm
        ? table.addColumn('alg', 'text', (col) => col.notNull().check(sql`alg IN ('EdDSA', 'RS256')`))
        : table,
    )
    .addColumn('public_jwk', 'text', (col) => col.notNull())
    .addColumn('private_jwk', 'text')
    .addColumn('active_slot', 'integer', (col) => (withAlgorithm ? col : col.unique()).check(sql`active_slot = 1`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('retired_at', 'bigint')
    .$call((table) =>
      withAlgorithm ? table.addUniqueConstraint(`${name}_one_active_per_alg`, ['alg' as never, 'active_slot']) : table,
    )
    .execute();
}
