import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/** Entries per status list: the minimum of W3C Bitstring Status List v1.0 (16 KB of bits). */
const LIST_SIZE = 131_072;

/**
 * Signed credentials (issue 17, docs/decisions/0011): the signing keys a development or
 * test server makes for itself, one revocation status entry per issued credential, and on
 * each certificate what its Open Badges credential needs to be signed the same way every
 * time (its status entry, the time this version was issued, the salt of the email hash and
 * the subject's id). Certificates issued before this migration get theirs here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Production keys come from the environment and are never stored. Without one, a server
  // generates a key and keeps it here; `active_slot` is 1 for the key that signs and NULL
  // once retired, and its unique constraint lets only one of several servers starting
  // together insert theirs (insert-if-absent), the others then read and use that one.
  await db.schema
    .createTable('credential_signing_key')
    .addColumn('kid', 'text', (col) => col.primaryKey())
    .addColumn('public_jwk', 'text', (col) => col.notNull())
    .addColumn('private_jwk', 'text')
    .addColumn('active_slot', 'integer', (col) => col.unique().check(sql`active_slot = 1`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('retired_at', 'bigint')
    .execute();

  // One row per credential version: its place in a status list. Rows are never deleted,
  // and deliberately not tied to the certificate by a foreign key: a bit once set for a
  // revocation must stay set (the status list treats an entry without its certificate as
  // revoked). `superseded_at` is set when a revoked certificate is reinstated under a new
  // entry: revocation is not reversible, so the old credential stays revoked.
  await db.schema
    .createTable('credential_status_entry')
    .addColumn('list_number', 'integer', (col) => col.notNull())
    .addColumn('list_index', 'integer', (col) => col.notNull())
    .addColumn('certificate_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('superseded_at', 'bigint')
    .addPrimaryKeyConstraint('credential_status_entry_pk', ['list_number', 'list_index'])
    .execute();
  await db.schema
    .createIndex('credential_status_entry_certificate_idx')
    .on('credential_status_entry')
    .column('certificate_id')
    .execute();

  for (const [column, type] of [
    ['status_list', 'integer'],
    ['status_index', 'integer'],
    ['credential_issued_at', 'bigint'],
    ['identity_salt', 'text'],
    ['subject_id', 'text'],
  ] as const) {
    await db.schema.alterTable('certificate').addColumn(column, type).execute();
  }

  // Certificates issued so far: a random free place in list 1, issued when completed.
  const existing = await sql<{
    certificate_id: string;
    completed_at: number | string;
  }>`select certificate_id, completed_at from certificate order by completed_at, certificate_id`.execute(db);
  const taken = new Set<number>();
  for (const { certificate_id, completed_at } of existing.rows) {
    let index = randomInt(LIST_SIZE);
    while (taken.has(index)) index = randomInt(LIST_SIZE);
    taken.add(index);
    const completedAt = Number(completed_at);
    await sql`insert into credential_status_entry (list_number, list_index, certificate_id, created_at)
      values (1, ${index}, ${certificate_id}, ${completedAt})`.execute(db);
    await sql`update certificate set status_list = 1, status_index = ${index}, credential_issued_at = ${completedAt},
      identity_salt = ${randomBytes(16).toString('hex')}, subject_id = ${`urn:uuid:${randomUUID()}`}
      where certificate_id = ${certificate_id}`.execute(db);
  }
  await db.schema
    .createIndex('certificate_status_entry_idx')
    .on('certificate')
    .columns(['status_list', 'status_index'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('certificate_status_entry_idx').execute();
  for (const column of ['subject_id', 'identity_salt', 'credential_issued_at', 'status_index', 'status_list']) {
    await db.schema.alterTable('certificate').dropColumn(column).execute();
  }
  await db.schema.dropTable('credential_status_entry').execute();
  await db.schema.dropTable('credential_signing_key').execute();
}
