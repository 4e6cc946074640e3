import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per checkout attempt, written before the learner sees the checkout.
  await db.schema
    .createTable('payment_order')
    .addColumn('order_id', 'text', (col) => col.primaryKey())
    .addColumn('user_ref', 'text', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('receipt', 'text', (col) => col.notNull().unique())
    // created → attempted (a payment failed) → paid → refunded; never back from paid.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_order_user_idx').on('payment_order').columns(['user_ref', 'status']).execute();

  // One row per captured payment; the unique order_id means one payment grants one order.
  await db.schema
    .createTable('payment')
    .addColumn('payment_id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().unique().references('payment_order.order_id'))
    .addColumn('user_ref', 'text', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('captured_at', 'bigint', (col) => col.notNull())
    .addColumn('refunded_at', 'bigint')
    .execute();

  // Webhook deliveries already handled, by Razorpay's x-razorpay-event-id.
  await db.schema
    .createTable('webhook_event')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_event').execute();
  await db.schema.dropTable('payment').execute();
  await db.schema.dropTable('payment_order').execute();
}
