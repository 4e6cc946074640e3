import { MESSAGES, type ErrorCode } from '@ehc/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * The one body of every error a plain HTTP route answers, in GraphQL's response shape so
 * the web client reads every error the same way, with the request's id, which is also in
 * that request's log line:
 * `{"errors":[{"message":"Not found","extensions":{"code":"NOT_FOUND","requestId":"…"}}]}`.
 */
export interface ErrorBody {
  errors: [{ message: string; extensions: { code: ErrorCode; requestId: string } }];
}

export function errorBody(error: AppError, requestId: string): ErrorBody {
  return { errors: [{ message: error.message, extensions: { code: error.code, requestId } }] };
}

/**
 * Answers `error` with its status and the one body. Routes throw an AppError instead; this
 * is for hooks that refuse a request before its handler (the CSRF and input guards, which
 * also guard /graphql, whose errors Mercurius formats), and for the handlers below.
 * Headers already set (a `cache-control: no-store`, say) stay.
 */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.code(error.httpStatus).send(errorBody(error, reply.request.id));
}

/** The answer to an address with no route (beside the web app: one that is not a page). */
export function answerNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, AppError.notFound());
}

// Fastify's own refusals of a request (a body that is not JSON, too large, of a type no
// parser takes, failing a route's schema) carry their status; their messages say what was wrong.
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * The error handler of every route but GraphQL's (Mercurius formats its own errors,
 * graphql/error-formatter.ts): an AppError is answered as it is; a 4xx raised by Fastify
 * keeps its status and message; anything else is logged with the request id and answered
 * 500 with the generic message, so no stack trace or internal detail leaves the server.
 */
export function registerErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, new AppError(CODE_OF_STATUS[status] ?? 'BAD_REQUEST', error.message, status));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, new AppError('INTERNAL', MESSAGES.generic, status >= 500 ? status : 500));
  });
}
