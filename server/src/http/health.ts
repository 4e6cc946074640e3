import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database';

/** GET /healthz: 200 while the database answers, 503 when it does not. */
export function registerHealth(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/healthz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
