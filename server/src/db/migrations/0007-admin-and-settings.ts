import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The seller's side (issue 13): an admin role on accounts, an append-only audit log of
 * what admins did and why, and the business settings edited in the console.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Set from the command line (npm run admin), never through the learner API.
  await db.schema
    .alterTable('app_user')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('learner'))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('at', 'bigint', (col) => col.notNull())
    // Who acted: an admin account, or "cli" for the command line. Plain text, not a
    // foreign key: the log outlives any account it mentions.
    .addColumn('actor_ref', 'text', (col) => col.notNull())
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_user_ref', 'text')
    .addColumn('target', 'text')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_user_ref', 'at']).execute();

  // Append-only in the database itself, whatever code runs against it.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function audit_log_is_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_is_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }

  // One row: the seller's settings as JSON, validated by the server on every write.
  await db.schema
    .createTable('business_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('business_settings').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
    await sql`drop function audit_log_is_append_only()`.execute(db);
  }
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('app_user').dropColumn('role').execute();
}
