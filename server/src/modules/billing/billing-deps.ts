import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Metrics } from '../../lib/metrics';
import type { Budget } from '../../lib/rate-limits';
import type { BusinessSettings } from '../settings/business-settings';
import type { PaymentGateway } from './gateway';
import { paymentLogger } from './payment-log';

// Every payment function takes what it needs as one argument, so a request, a periodic
// job and a test each build it from what they have (their own logger, the app's services).

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

/** The server's services that payment code draws on; the app's `Services` has them all. */
export interface BillingServices {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  billingLimits: BillingLimits;
  metrics: BillingDeps['metrics'];
  env: { appOrigin: string; isProduction: boolean };
  settings(): Promise<BusinessSettings>;
}

/** What payment code needs, with the payments logger made from `log` (a request's or the app's). */
export function billingDeps(services: BillingServices, log: FastifyBaseLogger): BillingDeps {
  return {
    db: services.db,
    gateway: services.gateway,
    log: paymentLogger(log, services.gateway, services.env.isProduction),
    limits: services.billingLimits,
    metrics: services.metrics,
    appOrigin: services.env.appOrigin,
    settings: services.settings,
  };
}
