import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { SessionPolicy } from '../auth/session-store';
import { SESSION_COOKIE, hashSessionToken } from '../auth/session-token';
import type { CourseDocuments } from '../courses/course-routes';
import { presentUser, userViewSchema } from '../users/user-presenter';
import { presentProgress, progressViewSchema } from './progress-presenter';
import { getSessionLearner } from './progress-service';

/** What the learner documents read: the session with its learner and progress, and the session policy. */
export type LearnerRouteServices = Parameters<typeof getSessionLearner>[0] & { env: { session: SessionPolicy } };

/**
 * What the dashboard and the reader need about the signed-in learner, as plain GETs the
 * page shell can preload (http/web-app.ts) so they download with the page's code instead of
 * after it, and without a GraphQL execution per screen (decisions/0017, 0018):
 * - `GET /api/session`: what every page asks at boot, in one answer: `me`, the session
 *   user; `progress`, theirs, for the dashboard or reader the page opens on; and
 *   `catalogue_path`, the catalogue's address that the browser may keep for good. A
 *   visitor without a session gets `me` and `progress` null, not an error;
 * - `GET /api/progress`: the learner's progress, for the screens they move to after; 401
 *   when signed out.
 * `me` and the progress are the views GraphQL's `me` and `progress` answer with (the same
 * presenters), serialised by their JSON schemas. Personal data: `no-store`, so nothing
 * stays in the browser's cache on a shared computer.
 */
export const SESSION_PATH = '/api/session';
const PROGRESS_PATH = '/api/progress';

const nullable = <Schema extends { type: string }>(schema: Schema) => ({ ...schema, type: [schema.type, 'null'] });
const sessionDocumentSchema = {
  type: 'object',
  properties: {
    me: nullable(userViewSchema),
    progress: nullable(progressViewSchema),
    catalogue_path: { type: 'string' },
  },
  required: ['me', 'progress', 'catalogue_path'],
};

export function registerLearnerRoutes(
  app: FastifyInstance,
  services: LearnerRouteServices,
  documents: CourseDocuments,
): void {
  // Each is read with its session in one statement: every visit asks for one of them.
  const sessionLearner = (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? getSessionLearner(services, hashSessionToken(token), services.env.session) : null;
  };

  app.get(SESSION_PATH, { schema: { response: { 200: sessionDocumentSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const learner = await sessionLearner(request);
    return {
      me: learner ? presentUser(learner.user) : null,
      progress: learner ? presentProgress(learner.progress) : null,
      catalogue_path: documents.cataloguePath,
    };
  });

  app.get(PROGRESS_PATH, { schema: { response: { 200: progressViewSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const learner = await sessionLearner(request);
    if (!learner) throw AppError.unauthenticated();
    return presentProgress(learner.progress);
  });
}
