import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The app's Prometheus metrics, on a registry of its own: prom-client's global default
 * registry would make two apps in one process (the API tests) collide on metric names.
 * Served by GET /metrics when METRICS_TOKEN is set (http/metrics-route.ts). Label values
 * are always from small fixed sets, or capped where a client chooses them.
 */
export interface Metrics {
  registry: Registry;
  /** Latency by route pattern (e.g. /certificates/:file, never the raw URL); unmatched paths are "not_found". */
  httpRequests: Histogram<'method' | 'route' | 'status_code'>;
  /** GraphQL operations that passed validation and ran; operation = its name or "anonymous", type = query | mutation. */
  graphqlOperations: Counter<'operation' | 'type'>;
  /** GraphQL errors by extensions.code, including requests refused by validation. */
  graphqlErrors: Counter<'operation' | 'code'>;
  /** outcome: paid | pending | refused | gateway_error */
  paymentVerifications: Counter<'outcome'>;
  /** result: processed | duplicate | ignored | rejected | failed */
  webhookEvents: Counter<'event' | 'result'>;
  /** scope: sweep | learner; result: ok | failed | skipped */
  reconcilerRuns: Counter<'scope' | 'result'>;
  /** limit: login_email | login_ip | signup_email | signup_ip | orders | reconcile */
  throttleRefusals: Counter<'limit'>;
  /** result: refunded | refund_failed */
  duplicatePayments: Counter<'result'>;
  /** result: hit | stale | absent (modules/progress/progress-cache.ts) */
  progressCacheLookups: Counter<'result'>;
}

/** What the metrics read from the database at scrape time; DatabaseHandle fits. */
export interface PoolSource {
  poolStats(): { total: number; idle: number; waiting: number } | null;
}

/**
 * Creates the metrics on a fresh registry, with Node's default process metrics. The
 * db_pool_connections gauge exists only for a database with a pool (PostgreSQL); SQLite
 * is one in-process connection, so there is nothing to report and the gauge is left out.
 */
export function createMetrics(database?: PoolSource): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // prom-client adds three gauges with a _total suffix, which Prometheus keeps for counters
  // (promtool check metrics refuses them). The same counts stay available without it:
  // nodejs_active_handles, nodejs_active_requests and nodejs_active_resources, by type.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
    registry.removeSingleMetric(name);
  }
  const registers = [registry];

  if (database && database.poolStats() !== null) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections: total open, idle, and queries waiting for one.',
      labelNames: ['state'] as const,
      registers,
      // Read when scraped, so the value is current rather than sampled on a timer.
      collect() {
        const stats = database.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  return {
    registry,
    httpRequests: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code, with their duration.',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    }),
    graphqlOperations: new Counter({
      name: 'graphql_operations_total',
      help: 'GraphQL operations executed, by operation name and type.',
      labelNames: ['operation', 'type'] as const,
      registers,
    }),
    graphqlErrors: new Counter({
      name: 'graphql_errors_total',
      help: 'GraphQL errors returned, by operation name and error code.',
      labelNames: ['operation', 'code'] as const,
      registers,
    }),
    paymentVerifications: new Counter({
      name: 'payment_verifications_total',
      help: 'Payment verifications by outcome (paid, pending, refused, gateway_error).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    webhookEvents: new Counter({
      name: 'webhook_events_total',
      help: 'Razorpay webhook deliveries by event and result (processed, duplicate, ignored, unmatched, rejected, failed).',
      labelNames: ['event', 'result'] as const,
      registers,
    }),
    reconcilerRuns: new Counter({
      name: 'reconciler_runs_total',
      help: 'Payment reconciliation runs by scope (sweep, learner) and result (ok, failed, skipped).',
      labelNames: ['scope', 'result'] as const,
      registers,
    }),
    throttleRefusals: new Counter({
      name: 'throttle_refusals_total',
      help: 'Requests refused by a throttle, by limit.',
      labelNames: ['limit'] as const,
      registers,
    }),
    duplicatePayments: new Counter({
      name: 'duplicate_payments_total',
      help: 'Second payments for an already paid account, by what became of the refund.',
      labelNames: ['result'] as const,
      registers,
    }),
    progressCacheLookups: new Counter({
      name: 'progress_cache_lookups_total',
      help: "Session visits by what this server's progress cache held: hit (current), stale (a write moved the version), absent.",
      labelNames: ['result'] as const,
      registers,
    }),
  };
}
