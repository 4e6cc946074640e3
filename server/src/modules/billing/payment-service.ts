import { randomBytes } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { COURSE_NAME, PRICE_CURRENCY } from '@ehc/common';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { lockLearner } from '../../db/learner-lock';
import type { Database, PaymentOrderTable } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Metrics } from '../../lib/metrics';
import type { Budget } from '../../lib/rate-limits';
import { queueMail } from '../mail/mail-queue';
import type { BusinessSettings } from '../settings/business-settings';
import type { UserRow } from '../users/user-store';
import { GatewayError, type GatewayPayment, type PaymentGateway } from './gateway';
import { nextReceiptNumber, receiptMail } from './receipts';
import { taxInvoiceFor } from './tax-invoice';
import { checkoutSignatureValid } from './signatures';

export interface BillingDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  /** Logger for payment events; in simulated production mode it says so on every line. */
  log: FastifyBaseLogger;
  /** Per-learner budgets for work that costs gateway calls (shared by every server). */
  limits: BillingLimits;
  metrics: Pick<Metrics, 'paymentVerifications' | 'reconcilerRuns' | 'duplicatePayments'>;
  /** The public origin, for links in emails (receipts). */
  appOrigin: string;
  /** The seller's settings in force: the price comes from there. */
  settings: () => Promise<BusinessSettings>;
}

export interface BillingLimits {
  /** New gateway orders per learner. */
  orders: Budget;
  /** Gateway calls made on a learner's behalf while asking about their waiting orders. */
  reconcile: Budget;
}

/** Orders older than this are left alone by the reconciler (Razorpay expires them anyway). */
export const RECONCILE_WINDOW_MS = 3 * 24 * 3_600_000;
/** A learner's unpaid order younger than this is handed out again instead of a new one. */
export const OPEN_ORDER_REUSE_MS = 15 * 60_000;
/** A refund claimed by a server that never finished it is retried after this long. */
export const STALE_REFUND_MS = 10 * 60_000;

const WAITING: PaymentOrderTable['status'][] = ['created', 'attempted'];
const INIT_FAILED = 'Payment initialization failed. Please try again.';

export interface CheckoutOptions {
  mode: 'razorpay' | 'simulated';
  keyId: string;
  orderId: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: { user_id: string; course: string; phone: string };
}

/**
 * What the learner's checkout opens: their still-open order (so two tabs or a second
 * click cannot lead to two charges), or a new gateway order for the course price, stored
 * before the learner sees it.
 */
