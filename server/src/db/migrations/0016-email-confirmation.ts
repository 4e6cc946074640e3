import type { Kysely } from 'kysely';

/**
 * Confirming the address given at sign-up (issue 39, docs/decisions/0033). The welcome
 * email carries a single-use link made when it is sent; only its SHA-256 is stored, like a
 * reset link's. Accounts made before this migration count as unconfirmed until they use a
 * link (nothing depends on it yet but the account page's note).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('email_confirmed_at', 'bigint').execute();
  await db.schema
    .createTable('email_confirmation')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_ref', 'text', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_confirmation').execute();
  await db.schema.alterTable('app_user').dropColumn('email_confirmed_at').execute();
}
