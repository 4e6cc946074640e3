import { MESSAGES } from '@ehc/common';
import { ApiError, refusalError, type ErrorEntry } from './graphql';

/**
 * GETs one of the API's JSON documents: the course's (the catalogue, a lesson's text),
 * which the browser keeps and revalidates with their ETag, and the learner's own (the
 * session, the progress), which no cache keeps. Refusals (a 401 without a session, say)
 * carry the same `errors[0].extensions.code` as GraphQL answers and throw an ApiError.
 */
export async function getJson<T>(path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch (error) {
    console.warn(`GET ${path}: network error`, error);
    throw new ApiError('NETWORK', MESSAGES.generic);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    console.warn(`GET ${path}: HTTP ${response.status} with a non-JSON body`);
    throw new ApiError('TRANSPORT', MESSAGES.generic);
  }
  const first = (body as { errors?: ErrorEntry[] } | null)?.errors?.[0];
  if (first) throw refusalError(first);
  if (!response.ok || body == null) {
    console.warn(`GET ${path}: HTTP ${response.status} without a document`);
    throw new ApiError('TRANSPORT', MESSAGES.generic);
  }
  return body as T;
}
