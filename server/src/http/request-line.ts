import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../lib/metrics';
import { pathOf } from '../lib/url-path';

/**
 * One log line per request, through Fastify's own logger, and the request's duration in
 * the metrics. Fastify's own two lines a request are switched off (`disableRequestLogging`
 * in app.ts); this writes the one line from Fastify's stock hooks:
 *
 * - `onResponse`, once the answer has been handed over in full: request id, method, path,
 *   status and `ms` since Fastify took the request up;
 * - `onRequestAbort`, when the connection closed before the answer was complete (the
 *   client left, or a streamed answer failed half-way and Fastify cut it off). Such an
 *   answer never reaches `onResponse`, so its line is written here, with `aborted: true`
 *   and no status, since none was completed.
 *
 * The fields are fixed and none can hold a secret: the path is logged without its query
 * string, which can (a password-reset link's token), and the id is the server's own. So
 * the line skips the redaction every other line goes through (pino's documented
 * `redact: []` on a child): its wildcard paths cost about 3 µs a line, a seventh of the
 * instructions of a `/healthz` request (decision 0034). An error is logged where it is
 * handled, through the redacting logger. The histogram is labelled by route pattern,
 * never the raw URL, which keeps the label set as small as the route table.
 */
export function registerRequestLine(app: FastifyInstance, durations: Metrics['httpRequests']): void {
  const lines = app.log.child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    const { method } = request;
    const statusCode = reply.statusCode;
    const ms = reply.elapsedTime;
    durations.observe(
      { method, route: routeLabel(request.routeOptions.url), status_code: String(statusCode) },
      ms / 1000,
    );
    lines.info({ reqId: request.id, method, path: pathOf(request.url), statusCode, ms: Math.round(ms) }, 'request');
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    lines.info({ reqId: request.id, method: request.method, path: pathOf(request.url), aborted: true }, 'request');
    done();
  });
}

/**
 * The route a request is counted under: its pattern, never its raw URL. The web app's
 * hashed files each have a route of their own (@fastify/static registers one per file), so
 * they share one label, or every deploy would add series. "not_found" when no route
 * matched (the web app's pages included).
 */
export function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return 'not_found';
  return pattern.startsWith('/assets/') ? '/assets/*' : pattern;
}
