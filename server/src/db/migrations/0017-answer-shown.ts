import type { Kysely } from 'kysely';

/**
 * A wrong first answer no longer reveals the right one (issue 40): the key is shown after a
 * second wrong try, a right answer, or when the learner asks ("Show answer"), which this
 * column records. The first answer still counts as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('question_attempt')
    .addColumn('answer_shown', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('question_attempt').dropColumn('answer_shown').execute();
}
