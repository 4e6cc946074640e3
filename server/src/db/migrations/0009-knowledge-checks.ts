import { sql, type Kysely } from 'kysely';

/**
 * Knowledge checks (issue 16): one row per learner and question. The first answer is
 * written once, by the insert that creates the row, and never changed: it is what the
 * certificates count. Later tries only update the `last_*` columns and the count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('question_attempt')
    .addColumn('user_ref', 'text', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('module_id', 'text', (col) => col.notNull())
    // Lessons are identified by slug (as in lesson_progress), so renumbering keeps answers.
    .addColumn('lesson_slug', 'text', (col) => col.notNull())
    .addColumn('question_id', 'text', (col) => col.notNull())
    .addColumn('first_correct', 'integer', (col) => col.notNull().check(sql`first_correct IN (0, 1)`))
    // The answer as given: JSON, {"choices":[…]} or {"text":"…"}.
    .addColumn('first_answer', 'text', (col) => col.notNull())
    .addColumn('first_answered_at', 'bigint', (col) => col.notNull())
    .addColumn('last_correct', 'integer', (col) => col.notNull().check(sql`last_correct IN (0, 1)`))
    .addColumn('last_answer', 'text', (col) => col.notNull())
    .addColumn('last_answered_at', 'bigint', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('question_attempt_pk', ['user_ref', 'module_id', 'lesson_slug', 'question_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('question_attempt').execute();
}
