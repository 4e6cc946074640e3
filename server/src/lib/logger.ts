import { stdSerializers, type LoggerOptions } from 'pino';
import { pathOf } from './url-path';

/**
 * Pino options for the app. Credentials can only reach a log through headers
 * (cookies) or GraphQL variables; headers are redacted here and variables are never
 * logged anywhere in the code.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // The shapes Fastify logs a request and a reply in, when it reports an error of its
    // own (its log controller's defaults): a few fields, never the whole object, and the
    // path without a query string that could carry a secret.
    serializers: {
      req: (request: { id?: string; method?: string; url?: string }) => ({
        id: request.id,
        method: request.method,
        path: request.url === undefined ? undefined : pathOf(request.url),
      }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: stdSerializers.err,
    },
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
