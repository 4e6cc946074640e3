import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';
import { requestLoggerOnFirstUse } from './request-log';

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
