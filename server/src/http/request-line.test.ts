import { Readable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { Histogram, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../lib/logger';
import { registerRequestLine } from './request-line';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A Fastify app logging as the app does (app.ts), with a few routes. */
async function appLogging(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const registry = new Registry();
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'test',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const log: FastifyBaseLogger = pino(loggerOptions(level), {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const app = Fastify({
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: true }),
  });
  apps.push(app);
  registerRequestLine(app, durations);
  app.get('/things/:id', async () => ({ ok: true }));
  app.get('/careful', async (request) => {
    request.log.warn({ headers: { cookie: '__Host-ehc_session=abc' }, input: { password: 'hunter22' } }, 'careful');
    return { ok: true };
  });
  app.get('/cut-off', (_request, reply) => {
    let chunks = 0;
    const body = new Readable({
      read() {
        chunks += 1;
        if (chunks < 3) this.push('x'.repeat(64 * 1024));
        else this.destroy(new Error('the file went away'));
      },
    });
    return reply.type('text/plain').send(body);
  });
  await app.ready();
  return { app, lines, registry };
}

describe('the request line', () => {
  it('is one line a request from Fastify’s logger: id, method, path without the query, status, ms', async () => {
    const { app, lines } = await appLogging();
    await app.inject({ url: '/things/1?token=secret' });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: 'req-1',
        method: 'GET',
        path: '/things/1',
        statusCode: 200,
        ms: expect.any(Number),
        msg: 'request',
      }),
    ]);
    expect(lines[0]!.pid).toBe(process.pid);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('leaves request.log with the app’s redaction', async () => {
    const { app, lines } = await appLogging();
    await app.inject({ url: '/careful' });
    expect(lines[0]).toMatchObject({
      reqId: 'req-1',
      msg: 'careful',
      headers: { cookie: '[redacted]' },
      input: { password: '[redacted]' },
    });
    expect(JSON.stringify(lines)).not.toMatch(/hunter22|=abc/);
  });

  it('follows the logger’s level', async () => {
    const { app, lines } = await appLogging('warn');
    await app.inject({ url: '/things/1' });
    expect(lines).toEqual([]);
  });

  it('is written for an answer cut off half-way, which never completes', async () => {
    const { app, lines } = await appLogging();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    await expect(fetch(`http://127.0.0.1:${port}/cut-off`).then((response) => response.text())).rejects.toThrow();
    await expect
      .poll(() => lines.filter((line) => line.msg === 'request'))
      .toEqual([
        expect.objectContaining({ method: 'GET', path: '/cut-off', aborted: true, reqId: expect.any(String) }),
      ]);
  });

  it('times each request under its route pattern', async () => {
    const { app, registry } = await appLogging();
    await app.inject({ url: '/things/1' });
    await app.inject({ url: '/things/2' });
    await app.inject({ url: '/nowhere' });
    const metrics = await registry.getMetricsAsJSON();
    const counts = (metrics[0]!.values as { metricName?: string; labels: object; value: number }[]).filter(
      (value) => value.metricName === 'http_request_duration_seconds_count',
    );
    expect(counts.map((value) => [value.labels, value.value])).toEqual([
      [{ method: 'GET', route: '/things/:id', status_code: '200' }, 2],
      [{ method: 'GET', route: 'not_found', status_code: '404' }, 1],
    ]);
  });
});
