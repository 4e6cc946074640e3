import { auditServer } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// The GraphQL-over-HTTP conformance audit (graphql-http's auditServer) against the app's
// own /graphql, every request going through the real Fastify app and its guards. Each
// MUST must pass, and each SHOULD: the notices left are MAYs (a 400 for a mistyped
// operationName, GET requests), which the app answers in another allowed way.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function throughTheApp(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(String(input));
  const answer = await t.app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: `${url.pathname}${url.search}`,
    // What a browser adds to a same-site fetch; the audit's requests are the app's own kind.
    headers: { ...(init.headers as Record<string, string>), 'sec-fetch-site': 'same-origin' },
    payload: init.body as string | undefined,
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) headers.set(name, String(value));
  }
  return new Response(answer.rawPayload.length > 0 ? new Uint8Array(answer.rawPayload) : null, {
    status: answer.statusCode,
    headers,
  });
}

describe('GraphQL over HTTP', () => {
  it('passes every MUST and SHOULD of the graphql-http audit', async () => {
    const results = await auditServer({ url: 'http://localhost/graphql', fetchFn: throughTheApp });
    expect(results.length).toBeGreaterThan(40);
    const failed = results
      .filter((result) => result.status === 'error' || result.status === 'warn')
      .map((result) => `${result.status} ${result.id} ${result.name}: ${'reason' in result ? result.reason : ''}`);
    expect(failed).toEqual([]);
  });

  it('answers application/graphql-response+json when asked, with 400 and no data for a request error', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json;q=0.9',
        'sec-fetch-site': 'same-origin',
      },
      payload: JSON.stringify({ query: '{ notAField }' }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(Object.keys(answer.json())).toEqual(['errors']);
  });

  it('keeps 200 for the same error under application/json, and takes "extensions": null', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json', 'sec-fetch-site': 'same-origin' };
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers,
      payload: JSON.stringify({ query: '{ notAField }' }),
    });
    expect(invalid.statusCode).toBe(200);
    expect(invalid.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(invalid.json())).toEqual(['errors']);
    const nullExtensions = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers,
      payload: JSON.stringify({ query: '{ __typename }', extensions: null }),
    });
    expect(nullExtensions.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
