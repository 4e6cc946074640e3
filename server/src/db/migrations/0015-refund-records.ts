import { sql, type Kysely } from 'kysely';

/**
 * Refunds as records of their own (issue 39). Each refund the gateway made is one
 * `payment_refund` row, keyed by the gateway's refund id, so partial refunds add up (access
 * goes when they reach the amount, whichever path records them), sales and the tax
 * register count them, and a refunded tax invoice gets a credit note numbered in its own
 * series. `refund_claimed_until` lets one admin refund of a payment run at a time, without
 * holding a lock across the gateway call. Refunds recorded before this migration (always
 * full) become one row each; credit notes are numbered for them in the order they happened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_refund')
    .addColumn('refund_id', 'text', (col) => col.primaryKey())
    .addColumn('payment_id', 'text', (col) => col.notNull().references('payment.payment_id'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('refunded_at', 'bigint', (col) => col.notNull())
    // Set when the payment had a tax invoice: the credit note that reverses (part of) it.
    .addColumn('credit_note_number', 'integer', (col) => col.unique())
    .execute();
  await db.schema.createIndex('payment_refund_payment_idx').on('payment_refund').column('payment_id').execute();
  await db.schema
    .createTable('credit_note_sequence')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('payment').addColumn('refund_claimed_until', 'bigint').execute();

  const refunded = await sql<{
    payment_id: string;
    amount: number;
    refunded_at: number | string;
    tax_invoice: string | null;
  }>`select payment_id, amount, refunded_at, tax_invoice from payment
     where status = 'refunded' order by refunded_at, payment_id`.execute(db);
  let creditNotes = 0;
  for (const row of refunded.rows) {
    const creditNote = row.tax_invoice ? (creditNotes += 1) : null;
    await sql`insert into payment_refund (refund_id, payment_id, amount, refunded_at, credit_note_number)
      values (${`recorded-before-0015-${row.payment_id}`}, ${row.payment_id}, ${row.amount},
              ${Number(row.refunded_at)}, ${creditNote})`.execute(db);
  }
  await sql`insert into credit_note_sequence (id, last_number) values (1, ${creditNotes})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment').dropColumn('refund_claimed_until').execute();
  await db.schema.dropTable('credit_note_sequence').execute();
  await db.schema.dropTable('payment_refund').execute();
}
