import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLContext } from '../graphql/context';
import type { Services } from '../services';
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

/**
 * The GraphQL context of a request: its session (or null) and the services resolvers
 * call. Mercurius builds one per request (app.ts); a page rendered by the server builds
 * one for the queries it answers in-process (server-render.ts).
 */
export async function graphqlContextOf(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
): Promise<GraphQLContext> {
  const token = request.cookies[SESSION_COOKIE];
  const session = token ? await findSessionUser(services, token, services.env.session) : null;
  return { request, reply, session, services };
}
