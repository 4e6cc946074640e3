import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEV_LAB_FLAG_SECRET, DEV_LAB_TOKEN_SECRET } from '@ehc/labs/dev-secrets';
import {
  parsePreviousKeys,
  parseRsaSigningKey,
  parseSigningKey,
  type Ed25519PrivateJwk,
  type PublicJwk,
  type RsaPrivateJwk,
} from './credential-key-env';

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
  LEGAL_DIR: z.string().min(1).optional(),
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
  SELLER_LEGAL_NAME: z.string().trim().min(1).max(200).optional(),
  SELLER_ADDRESS: z.string().trim().min(1).max(500).optional(),
  SUPPORT_EMAIL: z.email().optional(),
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+?[\d ()-]{6,20}$/, 'must be a phone number such as +91 98765 43210')
    .optional(),
  SELLER_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'must be a 15-character GSTIN such as 29ABCDE1234F1Z5')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be smtp://user:password@host:port or smtps://…')
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  SMTP_SECURE: booleanString.optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  MAIL_ALLOW_OUTBOX_IN_PRODUCTION: booleanString.default(false),
  MAIL_SEND_INTERVAL_SECONDS: positiveSeconds.default(5),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  CREDENTIAL_SIGNING_KEY: z.string().optional(),
  CREDENTIAL_RSA_SIGNING_KEY: z.string().optional(),
  CREDENTIAL_PREVIOUS_PUBLIC_KEYS: z.string().optional(),
  VERIFY_LOOKUPS_PER_MINUTE: positiveInt.default(60),
  LAB_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  LAB_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .transform((value) => new URL(value).origin)
    .optional(),
  LAB_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  LAB_FLAG_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  LAB_SESSION_HOURS: positiveSeconds.default(4),
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
  /** Folder holding terms.md, privacy.md, refunds.md and contact.md. */
  legalDir: string;
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
  /** Who sells the course: printed on receipts and in every email's footer. */
  seller: {
    legalName: string;
    address: string;
    supportEmail: string;
    supportPhone: string | null;
    /** With a GSTIN receipts become tax invoices; without, they say GST is not charged. */
    gstin: string | null;
  };
  /** Keys of the signed credentials (docs/decisions/0011). */
  credentials: {
    /** The private Ed25519 key that signs (EdDSA); null outside production: a key generated and kept in the database. */
    signingKey: Ed25519PrivateJwk | null;
    /** The private RSA key that signs (RS256), likewise (docs/decisions/0035). */
    rsaSigningKey: RsaPrivateJwk | null;
    /** Keys that signed earlier credentials and still verify them (published in the JWKS). */
    previousPublicKeys: PublicJwk[];
  };
  /** Certificate lookups (/verify) allowed per client IP per minute. */
  verifyLookupsPerMinute: number;
  /** The hands-on labs (docs/decisions/0032): where the lab host answers and the keys it shares with the app. */
  labs: {
    origin: string;
    tokenSecret: string;
    flagSecret: string;
    /** How long a started lab's link works. */
    sessionMs: number;
  };
  mail: {
    /** How to reach the SMTP server, or null: every message is written to `outboxDir` instead. */
    smtp:
      | { url: string }
      | { host: string; port: number; secure: boolean; user: string | null; password: string | null }
      | null;
    from: string;
    outboxDir: string;
    sendIntervalMs: number;
  };
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
/** The repository's legal pages; separate from CONTENT_DIR so tests on the fixture course still have them. */
export const DEFAULT_LEGAL_DIR = fileURLToPath(new URL('../../../content/legal', import.meta.url));

