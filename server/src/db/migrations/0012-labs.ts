import { sql, type Kysely } from 'kysely';

/**
 * Hands-on labs (issue 36, docs/decisions/0032): one row per learner and lab, created
 * when they first start it. A solve is recorded once (`solved_at` is only ever set from
 * null), with whether the write-up had been opened before it. The lab instances themselves
 * live nowhere here: their state travels in the learner's signed lab token and cookie.
 * `show_evidence` is the learner's choice to show labs solved and knowledge-check scores on
 * `/verify` and the certificate screen (off until they turn it on).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lab_progress')
    .addColumn('user_ref', 'text', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('lab_id', 'text', (col) => col.notNull())
    .addColumn('first_started_at', 'bigint', (col) => col.notNull())
    .addColumn('last_started_at', 'bigint', (col) => col.notNull())
    .addColumn('hints_shown', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('writeup_viewed_at', 'bigint')
    .addColumn('solved_at', 'bigint')
    .addColumn('solved_with_writeup', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`solved_with_writeup IN (0, 1)`),
    )
    .addPrimaryKeyConstraint('lab_progress_pk', ['user_ref', 'lab_id'])
    .execute();
  await db.schema
    .alterTable('app_user')
    .addColumn('show_evidence', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('show_evidence').execute();
  await db.schema.dropTable('lab_progress').execute();
}
