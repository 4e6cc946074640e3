import { setTimeout as pause } from 'node:timers/promises';
import type { BillingDeps } from './billing-deps';
import { recordCapturedPayment } from './captured-payments';
import { GatewayError } from './gateway';
import { markAttempted, WAITING } from './payment-orders';

// For payments nobody told us about (the learner closed the tab, the verify call or the
// webhook failed): asks the gateway about waiting orders, for one learner when they ask
// for their status and for all of them in the periodic sweep (docs/razorpay.md).

/** Orders older than this are left alone by the reconciler (Razorpay expires them anyway). */
export const RECONCILE_WINDOW_MS = 3 * 24 * 3_600_000;

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
