import type { FastifyInstance } from 'fastify';
import { SUBSCRIBERS_ONLY, hasCourseAccess } from '../../graphql/auth-scopes';
import { contentDisposition } from '../../http/content-disposition';
import { etagMatches } from '../../http/etag';
import { requestUser, type RequestSessionDeps } from '../../http/request-session';
import { AppError } from '../../lib/errors';
import { findLabFile } from './lab-files';

/**
 * GET /lab-files/<module>/<file>: a lab's download (lab-files.ts), for paid learners
 * only. A name that is no lab file is 404 for everyone (the names are the same for all and
 * reveal nothing); a known one is 401 signed out and 403 unpaid, with the codes and
 * messages the API uses for lessons. Refusals are never cached.
 */
export function registerLabFileRoutes(app: FastifyInstance, services: RequestSessionDeps): void {
  app.get<{ Params: { module: string; file: string } }>('/lab-files/:module/:file', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const file = findLabFile(request.params.module, request.params.file);
    if (!file) throw AppError.notFound('No such lab file.');
    const user = await requestUser(request, services);
    if (!user) throw AppError.unauthenticated();
    if (!hasCourseAccess(user)) throw AppError.forbidden(SUBSCRIBERS_ONLY);

    // Kept by the learner's browser only, and revalidated on each use so access is
    // checked again (a refund ends it); an unchanged file then costs a 304.
    reply.header('etag', file.etag).header('cache-control', 'private, no-cache');
    if (etagMatches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
    return reply
      .type(file.contentType)
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .send(file.body);
  });
}
