import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../modules/users/user-store';
import { findSessionUser } from '../modules/auth/session-store';
import { SESSION_COOKIE } from '../modules/auth/session-token';
import type { Services } from '../services';

/** The signed-in user of a plain HTTP request (outside GraphQL), or null. */
export async function requestUser(request: FastifyRequest, services: Services): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  return (await findSessionUser(services, token, services.env.session))?.user ?? null;
}
