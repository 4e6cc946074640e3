import { MESSAGES } from '@ehc/common';

/** An API failure the UI can act on: a stable code plus a message safe to show. */
export class ApiError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** One refusal in an answer: GraphQL's `errors[]` entry, which plain GETs answer alike. */
export interface ErrorEntry {
  message: string;
  extensions?: { code?: string };
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: ErrorEntry[];
}

/**
 * Where the API client tells of an answer that refused a request for want of a live
 * session (code UNAUTHENTICATED): the session provider listens (lib/session.tsx), checks
 * with the server, and a page of a learner whose session ended then says so
 * (app/SessionEnded.tsx). An event, not a navigation or a message shown from here: what
 * the page shows stays with the session state and the route guard.
 */
export const sessionRefusals = new EventTarget();

/** The ApiError of a refusal; one for want of a session is told to `sessionRefusals` too. */
export function refusalError(entry: ErrorEntry): ApiError {
  const code = entry.extensions?.code ?? 'UNKNOWN';
  if (code === 'UNAUTHENTICATED') sessionRefusals.dispatchEvent(new Event('refused'));
  return new ApiError(code, entry.message);
}

/** Whether a request was refused for want of a live session: the page says so as a whole. */
export function isSessionEnd(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UNAUTHENTICATED';
}

/**
 * What a screen says of a failed request: the server's message (an AppError's, written
 * to be shown), or `fallback` for any other failure. Nothing for a session that has
 * ended: the session-ended prompt says that, for the whole page.
 */
export function failureMessage(error: unknown, fallback: string = MESSAGES.generic): string | null {
  if (isSessionEnd(error)) return null;
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * Sends one named GraphQL operation to our API (same origin, cookie session).
 * Transport failures — a non-JSON body, an HTTP error without GraphQL errors, a
 * response with neither data nor errors — become the generic message (decisions §6).
 */
export async function gql<T>(operationName: string, query: string, variables?: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ operationName, query, variables }),
    });
  } catch (error) {
    console.warn(`${operationName}: network error`, error);
    throw new ApiError('NETWORK', MESSAGES.generic);
  }

  let body: GraphQLResponse<T>;
  try {
    body = (await response.json()) as GraphQLResponse<T>;
  } catch {
    console.warn(`${operationName}: HTTP ${response.status} with a non-JSON body`);
    throw new ApiError('TRANSPORT', MESSAGES.generic);
  }

  const first = body.errors?.[0];
  if (first) throw refusalError(first);
  if (!response.ok || body.data == null) {
    console.warn(`${operationName}: HTTP ${response.status} without data`);
    throw new ApiError('TRANSPORT', MESSAGES.generic);
  }
  return body.data;
}
