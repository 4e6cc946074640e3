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
  if (isProduction && !e.APP_ORIGIN) {
    throw new EnvError(['APP_ORIGIN: required when NODE_ENV=production (e.g. https://course.example.com)']);
  }
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
