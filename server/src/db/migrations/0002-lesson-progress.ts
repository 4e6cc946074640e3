import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per completed lesson; the primary key makes "complete" an insert-if-absent,
  // so two tabs completing lessons at once never overwrite each other.
  await db.schema
    .createTable('lesson_progress')
    .addColumn('user_ref', 'text', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('module_id', 'text', (col) => col.notNull())
    .addColumn('lesson_slug', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('lesson_progress_pk', ['user_ref', 'module_id', 'lesson_slug'])
    .execute();

  // Written once, when the last lesson of a module is complete.
  await db.schema
    .createTable('module_completion')
    .addColumn('user_ref', 'text', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('module_id', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('module_completion_pk', ['user_ref', 'module_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('module_completion').execute();
  await db.schema.dropTable('lesson_progress').execute();
}
