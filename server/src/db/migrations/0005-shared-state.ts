import type { Kysely } from 'kysely';

/**
 * State that several app servers must share (docs/decisions/0006): rate-limit counters,
 * the turn of each periodic job, the simulated gateway's orders and payments, and
 * duplicate payments waiting for their refund. Plus the indexes the reconciler and the
 * clean-up job read by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The table shape rate-limiter-flexible's PostgreSQL store expects. Created here rather
  // than by the library at boot, where two servers starting together race to create it.
  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  await db.schema.createIndex('rate_limit_expire_idx').on('rate_limit').column('expire').execute();

  // One row per periodic job: when it is next due and which server holds its lease.
  await db.schema
    .createTable('job_schedule')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('next_run_at', 'bigint', (col) => col.notNull())
    .addColumn('lease_holder', 'text')
    .addColumn('lease_expires_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('runs', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  // A captured payment for a learner who had already paid: money to give back.
  await db.schema
    .createTable('duplicate_payment')
    .addColumn('payment_id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('payment_order.order_id'))
    .addColumn('user_ref', 'text', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    // pending → refunding (a server is asking the gateway) → refunded
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('refund_id', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('captured_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('duplicate_payment_status_idx')
    .on('duplicate_payment')
    .columns(['status', 'updated_at'])
    .execute();

  // The simulated gateway's own books, so any server can verify what another one sold.
  await db.schema
    .createTable('simulated_gateway_secret')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('key_secret', 'text', (col) => col.notNull())
    .addColumn('webhook_secret', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('simulated_gateway_order')
    .addColumn('order_id', 'text', (col) => col.primaryKey())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('receipt', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('notes', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('simulated_gateway_payment')
    .addColumn('payment_id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('amount_refunded', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('simulated_gateway_payment_order_idx')
    .on('simulated_gateway_payment')
    .column('order_id')
    .execute();

  // The reconciler walks waiting orders oldest first; refunds and "already paid?" look up
  // a learner's payments; clean-up deletes by age.
  await db.schema
    .createIndex('payment_order_waiting_idx')
    .on('payment_order')
    .columns(['status', 'created_at', 'order_id'])
    .execute();
  await db.schema.createIndex('payment_user_ref_idx').on('payment').column('user_ref').execute();
  await db.schema.createIndex('webhook_event_received_idx').on('webhook_event').column('received_at').execute();
  await db.schema.createIndex('user_session_expires_idx').on('user_session').column('expires_at').execute();
  await db.schema.createIndex('user_session_last_seen_idx').on('user_session').column('last_seen_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'user_session_last_seen_idx',
    'user_session_expires_idx',
    'webhook_event_received_idx',
    'payment_user_ref_idx',
    'payment_order_waiting_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const table of [
    'simulated_gateway_payment',
    'simulated_gateway_order',
    'simulated_gateway_secret',
    'duplicate_payment',
    'job_schedule',
    'rate_limit',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
