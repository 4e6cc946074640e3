import { MESSAGES, type GraphQLPageRequest, type PageQuery } from '@ehc/common';
import { queryOptions } from '@tanstack/react-query';
// Types only: the generated module holds every document, and importing its values would
// put them all in whichever chunk imported it first (see `graphql` below).
import type { graphql as generatedGraphql } from '../gql/gql';
import type { TypedDocumentString } from '../gql/graphql';

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

/** Any document, whatever its result and variables: a fragment, say. */
type SomeDocument = TypedDocumentString<unknown, never>;

/** A document as sent: its own definition, then those of the fragments it spreads. */
class DocumentText extends String {
  readonly __meta__: { operationName?: string; fragmentName?: string };
  readonly #text: string;

  constructor(
    /** The operation or fragment as written. */
    readonly source: string,
    /** The fragments it needs, by name, nested ones included. */
    readonly fragments: ReadonlyMap<string, string> = new Map(),
  ) {
    const text = [source, ...fragments.values()].join('\n');
    super(text);
    this.#text = text;
    const [, kind, name] = /^\s*(query|mutation|subscription|fragment)\s+([_A-Za-z]\w*)/.exec(source) ?? [];
    if (!kind || !name) throw new Error(`A GraphQL document of the web app starts with a named definition: ${source}`);
    this.__meta__ = kind === 'fragment' ? { fragmentName: name } : { operationName: name };
  }

  override toString(): string {
    return this.#text;
  }
}

/**
 * A GraphQL document of the web app, written where it is used:
 * `const GetLabs = graphql(\`query GetLabs { labs { id } }\`)`. Its result and variables
 * types are the ones GraphQL Code Generator made from the server's schema for exactly that
 * text (src/gql/, `npm run codegen`; a text it has not seen matches no overload, so
 * `npm run typecheck` fails). Only the types come from there: the text stays in the
 * module that wrote it, so each page's documents load with that page and the console's
 * only with the console (docs/decisions/0038-typed-graphql-documents.md).
 */
export const graphql = ((source: string) => new DocumentText(source)) as unknown as typeof generatedGraphql;

/**
 * `document` with the definitions of the fragments it spreads, which the server needs in
 * the same request: `withFragments(graphql(\`… { ...UserFields }\`), UserFields)`. Codegen
 * checks that each spread names a fragment that fits; one left out here is refused by the
 * server's validation, in every test that sends the document.
 */
export function withFragments<D extends SomeDocument>(document: D, ...fragments: SomeDocument[]): D {
  const own = document as unknown as DocumentText;
  const needed = new Map(own.fragments);
  for (const fragment of fragments as unknown as DocumentText[]) {
    for (const [name, text] of fragment.fragments) needed.set(name, text);
    needed.set(fragment.__meta__.fragmentName!, fragment.source);
  }
  return new DocumentText(own.source, needed) as unknown as D;
}

/**
 * Sends one GraphQL operation to our API (same origin, cookie session), with its name as
 * `operationName` (the server's metrics and the browser tests pick requests by it).
 * Transport failures — a non-JSON body, an HTTP error without GraphQL errors, a
 * response with neither data nor errors — become the generic message (decisions §6).
 */
export async function gql<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [variables: TVariables]
): Promise<TResult> {
  return (await sendGraphql(graphqlRequest(document, ...([variables] as never)))) as TResult;
}

/** What sending `document` with `variables` asks: the body of the POST, as a server-rendered page lists it. */
export function graphqlRequest<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [variables: TVariables]
): GraphQLPageRequest {
  const operationName = (document as unknown as DocumentText).__meta__.operationName!;
  const request: GraphQLPageRequest = { operationName, query: document.toString() };
  if (variables !== undefined) request.variables = variables as Record<string, unknown>;
  return request;
}

/** Sends one GraphQL request and resolves to its `data` (see `gql`). */
export async function sendGraphql({ operationName, query, variables }: GraphQLPageRequest): Promise<unknown> {
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

  let body: GraphQLResponse<unknown>;
  try {
    body = (await response.json()) as GraphQLResponse<unknown>;
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

/**
 * A screen's query of one field of a GraphQL document, as TanStack Query options, with the
 * request written out so the server can answer it into a server-rendered page
 * (app/server-pages.ts, docs/decisions/0041): one definition for both, so the page the
 * server renders holds what the browser would have asked for, under the same key.
 */
export function fieldQuery<TResult, TVariables extends Record<string, unknown>, TField extends keyof TResult & string>(
  queryKey: readonly unknown[],
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  field: TField,
  /** How long an answer stays fresh: a rendered page's answers are not asked for again within it. */
  staleTime: number,
) {
  // The variables argument is optional only for documents without any; here they are always given.
  const asked = (graphqlRequest as (document: SomeDocument, variables: TVariables) => GraphQLPageRequest)(
    document as unknown as SomeDocument,
    variables,
  );
  const fieldOf = (answers: unknown[]) => (answers[0] as TResult)[field];
  const request: PageQuery = { queryKey, requests: [asked], data: fieldOf };
  const options = queryOptions({
    queryKey,
    queryFn: async (): Promise<TResult[TField]> => fieldOf([await sendGraphql(asked)]),
    staleTime,
  });
  return { request, options };
}
