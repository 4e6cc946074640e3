import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database';

/** How long one answer from the database stands for every health check that follows it. */
export const HEALTH_FRESH_MS = 1_000;

/**
 * GET /healthz: 200 while the database answers, 503 when it does not. Load balancers and
 * monitors may poll it many times a second from many places; the database is asked at
 * most once per HEALTH_FRESH_MS and every check in between shares that answer, so polling
 * costs the database nothing and a check stays as cheap as a bare route.
 */
export function registerHealth(app: FastifyInstance, database: DatabaseHandle): void {
  let last: { at: number; answer: Promise<void> } | null = null;
  const databaseAnswer = () => {
    const now = Date.now();
    if (!last || now - last.at >= HEALTH_FRESH_MS) last = { at: now, answer: database.ping() };
    return last.answer;
  };

  // The answer is a few dozen bytes, never worth compressing: no compression hook at all.
  app.get('/healthz', { compress: false, config: { readsNoInput: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await databaseAnswer();
      return { status: 'ok', database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