export async function createPaymentOrder(deps: BillingDeps, user: UserRow): Promise<CheckoutOptions> {
  if (user.payment_status === 1) throw new AppError('VALIDATION_FAILED', 'Your course is already unlocked.');
  const price = (await deps.settings()).pricePaise;
  const open = await findOpenOrder(deps.db, deps.gateway, user.id, price);
  if (open) return checkoutOptions(deps.gateway, user, open.order_id, price);

  if (!(await deps.limits.orders.take(user.id))) throw AppError.rateLimited();
  const receipt = `ehc_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  let order;
  try {
    order = await deps.gateway.createOrder({
      amount: price,
      currency: PRICE_CURRENCY,
      receipt,
      notes: checkoutNotes(user),
    });
  } catch (error) {
    deps.log.error({ err: error }, 'payment order could not be created');
    throw new AppError('GATEWAY_UNAVAILABLE', INIT_FAILED);
  }
  if (order.amount !== price || order.currency !== PRICE_CURRENCY) {
    deps.log.error(
      { orderId: order.id, amount: order.amount, currency: order.currency },
      'gateway order has the wrong price',
    );
    throw new AppError('GATEWAY_UNAVAILABLE', INIT_FAILED);
  }
  const stored = await deps.db.transaction().execute(async (trx) => {
    // A parallel request (another tab) may have stored an order while ours was being
    // made: the learner keeps one open order, and the unused gateway order simply expires.
    await lockLearner(trx, user.id);
    const raced = await findOpenOrder(trx, deps.gateway, user.id, price);
    if (raced) return raced.order_id;
    const now = Date.now();
    await trx
      .insertInto('payment_order')
      .values({
        order_id: order.id,
        user_ref: user.id,
        amount: order.amount,
        currency: order.currency,
        receipt,
        status: 'created',
        gateway: deps.gateway.mode,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return order.id;
  });
  deps.log.info({ event: 'order_created', orderId: stored }, 'payment order created');
  return checkoutOptions(deps.gateway, user, stored, price);
}

function findOpenOrder(
  db: Kysely<Database> | Transaction<Database>,
  gateway: PaymentGateway,
  userRef: string,
  pricePaise: number,
) {
  return db
    .selectFrom('payment_order')
    .select('order_id')
    .where('user_ref', '=', userRef)
    .where('status', 'in', WAITING)
    .where('gateway', '=', gateway.mode)
    .where('amount', '=', pricePaise)
    .where('currency', '=', PRICE_CURRENCY)
    .where('created_at', '>', Date.now() - OPEN_ORDER_REUSE_MS)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

function checkoutNotes(user: UserRow): CheckoutOptions['notes'] {
  return { user_id: user.user_id, course: COURSE_NAME, phone: user.phone };
}

function checkoutOptions(gateway: PaymentGateway, user: UserRow, orderId: string, pricePaise: number): CheckoutOptions {
  return {
    mode: gateway.mode,
    keyId: gateway.keyId,
    orderId,
    amount: pricePaise,
    currency: PRICE_CURRENCY,
    name: COURSE_NAME,
    description: 'Lifetime access to all seven modules',
    prefill: { name: user.full_name, email: user.user_id, contact: user.phone },
    notes: checkoutNotes(user),
  };
}

export interface VerifyInput {
  paymentId: string;
  orderId: string;
  signature: string;
}

export type VerifyOutcome = 'paid' | 'pending';

/**
 * Checks a checkout result and, when the money is really there, unlocks the course.
 * The order must be one we stored for this learner; the signature is checked against
 * that stored order id; the payment is fetched from the gateway and must be captured
 * for that order at the course price. Repeating it is harmless.
 */
export async function verifyPayment(deps: BillingDeps, user: UserRow, input: VerifyInput): Promise<VerifyOutcome> {
  try {
    const outcome = await checkAndRecord(deps, user, input);
    deps.metrics.paymentVerifications.inc({ outcome });
    return outcome;
  } catch (error) {
    const gatewayDown = error instanceof AppError && error.code === 'GATEWAY_UNAVAILABLE';
    deps.metrics.paymentVerifications.inc({ outcome: gatewayDown ? 'gateway_error' : 'refused' });
    throw error;
  }
}

async function checkAndRecord(deps: BillingDeps, user: UserRow, input: VerifyInput): Promise<VerifyOutcome> {
  const refused = (why: string, details: Record<string, unknown>, message = 'This payment could not be verified.') => {
    deps.log.warn({ event: 'verify_refused', ...details }, why);
    return new AppError('PAYMENT_NOT_VERIFIED', message);
  };
  const order = await deps.db
    .selectFrom('payment_order')
    .selectAll()
    .where('order_id', '=', input.orderId)
    .where('user_ref', '=', user.id)
    .executeTakeFirst();
  if (!order) throw refused('verify for an order this learner does not own', { orderId: input.orderId });
  // A forged or garbled signature says nothing about the learner's payments, so it costs
  // no gateway call; a learner who really paid is found by the webhook or the sweep.
  if (!checkoutSignatureValid(deps.gateway.keySecret, order.order_id, input.paymentId, input.signature)) {
    throw refused('checkout signature does not match', { orderId: order.order_id });
  }
  if (order.status === 'paid') return 'paid';
  if (order.status === 'refunded') {
    throw refused('order was refunded', { orderId: order.order_id }, 'This payment was refunded.');
  }

  let payment: GatewayPayment;
  try {
    payment = await deps.gateway.fetchPayment(input.paymentId);
  } catch (error) {
    deps.log.error({ err: error, orderId: order.order_id }, 'payment could not be fetched for verification');
    throw new AppError('GATEWAY_UNAVAILABLE', 'This payment could not be verified.');
  }
  if (payment.order_id !== order.order_id || payment.amount !== order.amount || payment.currency !== order.currency) {
    throw refused('payment does not match the order', { orderId: order.order_id, paymentId: payment.id });
  }
  // Authorized but not yet captured: auto-capture will finish it; webhook or reconciler grant then.
  if (payment.status === 'authorized') return 'pending';
  if (payment.status !== 'captured') {
    throw refused('payment is not captured', { orderId: order.order_id, status: payment.status });
  }
  await recordCapturedPayment(deps, order.order_id, payment);
  return 'paid';
}

/** What recording a payment did: unlocked the course, found it already recorded, kept it for refund, or refused it. */
export type RecordOutcome = 'granted' | 'recorded' | 'duplicate' | 'refused';

/**
 * Records a captured payment for a stored order and unlocks the course, in one
 * transaction that holds the learner's lock. Idempotent: five deliveries of the same news
 * make one payment and one grant. A second captured payment for a learner who has
 * already paid (two checkouts, both paid) is kept as a duplicate and refunded.
 */
export async function recordCapturedPayment(
  deps: BillingDeps,
  orderId: string,
  payment: GatewayPayment,
): Promise<RecordOutcome> {
  // Read before the transaction: on SQLite it holds the only connection, and the settings
  // read would wait for it forever.
  const sale = await saleContext(deps);
  const outcome = await deps.db.transaction().execute((trx) => recordCapturedPaymentIn(trx, sale, orderId, payment));
  if (outcome === 'granted') {
    deps.log.info({ event: 'payment_captured', orderId, paymentId: payment.id }, 'payment recorded; course unlocked');
  } else if (outcome === 'duplicate') {
    deps.log.warn(
      { event: 'duplicate_payment', orderId, paymentId: payment.id },
      'second payment from a learner who had already paid; refunding it',
    );
    await refundDuplicatePayment(deps, payment.id);
  }
  return outcome;
}

/** What recording a sale needs besides the payment: links for the receipt, the GSTIN in force. */
export interface SaleContext {
  appOrigin: string;
  gstin: string | null;
}

export async function saleContext(deps: Pick<BillingDeps, 'appOrigin' | 'settings'>): Promise<SaleContext> {
  return { appOrigin: deps.appOrigin, gstin: (await deps.settings()).gstin };
}

/**
 * The recording part of recordCapturedPayment, in the caller's transaction (which it
 * locks to the learner): an admin's payment check records what it finds together with its
 * audit entry. The caller refunds any 'duplicate' once the transaction has committed.
 */
export async function recordCapturedPaymentIn(
  trx: Transaction<Database>,
  { appOrigin, gstin }: SaleContext,
  orderId: string,
  payment: GatewayPayment,
): Promise<RecordOutcome> {
  const owner = await trx
    .selectFrom('payment_order')
    .select('user_ref')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!owner) return 'refused';
  await lockLearner(trx, owner.user_ref);
  const order = await trx
    .selectFrom('payment_order')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (
    payment.status !== 'captured' ||
    payment.order_id !== order.order_id ||
    payment.amount !== order.amount ||
    payment.currency !== order.currency
  ) {
    return 'refused';
  }
  const known = await trx
    .selectFrom('payment')
    .select('payment_id')
    .where('payment_id', '=', payment.id)
    .executeTakeFirst();
  if (known) return 'recorded';

  const now = Date.now();
  const paidBefore = await trx
    .selectFrom('payment')
    .select('payment_id')
    .where((eb) => eb.or([eb('user_ref', '=', order.user_ref), eb('order_id', '=', order.order_id)]))
    .where('status', '=', 'captured')
    .executeTakeFirst();
  if (paidBefore || order.status === 'refunded') {
    await trx
      .insertInto('duplicate_payment')
      .values({
        payment_id: payment.id,
        order_id: order.order_id,
        user_ref: order.user_ref,
        amount: payment.amount,
        currency: payment.currency,
        status: 'pending',
        refund_id: null,
        attempts: 0,
        captured_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .execute();
    return 'duplicate';
  }
  const receiptNumber = await nextReceiptNumber(trx);
  const buyer = await trx
    .selectFrom('app_user')
    .select(['user_id', 'full_name', 'state_code'])
    .where('id', '=', order.user_ref)
    .executeTakeFirstOrThrow();
  const invoice = taxInvoiceFor(payment.amount, gstin, buyer.state_code);
  await trx
    .insertInto('payment')
    .values({
      payment_id: payment.id,
      order_id: order.order_id,
      user_ref: order.user_ref,
      amount: payment.amount,
      currency: payment.currency,
      status: 'captured',
      captured_at: now,
      refunded_at: null,
      receipt_number: receiptNumber,
      method: payment.method,
      tax_invoice: invoice ? JSON.stringify(invoice) : null,
    })
    .execute();
  await trx
    .updateTable('payment_order')
    .set({ status: 'paid', updated_at: now })
    .where('order_id', '=', order.order_id)
    .execute();
  await trx.updateTable('app_user').set({ payment_status: 1 }).where('id', '=', order.user_ref).execute();
  // The receipt commits with the payment it records: neither exists without the other.
  await queueMail(
    trx,
    receiptMail(appOrigin, buyer, order.user_ref, {
      receiptNumber,
      amount: payment.amount,
      capturedAt: now,
      paymentId: payment.id,
      method: payment.method,
      invoice,
    }),
  );
  return 'granted';
}

/**
 * Gives a duplicate payment's money back, at most once whoever asks: a server claims the
 * row (pending → refunding) before calling the gateway, checks the gateway has not already
 * refunded it (a server that claimed it earlier may have died mid-way), and a failure
 * puts the row back to pending for the maintenance job to retry.
 */
export async function refundDuplicatePayment(deps: BillingDeps, paymentId: string): Promise<void> {
  const now = Date.now();
  const claimed = await deps.db
    .updateTable('duplicate_payment')
    .set({ status: 'refunding', updated_at: now, attempts: sql<number>`attempts + 1` })
    .where('payment_id', '=', paymentId)
    .where(awaitingRefund(now))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  const row = await deps.db
    .selectFrom('duplicate_payment')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  try {
    const current = await deps.gateway.fetchPayment(paymentId);
    const left = row.amount - current.amount_refunded;
    const refund =
      left > 0
        ? await deps.gateway.refundPayment(paymentId, left, { reason: 'duplicate payment', order_id: row.order_id })
        : null;
    await deps.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('duplicate_payment')
        .set({ status: 'refunded', refund_id: refund?.id ?? row.refund_id, updated_at: Date.now() })
        .where('payment_id', '=', paymentId)
        .where('status', '=', 'refunding')
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) > 0) await queueRefundMail(trx, row.user_ref, paymentId, row.amount, false);
    });
    deps.log.info({ event: 'duplicate_refunded', paymentId, refundId: refund?.id }, 'duplicate payment refunded');
    deps.metrics.duplicatePayments.inc({ result: 'refunded' });
  } catch (error) {
    deps.metrics.duplicatePayments.inc({ result: 'refund_failed' });
    await deps.db
      .updateTable('duplicate_payment')
      .set({ status: 'pending', updated_at: Date.now() })
      .where('payment_id', '=', paymentId)
      .where('status', '=', 'refunding')
      .execute();
    deps.log.error({ err: error, paymentId }, 'duplicate payment could not be refunded yet; will retry');
  }
}

/** Tells the learner their money is on its way back, and whether the course was locked again. */
export async function queueRefundMail(
  trx: Transaction<Database>,
  userRef: string,
  paymentId: string,
  amountPaise: number,
  accessRevoked: boolean,
): Promise<void> {
  const learner = await trx
    .selectFrom('app_user')
    .select(['user_id', 'full_name', 'deleted_at'])
    .where('id', '=', userRef)
    .executeTakeFirst();
  if (!learner || learner.deleted_at !== null) return;
  await queueMail(trx, {
    kind: 'refund_processed',
    to: learner.user_id,
    userRef,
    data: { fullName: learner.full_name, amountPaise, paymentId, accessRevoked },
  });
}

/** Duplicate payments nobody is refunding: pending, or claimed by a server that gave up mid-way. */
function awaitingRefund(now: number) {
  return (eb: ExpressionBuilder<Database, 'duplicate_payment'>) =>
    eb.or([
      eb('status', '=', 'pending'),
      eb.and([eb('status', '=', 'refunding'), eb('updated_at', '<', now - STALE_REFUND_MS)]),
    ]);
}

/** Retries the refunds of duplicate payments that are pending or whose server gave up mid-way. */
export async function retryDuplicateRefunds(deps: BillingDeps): Promise<void> {
  const rows = await deps.db
    .selectFrom('duplicate_payment')
    .select('payment_id')
    .where(awaitingRefund(Date.now()))
    .orderBy('updated_at')
    .limit(100)
    .execute();
  for (const { payment_id } of rows) await refundDuplicatePayment(deps, payment_id);
}

/**
 * Asks the gateway about one order and records whatever captured payments it reports
 * (a second one becomes a refunded duplicate); a failed attempt marks the order attempted.
 * Returns whether the order is now paid.
 */
async function reconcileOrder(deps: BillingDeps, orderId: string): Promise<boolean> {
  const payments = await deps.gateway.fetchOrderPayments(orderId);
  const captured = payments.filter((p) => p.status === 'captured');
  let granted = false;
  for (const payment of captured) {
    if ((await recordCapturedPayment(deps, orderId, payment)) === 'granted') {
      granted = true;
      deps.log.info({ event: 'reconciled', orderId }, 'reconciler found a captured payment');
    }
  }
  if (captured.length === 0 && payments.some((p) => p.status === 'failed')) await markAttempted(deps.db, orderId);
  return granted;
}

/**
 * For one learner who asks about their status: checks their waiting orders, newest
 * first, spending at most the learner's reconcile budget in gateway calls however many
 * requests or aliased fields ask. Returns how many orders became paid.
 */
export async function reconcileLearner(deps: BillingDeps, userRef: string): Promise<number> {
  const waiting = await deps.db
    .selectFrom('payment_order')
    .select('order_id')
    .where('user_ref', '=', userRef)
    .where('status', 'in', WAITING)
    .where('created_at', '>', Date.now() - RECONCILE_WINDOW_MS)
    .orderBy('created_at', 'desc')
    .limit(5)
    .execute();
  let granted = 0;
  for (const { order_id } of waiting) {
    if (!(await deps.limits.reconcile.take(userRef))) {
      deps.metrics.reconcilerRuns.inc({ scope: 'learner', result: 'skipped' });
      break;
    }
    try {
      if (await reconcileOrder(deps, order_id)) granted += 1;
      deps.metrics.reconcilerRuns.inc({ scope: 'learner', result: 'ok' });
    } catch (error) {
      deps.metrics.reconcilerRuns.inc({ scope: 'learner', result: 'failed' });
      logReconcileFailure(deps, order_id, error);
    }
  }
  return granted;
}

export interface SweepOptions {
  /** Stops the sweep between two orders (the server is shutting down or lost its turn). */
  signal?: AbortSignal;
  /** Gateway calls per second at most, so a backlog never bursts Razorpay's rate limit. */
  callsPerSecond: number;
  batchSize?: number;
}

/**
 * The periodic sweep: walks every waiting order younger than three days, oldest first, in
 * batches read by the (status, created_at, order_id) index, and records any captured
 * payment the gateway reports. Returns how many orders it checked and how many became paid.
 */
export async function sweepWaitingOrders(
  deps: BillingDeps,
  { signal, callsPerSecond, batchSize = 100 }: SweepOptions,
): Promise<{ checked: number; granted: number }> {
  const gapMs = 1000 / callsPerSecond;
  const since = Date.now() - RECONCILE_WINDOW_MS;
  type Position = { created_at: number; order_id: string };
  let after: Position | null = null;
  let checked = 0;
  let granted = 0;
  for (;;) {
    const cursor: Position | null = after;
    const batch: Position[] = await deps.db
      .selectFrom('payment_order')
      .select(['order_id', 'created_at'])
      .where('status', 'in', WAITING)
      .where('created_at', '>', since)
      .$if(cursor !== null, (q) =>
        q.where((eb) =>
          eb.or([
            eb('created_at', '>', cursor!.created_at),
            eb.and([eb('created_at', '=', cursor!.created_at), eb('order_id', '>', cursor!.order_id)]),
          ]),
        ),
      )
      .orderBy('created_at')
      .orderBy('order_id')
      .limit(batchSize)
      .execute();
    for (const order of batch) {
      if (signal?.aborted) return { checked, granted };
      if (checked > 0) await pause(gapMs, undefined, { signal }).catch(() => undefined);
      if (signal?.aborted) return { checked, granted };
      checked += 1;
      try {
        if (await reconcileOrder(deps, order.order_id)) granted += 1;
      } catch (error) {
        // One unreachable order must not stop the sweep; the next sweep tries again.
        logReconcileFailure(deps, order.order_id, error);
      }
    }
    if (batch.length < batchSize) return { checked, granted };
    after = batch[batch.length - 1]!;
  }
}

function logReconcileFailure(deps: BillingDeps, orderId: string, error: unknown): void {
  const level = error instanceof GatewayError ? 'warn' : 'error';
  deps.log[level]({ err: error, orderId }, 'reconciler could not check an order');
}

/** A payment attempt failed; the order may still be paid by a retry, so only created → attempted. */
export async function markAttempted(db: Kysely<Database>, orderId: string): Promise<void> {
  await db
    .updateTable('payment_order')
    .set({ status: 'attempted', updated_at: Date.now() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
}
