import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Issued once per (learner, module) and once for the full course ("FULL").
  await db.schema
    .createTable('certificate')
    .addColumn('certificate_id', 'text', (col) => col.primaryKey())
    .addColumn('user_ref', 'text', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('holder_name', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('certificate_user_scope_unique', ['user_ref', 'scope'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certificate').execute();
}