/** The course folder for a command-line tool (npm run check-content): CONTENT_DIR, else content/. */
export function contentDirSetting(source: Record<string, string | undefined> = process.env): string {
  return resolve(source.CONTENT_DIR || DEFAULT_CONTENT_DIR); // empty means unset, as in loadEnv
}

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
  if (isProduction) {
    for (const name of ['SELLER_LEGAL_NAME', 'SELLER_ADDRESS', 'SUPPORT_EMAIL'] as const) {
      if (!e[name]) problems.push(`${name}: required when NODE_ENV=production (it is printed on receipts and emails)`);
    }
    if (!e.SMTP_URL && !e.SMTP_HOST && !e.MAIL_ALLOW_OUTBOX_IN_PRODUCTION) {
      problems.push(
        'SMTP_URL: required when NODE_ENV=production (or SMTP_HOST…), so learners get their emails; set MAIL_ALLOW_OUTBOX_IN_PRODUCTION=true to only write them to MAIL_OUTBOX_DIR',
      );
    }
  }
  if (e.SMTP_URL && e.SMTP_HOST) problems.push('SMTP_HOST: set SMTP_URL or SMTP_HOST, not both');
  const signingKey = e.CREDENTIAL_SIGNING_KEY ? parseSigningKey(e.CREDENTIAL_SIGNING_KEY) : null;
  if (signingKey && 'problem' in signingKey) problems.push(signingKey.problem);
  if (isProduction && !signingKey) {
    problems.push(
      'CREDENTIAL_SIGNING_KEY: required when NODE_ENV=production (the private key that signs certificates as verifiable credentials); create one with `npm run credential-key -- generate`',
    );
  }
  const rsaSigningKey = e.CREDENTIAL_RSA_SIGNING_KEY ? parseRsaSigningKey(e.CREDENTIAL_RSA_SIGNING_KEY) : null;
  if (rsaSigningKey && 'problem' in rsaSigningKey) problems.push(rsaSigningKey.problem);
  if (isProduction && !rsaSigningKey) {
    problems.push(
      'CREDENTIAL_RSA_SIGNING_KEY: required when NODE_ENV=production (the RSA key that signs certificates with RS256, the algorithm every Open Badges verifier supports); create one with `npm run credential-key -- generate`',
    );
  }
  const previousKeys = e.CREDENTIAL_PREVIOUS_PUBLIC_KEYS ? parsePreviousKeys(e.CREDENTIAL_PREVIOUS_PUBLIC_KEYS) : null;
  if (previousKeys && 'problem' in previousKeys) problems.push(previousKeys.problem);
  const appOrigin = e.APP_ORIGIN ?? `http://localhost:${e.PORT}`;
  // The development default differs from the app's in host, not only in port: browsers
  // share cookies across the ports of one host, and the labs must never see the app's.
  const labOrigin = e.LAB_ORIGIN ?? `http://127.0.0.1:${e.LAB_PORT}`;
  if (isProduction && !e.LAB_ORIGIN) {
    problems.push('LAB_ORIGIN: required when NODE_ENV=production (e.g. https://labs-example.net)');
  } else {
    problems.push(...labOriginProblems(appOrigin, labOrigin, isProduction));
  }
  if (isProduction) {
    for (const name of ['LAB_TOKEN_SECRET', 'LAB_FLAG_SECRET'] as const) {
      if (!e[name]) problems.push(`${name}: required when NODE_ENV=production (the same value on the lab hosts)`);
    }
  }
  if (problems.length > 0) throw new EnvError(problems);
  const seller = {
    legalName: e.SELLER_LEGAL_NAME ?? 'Ethical Hacking Course (set SELLER_LEGAL_NAME)',
    address: e.SELLER_ADDRESS ?? 'Address not configured (set SELLER_ADDRESS)',
    supportEmail: e.SUPPORT_EMAIL ?? 'support@example.com',
    supportPhone: e.SUPPORT_PHONE ?? null,
    gstin: e.SELLER_GSTIN ?? null,
  };
  const trackingOn = Boolean(e.GOOGLE_ADS_ID || e.GA4_MEASUREMENT_ID);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    // Local development listens on loopback only; production listens on every interface.
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    appOrigin,
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
    legalDir: resolve(e.LEGAL_DIR ?? DEFAULT_LEGAL_DIR),
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
    seller,
    credentials: {
      signingKey: signingKey && 'value' in signingKey ? signingKey.value : null,
      rsaSigningKey: rsaSigningKey && 'value' in rsaSigningKey ? rsaSigningKey.value : null,
      previousPublicKeys: previousKeys && 'value' in previousKeys ? previousKeys.value : [],
    },
    verifyLookupsPerMinute: e.VERIFY_LOOKUPS_PER_MINUTE,
    labs: {
      origin: labOrigin,
      tokenSecret: e.LAB_TOKEN_SECRET ?? DEV_LAB_TOKEN_SECRET,
      flagSecret: e.LAB_FLAG_SECRET ?? DEV_LAB_FLAG_SECRET,
      sessionMs: e.LAB_SESSION_HOURS * 3_600_000,
    },
    mail: {
      smtp: e.SMTP_URL
        ? { url: e.SMTP_URL }
        : e.SMTP_HOST
          ? {
              host: e.SMTP_HOST,
              port: e.SMTP_PORT ?? 587,
              secure: e.SMTP_SECURE ?? e.SMTP_PORT === 465,
              user: e.SMTP_USER ?? null,
              password: e.SMTP_PASSWORD ?? null,
            }
          : null,
      from: e.MAIL_FROM ?? `"${seller.legalName.replace(/"/g, '')}" <${seller.supportEmail}>`,
      outboxDir: resolve(e.MAIL_OUTBOX_DIR ?? 'data/outbox'),
      sendIntervalMs: e.MAIL_SEND_INTERVAL_SECONDS * 1000,
    },
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

/** For command-line tools: the folder the user ran `npm run …` from (npm itself runs scripts from the repository root). */
export function invocationDirectory(source: Record<string, string | undefined> = process.env): string {
  return source.INIT_CWD || process.cwd();
}

/**
 * APP_ORIGIN alone, checked like loadEnv checks it, or null: for `npm run credential-key --
 * generate`, which must work before the rest of a production environment (its key!) exists.
 */
export function appOriginOnly(source: Record<string, string | undefined> = process.env): string | null {
  const parsed = envSchema.shape.APP_ORIGIN.safeParse(source.APP_ORIGIN || undefined);
  return parsed.success ? (parsed.data ?? null) : null;
}

/**
 * The lab site must share no cookies with the app: another host always, and in production
 * another registrable domain (a subdomain of the app's, or the app of the lab's, would let
 * cookies set for the parent domain reach it). Without the public-suffix list this checks
 * the common mistakes: the same host, or one host inside the other.
 */
export function labOriginProblems(appOrigin: string, labOrigin: string, isProduction: boolean): string[] {
  const app = new URL(appOrigin).hostname;
  const lab = new URL(labOrigin).hostname;
  if (app === lab) {
    return [`LAB_ORIGIN: must be on another host than APP_ORIGIN (${app}); cookies ignore ports`];
  }
  if (isProduction && (lab.endsWith(`.${app}`) || app.endsWith(`.${lab}`) || parentDomain(lab) === parentDomain(app))) {
    return [`LAB_ORIGIN: must be a separate registrable domain from APP_ORIGIN (${app}), e.g. labs-example.net`];
  }
  if (isProduction && !labOrigin.startsWith('https:')) return ['LAB_ORIGIN: must be https:// in production'];
  return [];
}

function parentDomain(host: string): string {
  return host.split('.').slice(-2).join('.');
}
