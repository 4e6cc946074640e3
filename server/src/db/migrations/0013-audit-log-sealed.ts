import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Closes the two ways around migration 0007's append-only triggers (issue 39). On SQLite,
 * `INSERT OR REPLACE` (and `REPLACE INTO`) deletes the old row without firing delete
 * triggers, so an insert that reuses an entry's id is refused before it happens. On
 * PostgreSQL, `TRUNCATE` fires no row trigger, so a statement trigger refuses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_is_append_only()`.execute(db);
    return;
  }
  await sql`create trigger audit_log_no_replace before insert on audit_log
    when exists (select 1 from audit_log where id = new.id)
    begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
    return;
  }
  await sql`drop trigger audit_log_no_replace`.execute(db);
}
