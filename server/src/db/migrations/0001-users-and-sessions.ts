import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_user')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('payment_status', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`payment_status in (0, 1)`),
    )
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('user_session')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_ref', 'text', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema.createIndex('user_session_user_ref_idx').on('user_session').column('user_ref').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_session').execute();
  await db.schema.dropTable('app_user').execute();
}
