import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';
import { RequestRecords, requestLoggerOnFirstUse } from './request-log';

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
    const requestLog = requestLoggerOnFirstUse(parent, { reqId: 'r-1' }, {});
    expect(requestLog.level).toBe('info');
    expect(children).toBe(0);

    requestLog.warn('first');
    requestLog.error('second');
    expect(children).toBe(1);
  });

  it('writes what a child would: the request id bound, the app redaction applied', async () => {
    const { log, lines } = capturingLogger();
    const requestLog = requestLoggerOnFirstUse(log, { reqId: 'r-2' }, {});
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
    const requestLog = requestLoggerOnFirstUse(log, { reqId: 'r-3' }, { level: 'error' });
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
    const complete = (path: string, error: Error | null = null, statusCode = 200) => {
      const reply = {
        statusCode,
        elapsedTime: 12.4,
        log: { error: (...args: unknown[]) => log.error(...(args as [object, string])) },
      };
      const request = { id: 'req-1', method: 'GET', url: path, routeOptions: { url: '/things/:id' } };
      records.requestCompleted(error, request as never, reply as never);
    };
    return { written, complete, log, registry };
  }

  it('is the line pino writes for the same fields', () => {
    const { written, complete, log } = recordsWith('info');
    complete('/things/1?token=secret');
    log.info({ reqId: 'req-1', method: 'GET', path: '/things/1', statusCode: 200, ms: 12 }, 'request');
    const [ours, pinos] = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(ours!)).toEqual(Object.keys(pinos!));
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 });
    expect(ours!.pid).toBe(process.pid);
    expect(written[0]).not.toContain('secret');
    expect(written[0]!.endsWith('}\n')).toBe(true);
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

  it('logs a failed request through the logger, redaction included', () => {
    const { written, complete } = recordsWith('warn');
    const error = Object.assign(new Error('boom'), { token: 'tok_secret' });
    complete('/things/1', error, 500);
    expect(written).toHaveLength(1);
    const line = JSON.parse(written[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 50, msg: 'request failed', statusCode: 500, path: '/things/1' });
    expect(written[0]).not.toContain('tok_secret');
  });

  it('times each request under its route pattern', async () => {
    const { complete, registry } = recordsWith('info');
    complete('/things/1');
    complete('/things/2');
    complete('/things/3', null, 404);
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
