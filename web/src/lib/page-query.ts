import type { PageQuery } from '@ehc/common';
import { getJson } from './get-json';
import { sendGraphql } from './graphql';

/** A query-cache entry a server-rendered page may carry, with the type of its data. */
export interface TypedPageQuery<T> extends PageQuery {
  data(answers: unknown[]): T;
}

/**
 * Sends the query's requests as the browser does, all at once, and makes its entry from
 * the answers: the query function of a screen's query that the server may also answer into
 * a rendered page (app/server-pages.ts), so both hold the same data under the same key.
 */
export async function askPageQuery<T>(query: TypedPageQuery<T>): Promise<T> {
  const answers = await Promise.all(
    query.requests.map((request) => ('path' in request ? getJson(request.path) : sendGraphql(request))),
  );
  return query.data(answers);
}
