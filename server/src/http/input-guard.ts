import { VALIDATION_MESSAGES, hasForbiddenCharacters } from '@ehc/common';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { AppError } from '../lib/errors';
import { sendError } from './error-answers';

/**
 * True when any string in a decoded value (route parameters, query string, JSON body;
 * keys included) holds a NUL or an unpaired surrogate. Walks with its own stack, so a
 * deeply nested body cannot overflow the call stack.
 */
export function containsForbiddenText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (hasForbiddenCharacters(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (isRecord(next)) {
      for (const [key, item] of Object.entries(next)) pending.push(key, item);
    }
  }
  return false;
}

// A raw body (the webhook's Buffer) is left to its route, which must see the exact bytes.
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads no parameter, query string or body (a health check, robots.txt), so
     * the input guard below is not run for it. Leave it unset on any route that reads one.
     */
    readsNoInput?: boolean;
  }
}

/**
 * Refuses, on every route, input that no handler should have to think about: a NUL or
 * a broken surrogate anywhere in the parameters, query string or JSON body (PostgreSQL
 * would refuse the NUL with an internal error), and a GraphQL body whose `query` is not
 * text. It runs before Fastify's schema validation, which would otherwise coerce a
 * number or a one-element array into a query string and run it.
 *
 * Attached to each route as it is added, so it must be registered before any route; a
 * route opts out only by saying `config: { readsNoInput: true }`. The pages of the web
 * app, served by the not-found handler, read only their path and the cookie header. A
 * hook for every request instead would have Fastify run a preValidation chain for every
 * request, the busiest ones included (decision 0028).
 */
export function registerInputGuard(app: FastifyInstance, graphqlPath: string): void {
  // A callback rather than an async function: most requests pass without a promise or an
  // extra turn of the event loop. Answering ends the request.
  const guard: preValidationHookHandler = (request, reply, done) => {
    const isGraphql = request.routeOptions.url === graphqlPath;
    if (isGraphql && !isOperationBody(request.body)) {
      sendError(
        reply,
        new AppError('GRAPHQL_VALIDATION_FAILED', 'Send one operation as a JSON object whose "query" is GraphQL text.'),
      );
    } else if (
      containsForbiddenText(request.params) ||
      containsForbiddenText(request.query) ||
      containsForbiddenText(request.body)
    ) {
      sendError(reply, AppError.validation(VALIDATION_MESSAGES.forbiddenCharacters));
    } else {
      done();
    }
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.readsNoInput) return;
    route.preValidation = [guard, ...(route.preValidation ? [route.preValidation].flat() : [])];
  });
}

function isOperationBody(body: unknown): boolean {
  return isRecord(body) && !Array.isArray(body) && typeof body.query === 'string';
}
