import { sql, type Kysely } from 'kysely';

/**
 * Accounts and email (issue 12): the mail queue, password-reset tokens, receipt numbers,
 * the gateway's payment method on each payment, revocable certificates and deleted
 * (anonymised) accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per message. Rendering happens when it is sent, from `kind` and `data`.
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('user_ref', 'text', (col) => col.references('app_user.id').onDelete('set null'))
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('subject', 'text')
    // pending → sent, or failed after the last retry
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_user_idx').on('mail_outbox').column('user_ref').execute();

  // Only the SHA-256 of a reset token is kept; the token itself lives in the email.
  await db.schema
    .createTable('password_reset')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_ref', 'text', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('password_reset_user_idx').on('password_reset').column('user_ref').execute();

  // Receipt numbers run 1, 2, 3… for the seller: one counter row, bumped in the
  // transaction that records the payment (so a rolled-back payment leaves no gap).
  await db.schema
    .createTable('receipt_sequence')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('payment').addColumn('receipt_number', 'integer').execute();
  await db.schema.alterTable('payment').addColumn('method', 'text').execute();
  await db.schema.createIndex('payment_receipt_number_idx').on('payment').column('receipt_number').unique().execute();
  // Payments recorded before receipts existed get numbers in the order they were made.
  const earlier = await sql<{
    payment_id: string;
  }>`select payment_id from payment order by captured_at, payment_id`.execute(db);
  let number = 0;
  for (const { payment_id } of earlier.rows) {
    number += 1;
    await sql`update payment set receipt_number = ${number} where payment_id = ${payment_id}`.execute(db);
  }
  await sql`insert into receipt_sequence (id, last_number) values (1, ${number})`.execute(db);

  await db.schema.alterTable('certificate').addColumn('revoked_at', 'bigint').execute();
  await db.schema.alterTable('certificate').addColumn('revoked_reason', 'text').execute();

  // A deleted account keeps an anonymised row, so the payments tax law makes us keep
  // still point at something (docs/decisions/0008).
  await db.schema.alterTable('app_user').addColumn('deleted_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('deleted_at').execute();
  await db.schema.alterTable('certificate').dropColumn('revoked_reason').execute();
  await db.schema.alterTable('certificate').dropColumn('revoked_at').execute();
  await db.schema.dropIndex('payment_receipt_number_idx').execute();
  await db.schema.alterTable('payment').dropColumn('method').execute();
  await db.schema.alterTable('payment').dropColumn('receipt_number').execute();
  await db.schema.dropTable('receipt_sequence').execute();
  await db.schema.dropTable('password_reset').execute();
  await db.schema.dropTable('mail_outbox').execute();
}
