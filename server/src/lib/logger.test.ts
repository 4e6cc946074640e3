import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const LOGGER = fileURLToPath(new URL('./logger.ts', import.meta.url));

describe('the server’s log', () => {
  it('keeps the last line when the process crashes straight after logging it, though it writes asynchronously', async () => {
    // The server's own destination, in a process that logs and then throws before the event
    // loop takes another turn (a callback of process.nextTick runs before any other).
    const script = `
      import { pino } from 'pino';
      import { loggerOptions, stdoutLog } from ${JSON.stringify(LOGGER)};
      pino(loggerOptions('info'), stdoutLog()).error('the last words');
      process.nextTick(() => { throw new Error('crash'); });
    `;
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(run).toMatchObject({ code: 1, stderr: expect.stringContaining('crash') });
    expect(run.stdout).toContain('"msg":"the last words"');
  });
});
