import { execFile } from 'node:child_process';
import fs, { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOG_FLUSH_MS, batchedLogStream } from './log-stream';

const LOG_STREAM = fileURLToPath(new URL('./log-stream.ts', import.meta.url));
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * SonicBoom's own writes go through the fs module it shares with this test. Each is
 * answered as done in full, without touching the file.
 */
function answerWritesWithoutWriting() {
  return vi.spyOn(fs, 'write').mockImplementation(((...args: unknown[]) => {
    const done = args.at(-1) as (error: null, written: number) => void;
    process.nextTick(() => done(null, Buffer.byteLength(args[1] as string)));
  }) as typeof fs.write);
}

describe('the batched log stream', () => {
  let dir: string;
  let file: string;
  let fd: number;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ehc-log-'));
    file = join(dir, 'log');
    fd = openSync(file, 'w');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });
  const written = () => readFileSync(file, 'utf8');

  it('writes a lone line within the flush interval, though far less than a batch is waiting', async () => {
    const stream = batchedLogStream(fd);
    stream.write('{"msg":"alone"}\n');
    const start = Date.now();
    await expect.poll(written, { timeout: 10 * LOG_FLUSH_MS, interval: 10 }).toBe('{"msg":"alone"}\n');
    // Generous for a busy machine, yet far below "never" (a batch of 32 KB that never fills).
    expect(Date.now() - start).toBeLessThan(8 * LOG_FLUSH_MS);
  });

  it('writes nothing while nothing is logged, and one write for the lines of a quiet moment', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
    const writes = answerWritesWithoutWriting();
    const stream = batchedLogStream(fd);
    vi.advanceTimersByTime(20 * LOG_FLUSH_MS);
    expect(writes).not.toHaveBeenCalled();

    stream.write('{"msg":"one"}\n');
    stream.write('{"msg":"two"}\n');
    vi.advanceTimersByTime(LOG_FLUSH_MS - 1);
    expect(writes).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(writes).toHaveBeenCalledTimes(1);
    expect(writes.mock.calls[0]![1]).toBe('{"msg":"one"}\n{"msg":"two"}\n');

    // Idle again: no more writes, empty or not.
    vi.advanceTimersByTime(20 * LOG_FLUSH_MS);
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it('writes a full batch as soon as it is full, without waiting for the interval', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
    const writes = answerWritesWithoutWriting();
    const stream = batchedLogStream(fd);
    const line = `${JSON.stringify({ msg: 'x'.repeat(200) })}\n`;
    const perBatch = Math.ceil((32 * 1024) / line.length);
    for (let n = 1; n < perBatch; n += 1) stream.write(line);
    expect(writes).not.toHaveBeenCalled();
    stream.write(line);
    expect(writes).toHaveBeenCalledTimes(1);
    expect(writes.mock.calls[0]![1]).toBe(line.repeat(perBatch));
  });

  it('keeps every line, byte for byte and in order, across turns and batches', async () => {
    const stream = batchedLogStream(fd);
    const lines: string[] = [];
    for (let turn = 0; turn < 40; turn += 1) {
      for (let n = 0; n < 250; n += 1) {
        // Multi-byte text: a batch split by bytes must not cut a character.
        const line = `${JSON.stringify({ turn, n, msg: `पाठ पूरा ✓ ${'x'.repeat(n % 90)}` })}\n`;
        lines.push(line);
        stream.write(line);
      }
      await nextTurn();
    }
    const all = lines.join('');
    // The last batch is smaller than a write's worth: it goes out on the flush interval.
    await expect.poll(() => written().length, { timeout: 10 * LOG_FLUSH_MS, interval: 10 }).toBe(all.length);
    expect(written()).toBe(all);
  });

  it('writes every waiting line at once on flushSync', () => {
    const stream = batchedLogStream(fd);
    const log = pino({ base: undefined }, stream);
    log.info('one');
    log.warn('two');
    stream.flushSync();
    expect(
      written()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['one', 'two']);
  });

  it("keeps the server's last line when the process crashes straight after logging it", async () => {
    // The server's own stream, in a process that logs and then throws before the event
    // loop takes another turn (a callback of process.nextTick runs before any other).
    const script = `
      import { pino } from 'pino';
      import { serverLogStream } from ${JSON.stringify(LOG_STREAM)};
      pino({}, serverLogStream()).error('the last words');
      process.nextTick(() => { throw new Error('crash'); });
    `;
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(run).toMatchObject({ code: 1, stderr: expect.stringContaining('crash') });
    expect(run.stdout).toContain('"msg":"the last words"');
  });
});
