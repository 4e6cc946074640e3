import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './server-process';

const SUPERVISOR = fileURLToPath(new URL('../../../labs/src/host/supervise.ts', import.meta.url));

export const TEST_LAB_SECRETS = {
  LAB_TOKEN_SECRET: 'test-lab-token-secret-0123456789abcdef',
  LAB_FLAG_SECRET: 'test-lab-flag-secret-0123456789abcdefgh',
};

/** A supervised lab host (`npm run labs`), as production runs it: its own processes, under the permission model. */
export interface LabHostProcess {
  url: string;
  lines: string[];
  /** The pid of the lab host the supervisor runs now. */
  hostPid(): number;
  /** Resolves when a lab host with another pid than `previous` answers /healthz. */
  restartedAfter(previous: number): Promise<number>;
  stop(): Promise<void>;
}

export async function startLabHostProcess(env: Record<string, string> = {}): Promise<LabHostProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', SUPERVISOR], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      LAB_PORT: String(port),
      ...TEST_LAB_SECRETS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffered = '';
  const collect = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    lines.push(...complete.filter(Boolean));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exit: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = `code ${code}, signal ${signal}`;
      resolve();
    }),
  );
  const pids = () =>
    lines
      .filter((line) => line.includes('"lab host started"'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid);
  const healthy = () =>
    waitFor(`the lab host on ${url}`, async () => ((await fetch(`${url}/healthz`)).ok ? true : undefined), {
      failIf: () => exit && `the lab supervisor exited (${exit}):\n${lines.join('\n')}`,
    });
  await healthy();
  return {
    url,
    lines,
    hostPid: () => pids().at(-1)!,
    async restartedAfter(previous) {
      await waitFor('a new lab host', async () => (pids().at(-1) !== previous ? true : undefined));
      await healthy();
      return pids().at(-1)!;
    },
    async stop() {
      if (exit) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
