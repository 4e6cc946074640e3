import type { FastifyReply } from 'fastify';

/**
 * Answers a request refused before any resolver or service saw it, in the GraphQL
 * response shape, so the web client reads the code the same way as any other error.
 */
export function refuseRequest(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send({ errors: [{ message, extensions: { code } }] });
}
