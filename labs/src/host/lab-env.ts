// The lab host's configuration, read once at boot. It holds its own secrets only: the
// token key the app servers sign lab tokens with, and the flag key. No database URL, no
// session or payment secret ever reaches this process.
import { z } from 'zod';

import { DEV_LAB_FLAG_SECRET, DEV_LAB_TOKEN_SECRET } from '../dev-secrets';

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LAB_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
    LAB_HOST: z.string().min(1).optional(),
    LAB_ORIGIN: z.url().optional(),
    APP_ORIGIN: z.url().optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    LAB_TOKEN_SECRET: z.string().min(32).default(DEV_LAB_TOKEN_SECRET),
    LAB_FLAG_SECRET: z.string().min(32).default(DEV_LAB_FLAG_SECRET),
    LAB_IDLE_MINUTES: z.coerce
      .number()
      .positive()
      .max(24 * 60)
      .default(30),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.LAB_ORIGIN) context.addIssue({ code: 'custom', path: ['LAB_ORIGIN'], message: 'required in production' });
    if (!env.APP_ORIGIN) context.addIssue({ code: 'custom', path: ['APP_ORIGIN'], message: 'required in production' });
    for (const [name, value, fallback] of [
      ['LAB_TOKEN_SECRET', env.LAB_TOKEN_SECRET, DEV_LAB_TOKEN_SECRET],
      ['LAB_FLAG_SECRET', env.LAB_FLAG_SECRET, DEV_LAB_FLAG_SECRET],
    ] as const) {
      if (value === fallback) context.addIssue({ code: 'custom', path: [name], message: 'set a secret of your own' });
    }
  });

export interface LabEnv {
  isProduction: boolean;
  port: number;
  host: string;
  labOrigin: string;
  appOrigin: string;
  tokenSecret: string;
  flagSecret: string;
  idleSeconds: number;
  logLevel: string;
}

export class LabEnvError extends Error {}

export function loadLabEnv(source: Record<string, string | undefined> = process.env): LabEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new LabEnvError(`The lab host's configuration is invalid:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    isProduction: env.NODE_ENV === 'production',
    port: env.LAB_PORT,
    host: env.LAB_HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    // Development defaults differ from the app's (localhost) in host, not only in port:
    // browsers share cookies between ports of one host.
    labOrigin: (env.LAB_ORIGIN ?? `http://127.0.0.1:${env.LAB_PORT}`).replace(/\/$/, ''),
    appOrigin: (env.APP_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    tokenSecret: env.LAB_TOKEN_SECRET,
    flagSecret: env.LAB_FLAG_SECRET,
    idleSeconds: env.LAB_IDLE_MINUTES * 60,
    logLevel: env.LOG_LEVEL,
  };
}
