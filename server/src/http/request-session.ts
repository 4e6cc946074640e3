import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../modules/users/user-store';
import { findSessionUser, type SessionDeps, type SessionPolicy } from '../modules/auth/session-store';
import { SESSION_COOKIE } from '../modules/auth/session-token';

/** What a plain route needs to find its request's session: the lookup and the session policy. */
export interface RequestSessionDeps extends SessionDeps {
  env: { session: SessionPolicy };
}

/** The signed-in user of a plain HTTP request (outside GraphQL), or null. */
export async function requestUser(request: FastifyRequest, services: RequestSessionDeps): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  return (await findSessionUser(services, token, services.env.session))?.user ?? null;
}
