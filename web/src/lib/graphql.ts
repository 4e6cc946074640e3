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

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
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
  if (first) throw new ApiError(first.extensions?.code ?? 'UNKNOWN', first.message);
  if (!response.ok || body.data == null) {
    console.warn(`${operationName}: HTTP ${response.status} without data`);
    throw new ApiError('TRANSPORT', MESSAGES.generic);
  }
  return body.data;
}
