// `npm run instructions`: the user-space instructions a server runs per request, counted by
// Valgrind's callgrind, for the bare Fastify hello-world and the app's `/healthz` and app
// shell (`GET /`) on SQLite at the `info` log level. A timed reading on a shared machine
// moves by more than a change of a few per cent; a count of the main thread's
// instructions repeats within about 1 % (decision 0030), so it weighs such a change where
// `npm run bench` cannot. Only the main thread, where the requests run: V8's background
// threads still compile during the window, and how much of that falls in it depends on
// how busy the machine is. Instructions are not time: cache misses and the kernel's work
// are not in them, and V8's regular expressions (Node checks every header with them)
// count several times what they cost outside valgrind (decision 0031).
// Measures; asserts nothing. `--requests N` (default 3000) after four times as many to warm up.
// Needs valgrind (Debian's package `valgrind`) and a built web app (npm run build).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_ARGS } from './lib/server-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const requestsFlag = process.argv.indexOf('--requests');
const REQUESTS = requestsFlag > 0 ? Number(process.argv[requestsFlag + 1]) : 3000;
// Under valgrind V8's background compiler gets the CPU only when the main thread lets go
// of it, so code is optimised late: a short warm-up left the hello-world's count at
// 73,000 in one run and 111,000 in the next.
const WARM_UP = 4 * REQUESTS;
// Under valgrind the server runs some fifty times slower: few connections are enough.
const CONNECTIONS = 20;
// A request can wait seconds behind the others under valgrind on a busy machine.
const TIMEOUT_S = 60;

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('valgrind is not installed: apt-get install -y valgrind');
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), 'ehc-instructions-'));

/** Runs `nodeArgs` under callgrind, warms it, counts REQUESTS requests to `path`. */
async function count(label, nodeArgs, env, path) {
  const out = join(work, label);
  const server = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--callgrind-out-file=${out}.%p`,
      process.execPath,
      ...nodeArgs,
    ],
    { cwd: root, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    const base = await listening(server, env.PORT);
    const url = `${base}${path}`;
    await autocannon({ url, connections: CONNECTIONS, amount: WARM_UP, timeout: TIMEOUT_S });
    control('-i', 'on', server.pid);
    const result = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS, timeout: TIMEOUT_S });
    control('-i', 'off', server.pid);
    control('-d', server.pid);
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(
        `${label}: ${url} answered ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts)`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
  const totals = readdirSync(work)
    // One file per thread and dump: `<label>.<pid>-01` and `<label>.<pid>.<dump>-01` are the main thread's.
    .filter((file) => file.startsWith(`${label}.`) && file.endsWith('-01'))
    .flatMap((file) => readFileSync(join(work, file), 'utf8').match(/^totals: \d+$/gm) ?? [])
    .reduce((sum, line) => sum + Number(line.slice('totals: '.length)), 0);
  return Math.round(totals / REQUESTS);
}

function control(...args) {
  const done = spawnSync('callgrind_control', args.map(String), { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`callgrind_control ${args.join(' ')}: ${done.stderr}`);
}

/** The app says nothing on stdout we need; the bare server prints its port. Waits up to 3 min. */
async function listening(server, port) {
  const printed = port
    ? Promise.resolve(Number(port))
    : new Promise((resolve) => server.stdout.once('data', (line) => resolve(Number(String(line).trim()))));
  server.stdout.resume();
  const base = `http://127.0.0.1:${await printed}`;
  for (let attempt = 0; attempt < 900; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).status < 500) return base;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not come up under valgrind in 3 minutes');
}

async function freePort() {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return String(port);
}

async function appEnv() {
  const port = await freePort();
  return {
    PORT: port,
    DATABASE_URL: `sqlite:${join(work, `app-${port}.sqlite`)}`,
    LOG_LEVEL: 'info',
    APP_ORIGIN: `http://127.0.0.1:${port}`,
    // The lab site must be on another host (env.ts: cookies ignore ports); none is started.
    LAB_ORIGIN: `http://localhost:${Number(port) + 1}`,
  };
}

try {
  const hello = await count('hello', ['--import', 'tsx', 'scripts/lib/bare-server.mjs', 'hello'], {}, '/');
  const healthz = await count('healthz', SERVER_NODE_ARGS, await appEnv(), '/healthz');
  const shell = await count('shell', SERVER_NODE_ARGS, await appEnv(), '/');
  const row = (name, value) =>
    `  ${name.padEnd(28)}${value.toLocaleString('en-US').padStart(10)}${value === hello ? '' : `  (${(value / hello).toFixed(2)}× the hello-world)`}`;
  console.log(`Instructions a request (callgrind; ${REQUESTS} requests after ${WARM_UP} to warm up; main thread)`);
  console.log(row('bare Fastify hello-world', hello));
  console.log(row('GET /healthz', healthz));
  console.log(row('GET / (app shell)', shell));
} finally {
  rmSync(work, { recursive: true, force: true });
}
