import type { Kysely } from 'kysely';

/**
 * Tax invoices (issue 13): the learner's state, for the place of supply, and on each
 * payment the invoice's tax facts as they were when it was paid — a later change of GSTIN
 * or of the learner's state must not rewrite an issued invoice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('state_code', 'text').execute();
  // JSON (modules/billing/tax-invoice.ts), null for payments made while not registered for GST.
  await db.schema.alterTable('payment').addColumn('tax_invoice', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment').dropColumn('tax_invoice').execute();
  await db.schema.alterTable('app_user').dropColumn('state_code').execute();
}
