import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The tables a learner's progress view is built from (progress-service.ts). */
const PROGRESS_TABLES = ['lesson_progress', 'module_completion', 'question_attempt'] as const;

/**
 * A version number on each learner that moves whenever any row of their progress is
 * written, so a server may keep the progress it built and know, from the session lookup
 * every visit makes anyway, whether it is still current (decisions/0022). Kept by
 * triggers, in the same statement as the write, so no code path can forget it and no
 * reader can see the new rows with the old number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('app_user')
    .addColumn('progress_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function bump_progress_version() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update app_user set progress_version = progress_version + 1 where id = old.user_ref;
        end if;
        if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.user_ref <> old.user_ref) then
          update app_user set progress_version = progress_version + 1 where id = new.user_ref;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of PROGRESS_TABLES) {
      await sql`create trigger ${sql.raw(`${table}_bumps_progress_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute function bump_progress_version()`.execute(db);
    }
    return;
  }
  for (const table of PROGRESS_TABLES) {
    const bump = (learners: string) =>
      sql.raw(`update app_user set progress_version = progress_version + 1 where id in (${learners});`);
    await sql`create trigger ${sql.raw(`${table}_insert_bumps_progress_version`)} after insert on ${sql.table(table)}
      begin ${bump('new.user_ref')} end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_update_bumps_progress_version`)} after update on ${sql.table(table)}
      begin ${bump('old.user_ref, new.user_ref')} end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_delete_bumps_progress_version`)} after delete on ${sql.table(table)}
      begin ${bump('old.user_ref')} end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of PROGRESS_TABLES) {
      await sql`drop trigger ${sql.raw(`${table}_bumps_progress_version`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function bump_progress_version()`.execute(db);
  } else {
    for (const table of PROGRESS_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger ${sql.raw(`${table}_${event}_bumps_progress_version`)}`.execute(db);
      }
    }
  }
  await db.schema.alterTable('app_user').dropColumn('progress_version').execute();
}
