import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import type { UserRow } from '../modules/users/user-store';

export interface SessionState {
  user: UserRow;
  tokenHash: string;
}

/** Built per request: the session user (or null) and the services resolvers call. */
export interface GraphQLContext {
  request: FastifyRequest;
  reply: FastifyReply;
  session: SessionState | null;
  services: Services;
}
