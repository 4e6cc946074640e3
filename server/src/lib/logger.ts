import { destination, stdSerializers, type DestinationStream, type LoggerOptions } from 'pino';
import { pathOf } from './url-path';

/**
 * Pino options for the app. Credentials can only reach a log through headers
 * (cookies) or GraphQL variables; headers are redacted here and variables are never
 * logged anywhere in the code.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // The shapes a request and a reply are logged in, should anything log them (Fastify's
    // own reports do): a few fields, never the whole object, and the path without a query
    // string that could carry a secret.
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

/**
 * Where the server logs: stdout, through pino's own asynchronous destination, so a request
 * never waits for a slow reader of the log. Pino writes out whatever is still waiting when
 * the process exits for any reason (the shutdown's process.exit, or a crash), so the last
 * lines, a crash report included, reach the log.
 */
export function stdoutLog(): DestinationStream {
  return destination({ dest: 1, sync: false });
}
