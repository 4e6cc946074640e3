import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPERATION_LABELS } from '../graphql/operation-metrics';
import { createTestApp, makeMinimalWebApp, uniqueEmail, type TestApp } from '../test/test-app';
import { CourseDocuments } from '../modules/courses/course-routes';
import { registerWebApp } from './web-app';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** The value of one sample in a Prometheus text exposition, or undefined if absent. */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of exposition.split('\n')) {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** Every value a label takes in one metric's samples. */
function labelValues(exposition: string, name: string, label: string): Set<string> {
  const pattern = new RegExp(`^${name}\\{.*\\b${label}="([^"]*)"`);
  return new Set(
    exposition
      .split('\n')
      .map((line) => pattern.exec(line)?.[1])
      .filter((value): value is string => value !== undefined),
  );
}

async function scrape(app: TestApp): Promise<string> {
  const response = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** A GraphQL POST naming its operation in the body, as the web app sends them. */
function operation(app: TestApp, operationName: string, query: string, headers: Record<string, string> = {}) {
  return app.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ operationName, query }),
  });
}

describe('/metrics without METRICS_TOKEN', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('does not exist', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await plain.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('# TYPE');
    }
  });

  it('is a real 404 beside the web app, not its page shell', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'ehc-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    const site = Fastify();
    try {
      await registerWebApp(site, plain.services, new CourseDocuments(plain.services.catalogue), dist);
      expect((await site.inject({ method: 'GET', url: '/dashboard' })).body).toContain('shell');
      const response = await site.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('shell');
    } finally {
      await site.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['no Authorization header', {}],
    ['a wrong token of the same length', { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` }],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, 10)}` }],
    ['the token with another scheme', { authorization: `Basic ${TOKEN}` }],
    ['the bare token', { authorization: TOKEN }],
  ])('refuses %s with 401', async (_case, headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.body).not.toContain('# TYPE');
  });

  it('serves the Prometheus text format to the right bearer', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(response.body, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
  });

  it('times HTTP requests by route pattern, never by raw URL', async () => {
    const certificate = await t.app.inject({ method: 'GET', url: '/certificates/ABCDEF123456.png' });
    const missing = await t.app.inject({ method: 'GET', url: '/no/such/page-7f3a' });
    expect(missing.statusCode).toBe(404);

    const metrics = await scrape(t);
    const route = (name: string, status: number) => ({ method: 'GET', route: name, status_code: String(status) });
    expect(
      sample(metrics, 'http_request_duration_seconds_count', route('/certificates/:file', certificate.statusCode)),
    ).toBe(1);
    expect(sample(metrics, 'http_request_duration_seconds_count', route('not_found', 404))).toBe(1);
    expect(metrics).not.toContain('ABCDEF123456');
    expect(metrics).not.toContain('page-7f3a');
  });

  it('follows Prometheus naming: counters end in _total, no other type does', async () => {
    const metrics = await scrape(t);
    const types = [...metrics.matchAll(/^# TYPE (\w+) (\w+)$/gm)].map(([, name, type]) => ({
      name: name!,
      type: type!,
    }));
    expect(types.length).toBeGreaterThan(10);
    for (const { name, type } of types) {
      expect({ name, type, total: name.endsWith('_total') }).toEqual({ name, type, total: type === 'counter' });
    }
    expect(sample(metrics, 'nodejs_active_resources')).toBeGreaterThan(0);
  });

  it('counts GraphQL operations by name and type, and errors by code', async () => {
    await operation(t, 'WhoAmI', 'query WhoAmI { me { user_id } }');
    await operation(t, 'WhoAmI', 'query WhoAmI { me { user_id } }');
    await t.graphql('{ me { user_id } }');
    const email = uniqueEmail('metrics');
    await t.graphql('mutation Join($input: SignupInput!) { signupUser(input: $input) { user_id } }', {
      input: { email, password: 'secret12', confirm_password: 'secret12', full_name: 'Ira', phone: '9123456789' },
    });
    const refused = await operation(t, 'Courses', 'query Courses { catalogue { id } }');
    expect(refused.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const invalid = await operation(t, 'Broken', 'query Broken { noSuchField }');
    expect(invalid.statusCode).toBe(200);

    const metrics = await scrape(t);
    const ops = (operation: string, type: string) => sample(metrics, 'graphql_operations_total', { operation, type });
    const errors = (operation: string, code: string) => sample(metrics, 'graphql_errors_total', { operation, code });
    expect(ops('WhoAmI', 'query')).toBe(2);
    expect(ops('anonymous', 'query')).toBe(1);
    expect(ops('Join', 'mutation')).toBe(1);
    expect(ops('Courses', 'query')).toBe(1);
    expect(errors('Courses', 'UNAUTHENTICATED')).toBe(1);
    // Refused by validation: an error, but no operation ran.
    expect(errors('Broken', 'GRAPHQL_VALIDATION_FAILED')).toBe(1);
    expect(ops('Broken', 'query')).toBeUndefined();
    expect(errors('WhoAmI', 'UNAUTHENTICATED')).toBeUndefined();
  });

  it('counts a request the CSRF guard refuses as HTTP only', async () => {
    const response = await operation(t, 'CrossSite', 'query CrossSite { me { user_id } }', {
      'sec-fetch-site': 'cross-site',
    });
    expect(response.statusCode).toBe(403);

    const metrics = await scrape(t);
    expect(
      sample(metrics, 'http_request_duration_seconds_count', { method: 'POST', route: '/graphql', status_code: '403' }),
    ).toBe(1);
    expect(labelValues(metrics, 'graphql_operations_total', 'operation')).not.toContain('CrossSite');
    expect(labelValues(metrics, 'graphql_errors_total', 'operation')).not.toContain('CrossSite');
  });

  it('counts webhooks by event and result, trusting no label from an unsigned body', async () => {
    const post = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/webhooks/razorpay',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
        payload: body,
      });
    const forged = await post(JSON.stringify({ event: 'order.paid' }), 'f'.repeat(64));
    expect(forged.statusCode).toBe(400);
    const unhandled = JSON.stringify({ event: 'payment.authorized', payload: {} });
    const signed = await post(
      unhandled,
      createHmac('sha256', t.services.gateway.webhookSecret).update(unhandled).digest('hex'),
    );
    expect(signed.json()).toEqual({ status: 'ignored' });

    const metrics = await scrape(t);
    expect(sample(metrics, 'webhook_events_total', { event: 'unknown', result: 'rejected' })).toBe(1);
    expect(sample(metrics, 'webhook_events_total', { event: 'other', result: 'ignored' })).toBe(1);
    expect(labelValues(metrics, 'webhook_events_total', 'event')).not.toContain('order.paid');
  });

  it('reports the database pool on PostgreSQL, and no pool on SQLite', async () => {
    const metrics = await scrape(t);
    if (t.database.handle.kind === 'postgres') {
      expect(sample(metrics, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(metrics, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(metrics, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(metrics).not.toContain('db_pool_connections');
    }
  });
});

describe('GraphQL operation label cap', () => {
  let flooded: TestApp;
  beforeAll(async () => {
    flooded = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await flooded.close();
  });

  it('folds names beyond the cap into "other" and keeps those seen first', async () => {
    await operation(flooded, 'WhoAmI', 'query WhoAmI { me { user_id } }');
    const extra = 10;
    for (let i = 0; i < MAX_OPERATION_LABELS + extra; i += 1) {
      await operation(flooded, `Flood${i}`, `query Flood${i} { me { user_id } }`);
    }
    await operation(flooded, 'WhoAmI', 'query WhoAmI { me { user_id } }');

    const metrics = await scrape(flooded);
    const labels = labelValues(metrics, 'graphql_operations_total', 'operation');
    expect(labels.size).toBe(MAX_OPERATION_LABELS + 1);
    expect(sample(metrics, 'graphql_operations_total', { operation: 'WhoAmI', type: 'query' })).toBe(2);
    expect(sample(metrics, 'graphql_operations_total', { operation: 'other', type: 'query' })).toBe(extra + 1);
  });
});

describe("/metrics for the web app's files", () => {
  it('counts every hashed file under one route label, so a deploy adds no series', async () => {
    const web = makeMinimalWebApp();
    mkdirSync(join(web.dir, 'assets'));
    writeFileSync(join(web.dir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
    writeFileSync(join(web.dir, 'assets', 'index-Ef56Gh78.css'), 'body{}');
    const site = await createTestApp({ METRICS_TOKEN: TOKEN }, { webAppDir: web.dir });
    try {
      for (const file of ['index-Ab12Cd34.js', 'index-Ef56Gh78.css']) {
        expect((await site.app.inject({ method: 'GET', url: `/assets/${file}` })).statusCode).toBe(200);
      }
      const metrics = await scrape(site);
      expect(labelValues(metrics, 'http_request_duration_seconds_count', 'route')).toContain('/assets/*');
      expect(sample(metrics, 'http_request_duration_seconds_count', { route: '/assets/*', status_code: '200' })).toBe(
        2,
      );
      expect(metrics).not.toContain('Ab12Cd34');
    } finally {
      await site.close();
      web.remove();
    }
  });
});
