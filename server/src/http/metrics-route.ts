import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { Metrics } from '../lib/metrics';

/**
 * GET /metrics in Prometheus' text format, for a scraper holding the bearer token. With
 * no token configured the route is not registered at all, so it answers 404 like any
 * unknown path.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  if (token === null) return;
  app.get('/metrics', { config: { readsNoInput: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearerMatches(request, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', 'Send the metrics bearer token.');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  if (!match) return false;
  // Hashing first gives both sides the same length, so the comparison takes the same
  // time whatever was sent and reveals neither the token's content nor its length.
  return timingSafeEqual(sha256(match[1]!), sha256(token));
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
