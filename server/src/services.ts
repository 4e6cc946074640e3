import type { Kysely } from 'kysely';
import type { DatabaseHandle } from './db/database';
import type { Database } from './db/schema';
import type { Env } from './lib/env';
import { createMetrics, type Metrics } from './lib/metrics';
import type { AuthDeps } from './modules/auth/auth-service';
import { AuthThrottle, MemoryThrottleStore, type ThrottleStore } from './modules/auth/throttle';
import type { Catalogue } from './modules/courses/catalogue';
import type { PaymentGateway } from './modules/billing/gateway';
import { RazorpayGateway } from './modules/billing/razorpay-gateway';
import { SimulatedGateway } from './modules/billing/simulated-gateway';

/** Everything resolvers and routes need, created once per server. */
export interface Services {
  env: Env;
  database: DatabaseHandle;
  db: Kysely<Database>;
  auth: AuthDeps;
  catalogue: Catalogue;
  gateway: PaymentGateway;
  /** Counts checkout orders per learner, so one account cannot flood Razorpay with orders. */
  orderThrottle: ThrottleStore;
  /** Prometheus metrics of this server (its own registry), served by GET /metrics. */
  metrics: Metrics;
}

export function createServices(
  env: Env,
  database: DatabaseHandle,
  catalogue: Catalogue,
  gateway: PaymentGateway = selectGateway(env),
): Services {
  const throttle = new AuthThrottle(new MemoryThrottleStore(), env.authThrottle);
  return {
    env,
    database,
    db: database.db,
    auth: { db: database.db, throttle, sessionPolicy: env.session },
    catalogue,
    gateway,
    orderThrottle: new MemoryThrottleStore(),
    metrics: createMetrics(database),
  };
}

/** Razorpay when its three keys are set; otherwise the simulated stand-in (env.ts refuses that in production unless allowed). */
export function selectGateway(env: Env): PaymentGateway {
  return env.razorpay ? new RazorpayGateway(env.razorpay) : new SimulatedGateway();
}
