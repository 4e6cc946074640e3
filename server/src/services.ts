import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from './db/database';
import type { ResolverServices } from './graphql/context';
import type { Database } from './db/schema';
import type { Env } from './lib/env';
import { createMetrics, type Metrics } from './lib/metrics';
import { budgetFactory, type LimitStore } from './lib/rate-limits';
import { AuthThrottle } from './modules/auth/throttle';
import { sessionRows, type SessionRows } from './modules/auth/session-rows';
import { CredentialIssuer } from './modules/credentials/credential-service';
import { loadSigningKeys } from './modules/credentials/signing-keys';
import { createMailTransport, type MailTransport } from './modules/mail/mail-transport';
import type { Catalogue } from './modules/courses/catalogue';
import { ProgressCache } from './modules/progress/progress-cache';
import type { PaymentGateway } from './modules/billing/gateway';
import { loadBusinessSettings } from './modules/settings/business-settings';
import { loadLegalPages } from './modules/legal/legal-pages';
import { RazorpayGateway } from './modules/billing/razorpay-gateway';
import { SimulatedGateway } from './modules/billing/simulated-gateway';

/**
 * Everything resolvers, routes and jobs need, created once per server: what resolvers may
 * use (graphql/context.ts), and what only the app, its plain routes and its jobs use.
 */
export interface Services extends ResolverServices {
  database: DatabaseHandle;
  /** Where throttle counters live (README: several app servers). */
  limitStore: LimitStore;
  /** The Redis connection when REDIS_URL is set. */
  redis: Redis | null;
  /** Prometheus metrics of this server (its own registry), served by GET /metrics. */
  metrics: Metrics;
  /** Reads a session with its user; lookups of one event-loop turn share a statement (decisions/0023). */
  sessionRows: SessionRows;
  /** The progress this server built per session, reused while current (decisions/0022). */
  progressCache: ProgressCache;
  /** Where the send-mail job hands messages: the SMTP server, or the .eml outbox folder. */
  mail: MailTransport;
  /** Closes what the services opened (not the database, which the caller owns). */
  close(): Promise<void>;
}

// A learner retrying a failed payment needs a few orders; thirty in an hour is abuse.
const ORDERS_PER_HOUR = 30;
// Asking the gateway about a learner's waiting orders: a handful of calls a minute is
// plenty for a learner refreshing the page, and bounds what any request can cost.
const RECONCILE_CALLS_PER_MINUTE = 4;
// A learner who lost their password may ask again a few times; more is someone else.
const RESET_REQUESTS_PER_HOUR = 5;
// Each lab start is an instance with its own request budget on the lab host; sixty an hour
// is a learner restarting often, and bounds the instances one learner holds at once.
const LAB_STARTS_PER_HOUR = 60;
// Flags are 32 characters of an HMAC: guessing is hopeless, and typos need only a few tries.
const WRONG_FLAGS_PER_10_MINUTES = 10;

export async function createServices(
  env: Env,
  database: DatabaseHandle,
  catalogue: Catalogue,
  gateway?: PaymentGateway,
): Promise<Services> {
  // Like the course, a broken legal page stops the boot, naming the file (ContentError).
  const legal = loadLegalPages(env.legalDir);
  // A bad CREDENTIAL_SIGNING_KEY stops the boot here, before the server listens (EnvError).
  const keys = await loadSigningKeys(env, database.db);
  const redis = env.redis ? await connectRedis(env.redis.url) : null;
  const metrics = createMetrics(database);
  const limitStore: LimitStore = redis ? 'redis' : database.kind === 'postgres' ? 'postgres' : 'memory';
  const budget = budgetFactory({
    store: limitStore,
    db: database.db,
    redis,
    redisKeyPrefix: env.redis?.keyPrefix,
    onRefused: (name) => metrics.throttleRefusals.inc({ limit: name }),
  });
  const { maxFailuresPerEmail, maxFailuresPerIp, windowMs } = env.authThrottle;
  const throttle = new AuthThrottle({
    login: {
      email: budget('login_email', { points: maxFailuresPerEmail, windowMs }),
      ip: budget('login_ip', { points: maxFailuresPerIp, windowMs }),
    },
    signup: {
      email: budget('signup_email', { points: maxFailuresPerEmail, windowMs }),
      ip: budget('signup_ip', { points: maxFailuresPerIp, windowMs }),
    },
  });
  const mail = createMailTransport(env.mail);
  const settings = () => loadBusinessSettings(database.db, env);
  return {
    env,
    database,
    db: database.db,
    auth: { db: database.db, throttle, sessionPolicy: env.session },
    catalogue,
    gateway: gateway ?? (await selectGateway(env, database.db)),
    passwordReset: {
      db: database.db,
      sessionPolicy: env.session,
      appOrigin: env.appOrigin,
      budgets: {
        email: budget('reset_email', { points: RESET_REQUESTS_PER_HOUR, windowMs: 3_600_000 }),
        ip: budget('reset_ip', { points: maxFailuresPerIp, windowMs: 3_600_000 }),
      },
    },
    billingLimits: {
      orders: budget('orders', { points: ORDERS_PER_HOUR, windowMs: 3_600_000 }),
      reconcile: budget('reconcile', { points: RECONCILE_CALLS_PER_MINUTE, windowMs: 60_000 }),
    },
    limitStore,
    redis,
    metrics,
    sessionRows: sessionRows(database),
    progressCache: new ProgressCache((lookup) => metrics.progressCacheLookups.inc({ result: lookup })),
    mail,
    settings,
    legal,
    credentials: new CredentialIssuer({ db: database.db, appOrigin: env.appOrigin, catalogue, keys, settings }),
    verifyLookups: budget('verify_ip', { points: env.verifyLookupsPerMinute, windowMs: 60_000 }),
    confirmationEmails: budget('confirmation_email', { points: RESET_REQUESTS_PER_HOUR, windowMs: 3_600_000 }),
    labLimits: {
      starts: budget('lab_starts', { points: LAB_STARTS_PER_HOUR, windowMs: 3_600_000 }),
      flags: budget('lab_flags', { points: WRONG_FLAGS_PER_10_MINUTES, windowMs: 600_000 }),
    },
    async close() {
      mail.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Connects before the server takes requests, so throttles count in Redis from the first
 * one (a boot with Redis configured but unreachable stops, saying so). Later outages fall
 * back to per-server counting until Redis is back (lib/rate-limits.ts).
 */
async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: Redis is not reachable (${(error as Error).message})`);
  }
  return redis;
}

/** Razorpay when its three keys are set; otherwise the simulated stand-in (env.ts refuses that in production unless allowed). */
export async function selectGateway(env: Env, db: Kysely<Database>): Promise<PaymentGateway> {
  return env.razorpay ? new RazorpayGateway(env.razorpay, env.gatewayTimeoutMs) : SimulatedGateway.open(db);
}
