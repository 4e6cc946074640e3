import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Every setting the server reads, validated once at boot. A bad value stops the
 * server with a message naming the variable, rather than failing mid-request.
 * `.env.example` documents each one.
 */
const booleanString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const positiveInt = z.coerce.number().int().positive();
/** Seconds, fractions allowed (tests run jobs every second or faster). */
const positiveSeconds = z.coerce.number().positive();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .refine(
      (value) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(value),
      'must be sqlite:<path>, postgres://… or postgresql://…',
    )
    .optional(),
  APP_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .transform((value) => new URL(value).origin)
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(false|true|\d+|[\d.:/a-fA-F, ]+)$/, 'must be false, true, a hop count or a list of proxy addresses')
    .default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_TIMEOUT_HOURS: positiveInt.default(24 * 7),
  SESSION_MAX_AGE_DAYS: positiveInt.default(30),
  AUTH_MAX_FAILURES_PER_EMAIL: positiveInt.default(10),
  AUTH_MAX_FAILURES_PER_IP: positiveInt.default(50),
  AUTH_FAILURE_WINDOW_MINUTES: positiveInt.default(10),
  GRAPHQL_INTROSPECTION: booleanString.optional(),
  CONTENT_DIR: z.string().min(1).optional(),
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'must look like rzp_test_… or rzp_live_…')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  PAYMENTS_ALLOW_SIMULATED: booleanString.default(false),
  PAYMENTS_RECONCILE_INTERVAL_SECONDS: positiveSeconds.default(300),
  PAYMENTS_RECONCILE_CALLS_PER_SECOND: positiveSeconds.default(5),
  PAYMENTS_GATEWAY_TIMEOUT_SECONDS: positiveSeconds.default(8),
  MAINTENANCE_INTERVAL_SECONDS: positiveSeconds.default(3600),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must be redis://… or rediss://…')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,40}$/, 'must be 1–40 letters, digits, or _ : . -')
    .default('ehc:'),
  GOOGLE_ADS_ID: z
    .string()
    .regex(/^AW-\d+$/, 'must look like AW-123456789')
    .optional(),
  GOOGLE_ADS_SIGNUP_LABEL: z
    .string()
    .regex(/^[\w-]+$/)
    .optional(),
  GOOGLE_ADS_PURCHASE_LABEL: z
    .string()
    .regex(/^[\w-]+$/)
    .optional(),
  GA4_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')
    .optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
});

export type RawEnv = z.input<typeof envSchema>;

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string;
  appOrigin: string;
  /** Fastify's trustProxy: which proxies may tell us the client's address. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  logLevel: string;
  session: { idleTimeoutMs: number; maxAgeMs: number };
  authThrottle: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowMs: number };
  graphqlIntrospection: boolean;
  /** Folder holding modules/<id>/…: the course content. */
  contentDir: string;
  /** Razorpay keys, or null for the simulated gateway. */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string } | null;
  paymentsAllowSimulated: boolean;
  /** How often one server (whichever takes the turn) sweeps unpaid orders. */
  reconcileIntervalMs: number;
  /** Pace of the sweep's gateway calls, so a backlog does not burst Razorpay's rate limit. */
  reconcileCallsPerSecond: number;
  /** Every payment gateway call gives up after this long (a clean GATEWAY_UNAVAILABLE). */
  gatewayTimeoutMs: number;
  /** How often expired sessions, old webhook ids and spent throttle rows are purged. */
  maintenanceIntervalMs: number;
  /** Shared store for throttles when set; else PostgreSQL (when used) or this process. */
  redis: { url: string; keyPrefix: string } | null;
  /** Conversion tracking; null when not configured (every tracking call is then a no-op). */
  tracking: {
    adsId: string | null;
    signupLabel: string | null;
    purchaseLabel: string | null;
    ga4Id: string | null;
  } | null;
  /** Bearer token for GET /metrics; null turns the route off (404). */
  metricsToken: string | null;
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export const DEFAULT_DATABASE_URL = 'sqlite:./data/app.db';
/** The repository's own content/ folder. */
export const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../../content', import.meta.url));

/** Parses and checks the environment; throws EnvError listing every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "unset" so a blank line in .env does not override a default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && !e.APP_ORIGIN) {
    problems.push('APP_ORIGIN: required when NODE_ENV=production (e.g. https://course.example.com)');
  }
  const razorpayNames = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
  const razorpaySet = razorpayNames.filter((name) => e[name] !== undefined);
  if (razorpaySet.length > 0 && razorpaySet.length < razorpayNames.length) {
    for (const name of razorpayNames.filter((n) => e[n] === undefined)) {
      problems.push(
        `${name}: required when any RAZORPAY_* variable is set (set all three, or none for simulated payments)`,
      );
    }
  }
  if (isProduction && razorpaySet.length === 0 && !e.PAYMENTS_ALLOW_SIMULATED) {
    problems.push(
      'RAZORPAY_KEY_ID: Razorpay keys are required when NODE_ENV=production; set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (or PAYMENTS_ALLOW_SIMULATED=true for a demo that takes no money)',
    );
  }
  if (problems.length > 0) throw new EnvError(problems);
  const trackingOn = Boolean(e.GOOGLE_ADS_ID || e.GA4_MEASUREMENT_ID);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    // Local development listens on loopback only; production listens on every interface.
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    appOrigin: e.APP_ORIGIN ?? `http://localhost:${e.PORT}`,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    session: {
      idleTimeoutMs: e.SESSION_IDLE_TIMEOUT_HOURS * 3_600_000,
      maxAgeMs: e.SESSION_MAX_AGE_DAYS * 86_400_000,
    },
    authThrottle: {
      maxFailuresPerEmail: e.AUTH_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: e.AUTH_MAX_FAILURES_PER_IP,
      windowMs: e.AUTH_FAILURE_WINDOW_MINUTES * 60_000,
    },
    graphqlIntrospection: e.GRAPHQL_INTROSPECTION ?? !isProduction,
    contentDir: resolve(e.CONTENT_DIR ?? DEFAULT_CONTENT_DIR),
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET }
        : null,
    paymentsAllowSimulated: e.PAYMENTS_ALLOW_SIMULATED,
    reconcileIntervalMs: e.PAYMENTS_RECONCILE_INTERVAL_SECONDS * 1000,
    reconcileCallsPerSecond: e.PAYMENTS_RECONCILE_CALLS_PER_SECOND,
    gatewayTimeoutMs: e.PAYMENTS_GATEWAY_TIMEOUT_SECONDS * 1000,
    maintenanceIntervalMs: e.MAINTENANCE_INTERVAL_SECONDS * 1000,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    tracking: trackingOn
      ? {
          adsId: e.GOOGLE_ADS_ID ?? null,
          signupLabel: e.GOOGLE_ADS_SIGNUP_LABEL ?? null,
          purchaseLabel: e.GOOGLE_ADS_PURCHASE_LABEL ?? null,
          ga4Id: e.GA4_MEASUREMENT_ID ?? null,
        }
      : null,
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}

function parseTrustProxy(value: string): Env['trustProxy'] {
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
