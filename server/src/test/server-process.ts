import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** A real server process (`node server/src/main.ts`), as production runs it. */
export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every line the process wrote to stdout (pino's JSON lines). */
  lines: string[];
  stderr: string[];
  /** Why it exited, or null while it runs. */
  exited(): string | null;
  /** SIGTERM, then waits for the exit (graceful shutdown). */
  stop(): Promise<void>;
  child: ChildProcess;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface WaitOptions {
  timeoutMs?: number;
  /** Checked before every try: a reason (e.g. "the server exited") ends the wait at once. */
  failIf?: () => string | false | null;
}

/**
 * Polls `attempt` until it returns a value (not undefined), yielding to the event loop
 * between tries. For conditions a test cannot be told about (a process listening, a row
 * written by another process); fails with `what` after `timeoutMs`.
 */
export async function waitFor<T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  { timeoutMs = 30_000, failIf }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const failure = failIf?.();
    if (failure) throw new Error(`${failure} (while waiting for ${what})`);
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Starts the server with `env` (plus PATH and a free PORT) and resolves once /healthz answers 200. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const stderr: string[] = [];
  let exit: string | null = null;
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    lines.push(...complete.filter(Boolean));
  });
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = `code ${code}, signal ${signal}`;
      resolve();
    }),
  );
  await waitFor(`the server on ${url} to answer /healthz`, async () => {
    if (exit) throw new Error(`server exited (${exit}):\n${stderr.join('')}`);
    const response = await fetch(`${url}/healthz`);
    return response.ok ? true : undefined;
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr.join('')}`);
  });
  return {
    url,
    lines,
    stderr,
    child,
    exited: () => exit,
    async stop() {
      if (exit) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
