import { MESSAGES } from '@ehc/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_ALIASES, MAX_FIELDS, MAX_SAME_FIELD } from '../graphql/limits';
import { HEALTH_FRESH_MS } from './health';
import { PRODUCTION_BUSINESS_ENV, createTestApp, makePaid, uniqueEmail, type TestApp } from '../test/test-app';

const SIGNUP = `mutation SignupUser($input: SignupInput!) { signupUser(input: $input) { user_id } }`;

function signupBody(email: string) {
  return JSON.stringify({
    query: SIGNUP,
    variables: {
      input: { email, password: 'secret12', confirm_password: 'secret12', full_name: 'Ravi', phone: '9123456789' },
    },
  });
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function userExists(email: string): Promise<boolean> {
  const row = await t.services.db.selectFrom('app_user').select('id').where('user_id', '=', email).executeTakeFirst();
  return row !== undefined;
}

describe('CSRF protection on /graphql', () => {
  it.each([
    ['a text/plain body (a simple cross-site form post)', { 'content-type': 'text/plain' }],
    ['a form-encoded body', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['Sec-Fetch-Site: cross-site', { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { 'content-type': 'application/json', origin: 'https://evil.example' }],
    ['an Origin of another port', { 'content-type': 'application/json', origin: 'http://localhost:9999' }],
  ])('rejects %s before any side effect', async (_case, headers) => {
    const email = uniqueEmail('csrf');
    const response = await t.app.inject({ method: 'POST', url: '/graphql', headers, payload: signupBody(email) });
    expect([403, 415]).toContain(response.statusCode);
    expect(response.json().errors[0].extensions.code).toMatch(/CROSS_SITE_REQUEST|UNSUPPORTED_MEDIA_TYPE/);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await userExists(email)).toBe(false);
  });

  it('accepts a same-origin JSON POST from the browser', async () => {
    const email = uniqueEmail('same');
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: signupBody(email),
    });
    expect(response.statusCode).toBe(200);
    expect(await userExists(email)).toBe(true);
  });

  describe('a POST carrying the session cookie', () => {
    const ME = '{ me { user_id } }';
    const LOGOUT = 'mutation LogoutUser { logoutUser }';
    const COMPLETE = 'mutation { markLessonComplete(module_id: "cryptography", number: 1) { completed } }';

    async function paidLearner() {
      const email = uniqueEmail('cookie');
      const signup = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: signupBody(email),
      });
      const session = signup.cookies.find((c) => c.name === '__Host-ehc_session')!;
      await makePaid(t.services, email);
      return { email, cookie: `${session.name}=${session.value}` };
    }

    const post = (query: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ query }),
      });

    it('is refused without Origin or Sec-Fetch-Site, before any side effect', async () => {
      const { email, cookie } = await paidLearner();
      const unproven: Record<string, string>[] = [
        { cookie },
        { cookie, 'sec-fetch-site': 'same-site' },
        { cookie, 'sec-fetch-site': 'none' },
      ];
      for (const headers of unproven) {
        for (const query of [LOGOUT, COMPLETE]) {
          const response = await post(query, headers);
          expect(response.statusCode).toBe(403);
          expect(response.json().errors[0].extensions.code).toBe('CROSS_SITE_REQUEST');
          expect(response.headers['set-cookie']).toBeUndefined();
        }
      }
      // The session survived the logouts and no lesson was marked.
      expect((await t.graphql(ME, {}, { cookie })).body.data?.me).toEqual({ user_id: email });
      const progress = await t.services.db
        .selectFrom('lesson_progress')
        .innerJoin('app_user', 'app_user.id', 'lesson_progress.user_ref')
        .select('lesson_slug')
        .where('app_user.user_id', '=', email)
        .execute();
      expect(progress).toEqual([]);
    });

    it('is served with a same-origin Origin or Sec-Fetch-Site: same-origin', async () => {
      const { cookie } = await paidLearner();
      const proofs: Record<string, string>[] = [
        { origin: 'http://localhost:3000' },
        { 'sec-fetch-site': 'same-origin' },
      ];
      for (const proof of proofs) {
        const response = await post(COMPLETE, { cookie, ...proof });
        expect(response.statusCode).toBe(200);
        expect(response.json().data.markLessonComplete).toEqual({ completed: false });
      }
    });

    it('is not needed without the cookie: a signed-out client may still sign up', async () => {
      const email = uniqueEmail('no-cookie');
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', cookie: 'theme=dark' },
        payload: signupBody(email),
      });
      expect(response.statusCode).toBe(200);
      expect(await userExists(email)).toBe(true);
    });
  });

  it('refuses GET, so a link or image can never run an operation', async () => {
    const query = encodeURIComponent('{ me { user_id } }');
    const response = await t.app.inject({ method: 'GET', url: `/graphql?query=${query}` });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('refuses %s with a 405 that names POST', async (method) => {
    const response = await t.app.inject({
      method,
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: signupBody('put.method@example.com'),
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json().errors[0].extensions.code).toBe('METHOD_NOT_ALLOWED');
    expect(await userExists('put.method@example.com')).toBe(false);
  });
});

describe('API answers', () => {
  it('marks API answers no-store', async () => {
    const response = await t.graphql('{ me { user_id } }');
    expect(response.response.headers['cache-control']).toBe('no-store');
  });
});

describe('GraphQL limits', () => {
  it('rejects a query nested deeper than 8 levels', async () => {
    const deep = `{ ${'__schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }'} }`;
    const result = await t.graphql(deep);
    expect(result.status).toBe(200);
    expect(result.body.data ?? null).toBeNull();
  });

  it('rejects a deep query even when its operation is named __schema', async () => {
    const deep = `query __schema { __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }`;
    expect((await t.graphql(deep)).status).toBe(200);
  });

  it('rejects a batch of operations', async () => {
    const batch = Array.from({ length: 20 }, () => ({ query: '{ me { user_id } }' }));
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(batch),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('refuses many selections of one field before graphql-js validates the query', async () => {
    // ~6 KB: validating this costs graphql-js's OverlappingFieldsCanBeMerged a pairwise
    // comparison of all 495 fields. The second field conflicts with the first, so had
    // validation run it would have reported that conflict; only our limit answers.
    const repeated = Array.from({ length: 495 }, () => 'me { user_id }').join(' ');
    const result = await t.graphql(`{ me { user_id: full_name } ${repeated} }`);
    expect(result.status).toBe(200);
    expect(result.body.errors).toEqual([
      {
        message: `Query selects "me" more than ${MAX_SAME_FIELD} times in one place.`,
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    ]);
  });

  it('counts fields through fragments before validation', async () => {
    // Few bytes and no field written twice, yet 155 fields once the spreads are expanded.
    // `nope` does not exist: had validation run, it would have said so.
    const result = await t.graphql(`
      { nope ...Q ...Q ...Q ...Q ...Q }
      fragment Q on Query { me { ...U ...U ...U ...U ...U } }
      fragment U on User { user_id full_name phone payment_status subscribed __typename }
    `);
    expect(result.status).toBe(200);
    expect(result.body.errors).toEqual([
      { message: `Query has more than ${MAX_FIELDS} fields.`, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
    ]);
  });

  it('still refuses more than 10 aliases, and accepts what the UI sends', async () => {
    const aliases = Array.from({ length: 11 }, (_, i) => `a${i}: me { user_id }`).join(' ');
    const tooMany = await t.graphql(`{ ${aliases} }`);
    expect(tooMany.status).toBe(200);
    expect(tooMany.body.errors?.[0]?.message).toBe(`Query has more than ${MAX_ALIASES} aliases.`);
    const ui = await t.graphql(
      `query GetCatalogue { catalogue { id title description icon difficulty lesson_count lessons { number title summary } } }`,
    );
    expect(ui.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['an object shaped like a syntax tree', { kind: 'Document', definitions: [] }],
    ['a number', 5],
    ['an array holding a query', ['{ me { user_id } }']],
    ['true', true],
    ['null', null],
  ])('refuses a query that is %s, before any GraphQL work', async (_case, query) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          message: 'Send one operation as a JSON object whose "query" is GraphQL text.',
          // Refused by the input guard before GraphQL runs: the plain routes' error shape.
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED', requestId: expect.any(String) },
        },
      ],
    });
  });

  it('refuses a query string that is a JSON syntax tree rather than GraphQL text', async () => {
    const tree = {
      kind: 'Document',
      definitions: [{ kind: 'OperationDefinition', operation: 'query', selectionSet: { kind: 'SelectionSet' } }],
    };
    const result = await t.graphql(JSON.stringify(tree));
    expect(result.status).toBe(200);
    expect(result.body.errors?.map((e) => e.message)).toEqual(['The query must be GraphQL text.']);
    expect(t.logs.some((line) => line.includes('"level":50'))).toBe(false);
  });

  it('rejects an oversized document', async () => {
    const fields = Array.from({ length: 1200 }, () => 'user_id').join(' ');
    const result = await t.graphql(`{ me { ${fields} } }`);
    expect(result.status).toBe(200);
  });
});

describe('production mode', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      APP_ORIGIN: 'https://course.example.com',
      PAYMENTS_ALLOW_SIMULATED: 'true',
      ...PRODUCTION_BUSINESS_ENV,
    });
  });
  afterAll(async () => {
    await prod.close();
  });

  it('refuses introspection', async () => {
    const result = await prod.graphql('{ __schema { queryType { name } } }');
    expect(result.status).toBe(200);
    expect(result.body.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it('gives no field suggestions', async () => {
    const result = await prod.graphql('{ mee { user_id } }');
    expect(result.body.errors?.[0]?.message).toBe('Cannot query field "mee" on type "Query".');
  });

  it('sends HSTS', async () => {
    const response = await prod.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('accepts the configured origin and refuses others', async () => {
    const post = (origin: string) =>
      prod.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', origin, host: 'internal:3000' },
        payload: JSON.stringify({ query: '{ me { user_id } }' }),
      });
    expect((await post('https://course.example.com')).statusCode).toBe(200);
    expect((await post('https://evil.example.com')).statusCode).toBe(403);
  });
});

describe('health and failures', () => {
  it('answers 200 while the database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('asks the database once for all the checks of a second, then again', async () => {
    const app = await createTestApp();
    try {
      const ping = vi.spyOn(app.database.handle, 'ping');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => app.app.inject({ method: 'GET', url: '/healthz' })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
      expect(ping).toHaveBeenCalledTimes(1);
      vi.useFakeTimers({ now: Date.now() + HEALTH_FRESH_MS, toFake: ['Date'] });
      expect((await app.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(ping).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });

  it('answers 503 when the database is gone, and errors stay generic with a request id', async () => {
    const broken = await createTestApp();
    await broken.database.handle.close();

    const health = await broken.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable' });

    const result = await broken.graphql(SIGNUP, {
      input: {
        email: uniqueEmail('down'),
        password: 'secret12',
        confirm_password: 'secret12',
        full_name: 'R',
        phone: '9123456789',
      },
    });
    expect(result.status).toBe(200);
    const error = result.body.errors?.[0] as { message: string; extensions: { code: string; requestId: string } };
    expect(error.message).toBe(MESSAGES.generic);
    expect(error.extensions.code).toBe('INTERNAL');
    expect(error.extensions.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.response.body).not.toMatch(/at .*\.ts:\d+|stack|sqlite|postgres/i);
    const logged = broken.logs.filter(
      (line) => line.includes(error.extensions.requestId) && line.includes('unexpected error'),
    );
    expect(logged).toHaveLength(1);

    await broken.app.close();
    await broken.database.drop().catch(() => {});
  });
});

describe('the log', () => {
  it('takes Fastify’s own lines and each request’s, the request’s with its id', async () => {
    const own = await createTestApp();
    // Fastify logs through the app's logger when it starts listening.
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (own.app.server.address() as { port: number }).port;
    // The line writes the id unescaped: it must be the server's own, never a header's.
    await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'request-id': 'a"b', 'x-request-id': 'a"b' } });
    await own.app.close();
    const lines = own.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 30, msg: `Server listening at http://127.0.0.1:${port}` }),
    );
    const request = lines.find((line) => line.msg === 'request' && line.path === '/healthz');
    expect(request).toMatchObject({ method: 'GET', statusCode: 200 });
    expect(request!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(request!.ms).toEqual(expect.any(Number));
    await own.database.drop().catch(() => {});
  });
});
