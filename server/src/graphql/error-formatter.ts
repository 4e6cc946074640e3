import { MESSAGES } from '@ehc/common';
import { GraphQLError, type ExecutionResult, type GraphQLFormattedError } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import { AppError } from '../lib/errors';
import type { OperationMetrics } from './operation-metrics';

/**
 * Turns execution errors into what the client may see. AppErrors keep their message and
 * code; GraphQL's own parse/validation errors keep their message (minus "Did you mean"
 * hints in production); anything else is logged with the request id and answered with
 * the generic message, so no stack trace or internal detail leaves the server. Every
 * GraphQL error passes through here exactly once, so this is also where they are counted.
 */
export function makeErrorFormatter(isProduction: boolean, operationMetrics?: OperationMetrics) {
  return (execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>, ctx: MercuriusContext) => {
    const log = ctx.reply?.log ?? ctx.app.log;
    const requestId = ctx.reply?.request.id;
    const errors = execution.errors.flatMap(unwrap).map((error): GraphQLFormattedError => {
      const original = error.originalError;
      if (original instanceof AppError) {
        return { message: original.message, path: error.path, extensions: { code: original.code } };
      }
      if (!original || isGraphQLRequestError(original)) {
        const message = isProduction ? stripSuggestions(error.message) : error.message;
        return { message, locations: error.locations, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } };
      }
      log.error({ err: original, path: error.path }, 'unexpected error in resolver');
      return { message: MESSAGES.generic, path: error.path, extensions: { code: 'INTERNAL', requestId } };
    });
    operationMetrics?.countErrors(
      ctx,
      errors.map((e) => String(e.extensions?.code)),
    );
    const onlyRequestErrors =
      !execution.data && errors.every((e) => e.extensions?.code === 'GRAPHQL_VALIDATION_FAILED');
    // No `data` at all: refused before execution (e.g. by the document guard's input
    // check), so the request itself was at fault; an execution always reports `data`.
    const refusedInput =
      execution.data === undefined && errors.every((e) => e.extensions?.code === 'VALIDATION_FAILED');
    const requestError = onlyRequestErrors || refusedInput;
    // A body that is not a GraphQL request at all (not JSON, a query that is not a string)
    // is the HTTP request's fault: 400 whatever the client accepts.
    const malformed = execution.errors.some((error) => isMalformedRequest(error.originalError));
    // GraphQL over HTTP: a request error (nothing executed) has no `data` entry, and is a 4xx
    // only for clients that asked for application/graphql-response+json; under plain
    // application/json the status stays 200, as legacy clients expect.
    const status = malformed || (requestError && wantsGraphqlResponse(ctx.reply?.request.headers.accept)) ? 400 : 200;
    return {
      statusCode: status,
      response: requestError && execution.data === undefined ? { errors } : { data: execution.data ?? null, errors },
    };
  };
}

export const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json';

/**
 * Whether the client prefers the GraphQL-over-HTTP media type: it is listed, and plain
 * application/json is not listed before it.
 */
export function wantsGraphqlResponse(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const graphql = types.indexOf(GRAPHQL_RESPONSE_TYPE);
  const json = types.indexOf('application/json');
  return graphql !== -1 && (json === -1 || graphql < json);
}

// Mercurius wraps parse/validation failures in one error whose `errors` holds the real ones.
function unwrap(error: GraphQLError): GraphQLError[] {
  const inner = (error.originalError as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(inner)) {
    return inner.map((e) => (e instanceof GraphQLError ? e : new GraphQLError(String((e as Error).message ?? e))));
  }
  return [error];
}

// Mercurius raises its own errors (depth limit, bad request shape) as FastifyErrors with
// a 400 status; those describe the request, not a server fault.
function isGraphQLRequestError(error: Error): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  return error instanceof GraphQLError || (typeof status === 'number' && status >= 400 && status < 500);
}

function isMalformedRequest(error: Error | undefined): boolean {
  if (!error || error instanceof GraphQLError) return false;
  // Mercurius wraps the document's parse and validation errors (unwrap above): those are
  // GraphQL request errors, not a malformed HTTP request.
  if (Array.isArray((error as { errors?: unknown }).errors)) return false;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function stripSuggestions(message: string): string {
  return message.replace(/\s*Did you mean .*$/s, '');
}
