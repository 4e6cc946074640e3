import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@ehc/common';
import { SESSION_COOKIE, hashSessionToken } from '../modules/auth/session-token';
import { getSessionProgress } from '../modules/progress/progress-service';
import { presentProgress } from '../modules/progress/progress-presenter';
import { presentUser } from '../modules/users/user-presenter';
import type { Services } from '../services';
import { refuseRequest } from './refusal';
import { requestUser } from './request-session';

/**
 * What the dashboard and the reader need about the signed-in learner, as plain GETs the
 * page shell can preload (web-app.ts) so they download with the page's code instead of
 * after it, and without a GraphQL execution per screen (decisions/0017):
 * - `GET /api/session`: `{ me }`, the session user or null. Every page asks at boot, so
 *   a signed-out visitor gets `{ me: null }`, not an error;
 * - `GET /api/progress`: the learner's progress; 401 when signed out.
 * They are the views GraphQL's `me` and `progress` answer with (the same presenters).
 * Personal data: `no-store`, so nothing stays in the browser's cache on a shared computer.
 */
export const SESSION_PATH = '/api/session';
export const PROGRESS_PATH = '/api/progress';

export function registerLearnerRoutes(app: FastifyInstance, services: Services): void {
  app.get(SESSION_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await requestUser(request, services);
    return { me: user ? presentUser(user) : null };
  });

  app.get(PROGRESS_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Read with the session in one statement: the dashboard and the reader ask on every visit.
    const token = request.cookies[SESSION_COOKIE];
    const progress = token ? await getSessionProgress(services, hashSessionToken(token), services.env.session) : null;
    if (!progress) return refuseRequest(reply, 401, 'UNAUTHENTICATED', MESSAGES.unauthenticated);
    return presentProgress(progress);
  });
}
