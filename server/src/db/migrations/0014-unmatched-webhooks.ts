import type { Kysely } from 'kysely';

/**
 * What became of each webhook event (issue 39): `processed`, `ignored` (an event we do
 * not act on) or `unmatched` (correctly signed, about a payment that is not one of ours
 * or that the gateway does not know). Unmatched events are answered 200, so Razorpay
 * stops retrying, and stay here for whoever looks into them. Null for older rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_event').addColumn('outcome', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_event').dropColumn('outcome').execute();
}
