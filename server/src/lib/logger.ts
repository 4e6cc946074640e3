import type { LoggerOptions } from 'pino';

/**
 * Pino options for the app. Credentials can only reach a log through headers
 * (cookies) or GraphQL variables; headers are redacted here and variables are never
 * logged anywhere in the code.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        '*.password',
        '*.passwordHash',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}
