import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';
import { RequestRecords, requestLoggers } from './request-log';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino(loggerOptions('info'), stream), lines };
}

describe('request loggers built on first use', () => {
  it('builds no child logger for a request that logs nothing', () => {
    const { log } = capturingLogger();
    let children = 0;
    const parent = new Proxy(log, {
      get(target, name, receiver) {
        if (name === 'child') children += 1;
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    const requestLog = requestLoggers(parent).call(null as never, null as never, { reqId: 'r-1' }, {}, null as never);
    expect(requestLog.level).toBe('info');
    expect(children).toBe(0);

    requestLog.warn('first');
    requestLog.error('second');
    expect(children).toBe(1);
  });

  it('writes what a child would: the request id bound, the app redaction applied', async () => {
    const { log, lines } = capturingLogger();
    const requestLog = requestLoggers(log).call(null as never, null as never, { reqId: 'r-2' }, {}, null as never);
    requestLog.warn({ headers: { cookie: 'ehc_session=abc' }, input: { password: 'hunter22' } }, 'careful');
    requestLog.child({ component: 'payments' }).info('nested');
    requestLog.debug('below the level');
    await new Promise((resolve) => setImmediate(resolve));

    expect(lines).toEqual([
      expect.objectContaining({
        reqId: 'r-2',
        msg: 'careful',
        headers: { cookie: '[redacted]' },
        input: { password: '[redacted]' },
      }),
      expect.objectContaining({ reqId: 'r-2', component: 'payments', msg: 'nested' }),
    ]);
  });

  it('takes a route’s own level', () => {
    const { log } = capturingLogger();
    const requestLog = requestLoggers(log).call(
      null as never,
      null as never,
      { reqId: 'r-3' },
      { level: 'error' },
      null as never,
    );
    expect(requestLog.level).toBe('error');
    requestLog.level = 'debug';
    expect(requestLog.level).toBe('debug');
  });
});

describe('the request line', () => {
  function recordsWith(level: string) {
    const written: string[] = [];
    const destination = { write: (line: string) => void written.push(line) };
    const log = pino({ ...loggerOptions(level) }, destination);
    const registry = new Registry();
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'test',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    const records = new RequestRecords({ log, destination, durations });
    const request = (url: string) => {
      const raw = {} as IncomingMessage;
      const id = records.begin(raw);
      return { id, raw, method: 'GET', url, routeOptions: { url: '/things/:id' } } as unknown as FastifyRequest;
    };
    const complete = (url: string, statusCode = 200) => records.record(request(url), statusCode);
    return { written, complete, request, records, log, registry };
  }

  it('is the line pino writes for the same fields', () => {
    const { written, complete, log } = recordsWith('info');
    complete('/things/1?token=secret');
    const ours = JSON.parse(written[0]!) as Record<string, unknown>;
    log.info({ reqId: ours.reqId, method: 'GET', path: '/things/1', statusCode: 200, ms: ours.ms }, 'request');
    const pinos = JSON.parse(written[1]!) as Record<string, unknown>;
    expect(Object.keys(ours)).toEqual(Object.keys(pinos));
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 });
    expect(ours.pid).toBe(process.pid);
    expect(ours.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(written[0]).not.toContain('secret');
    expect(written[0]!.endsWith('}\n')).toBe(true);
  });

  it('times the request from its start', () => {
    const { written, request, records } = recordsWith('info');
    const slow = request('/things/1');
    const startedAt = performance.now();
    while (performance.now() - startedAt < 5) {
      // the request's own work
    }
    records.record(slow, 200);
    expect((JSON.parse(written[0]!) as { ms: number }).ms).toBeGreaterThanOrEqual(5);
  });

  it('escapes whatever the path holds', () => {
    const { written, complete } = recordsWith('info');
    const path = '/a"b\\c\n\u2028\u0007/ಕನ್ನಡ';
    complete(path);
    expect(written).toHaveLength(1);
    expect((JSON.parse(written[0]!) as { path: string }).path).toBe(path);
  });

  it('follows the logger’s level', () => {
    const { written, complete } = recordsWith('warn');
    complete('/things/1');
    expect(written).toEqual([]);
  });

  it('writes what Fastify reports of a request and its reply in a few fields, with no query string', () => {
    const { written, request, records } = recordsWith('info');
    const failing = request('/things/1?token=tok_secret');
    const reply = {
      statusCode: 500,
      raw: { socket: {} },
      log: pino(loggerOptions('info'), { write: (line: string) => void written.push(line) }),
    };
    records.defaultErrorLog(new Error('boom'), failing, reply as never);
    const line = JSON.parse(written[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 50,
      msg: 'boom',
      req: { id: failing.id, method: 'GET', path: '/things/1' },
      res: { statusCode: 500 },
      err: { type: 'Error', message: 'boom' },
    });
    expect(Object.keys(line.res as object)).toEqual(['statusCode']);
    expect(written[0]).not.toContain('tok_secret');
  });

  it('times each request under its route pattern', async () => {
    const { complete, registry } = recordsWith('info');
    complete('/things/1');
    complete('/things/2');
    complete('/things/3', 404);
    const metrics = await registry.getMetricsAsJSON();
    const counts = (metrics[0]!.values as { metricName?: string; labels: object; value: number }[]).filter(
      (value) => value.metricName === 'http_request_duration_seconds_count',
    );
    expect(counts.map((value) => [value.labels, value.value])).toEqual([
      [{ method: 'GET', route: '/things/:id', status_code: '200' }, 2],
      [{ method: 'GET', route: '/things/:id', status_code: '404' }, 1],
    ]);
  });
});
