// `npm run bench`: measures the hot paths against a bare Fastify hello-world in the same
// run, on SQLite and on PostgreSQL, and prints req/s, p99 and the ratio to the bare server
// (issue 15's targets are ratios, so a slower or faster machine does not move them).
// Measures; asserts nothing. `--quick` runs 2 s per row instead of 5; `--sqlite-only`
// skips PostgreSQL; `--no-lighthouse` skips the closing Lighthouse run (scripts/lighthouse.mjs).
// Needs a built web app for `GET /` (npm run build).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { graphqlAs, markPaid, signUp, waitForHealth } from './lib/app-client.mjs';
import { runLighthouse } from './lighthouse.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const DURATION = args.has('--quick') ? 2 : 5;
const CONNECTIONS = 50;
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const bare = await measureBare();
console.log(
  `\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ${CONNECTIONS} connections, ${DURATION} s per row, load generator on the same machine.`,
);
console.log(`Bare Fastify hello-world: ${Math.round(bare.rps)} req/s, p99 ${bare.p99} ms\n`);

const dir = mkdtempSync(join(tmpdir(), 'ehc-bench-'));
try {
  await benchDatabase('SQLite', `sqlite:${join(dir, 'bench.db')}`, bare);
  if (!args.has('--sqlite-only')) {
    const name = `ehc_bench_${process.pid}`;
    await admin(`create database ${name}`);
    try {
      const url = new URL(PG_ADMIN);
      url.pathname = `/${name}`;
      await benchDatabase('PostgreSQL', url.toString(), bare);
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (!args.has('--no-lighthouse')) await runLighthouse();

async function measureBare() {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  const result = await load({ url: `http://127.0.0.1:${port}/` });
  await app.close();
  return result;
}

async function benchDatabase(label, databaseUrl, baseline) {
  const port = 3190 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      AUTH_MAX_FAILURES_PER_IP: '1000000',
      APP_ORIGIN: base,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base);
    const cookie = await signUp(base, 'bench@example.com');
    await graphqlAs(base, cookie, 'query { me { user_id } }');
    await markPaid(databaseUrl, 'bench@example.com');
    for (let n = 1; n <= 11; n += 1) {
      await graphqlAs(
        base,
        cookie,
        'mutation C($n: Int!) { markLessonComplete(module_id: "social-engineering", number: $n) { completed } }',
        { n },
      );
    }
    const { certificates } = await graphqlAs(base, cookie, '{ certificates { image_url } }');
    const post = (query, variables) => ({
      url: `${base}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'accept-encoding': 'br', cookie },
      body: JSON.stringify({ query, variables }),
    });
    const get = (path, headers = {}) => ({
      url: `${base}${path}`,
      headers: { 'accept-encoding': 'br', cookie, ...headers },
    });
    const etagOf = async (path) => (await fetch(`${base}${path}`, { headers: { cookie } })).headers.get('etag');
    const rows = [
      ['GET /healthz', { url: `${base}/healthz` }],
      ['GET / (app shell)', { url: `${base}/`, headers: { 'accept-encoding': 'br' } }],
      [
        'dashboard data (me+progress; GraphQL)',
        post(
          '{ me { user_id payment_status } progress { completed_modules modules { module_id completed_lessons } } }',
        ),
      ],
      ['catalogue (GET /api/catalogue)', get('/api/catalogue')],
      ['catalogue, repeat visit (304)', get('/api/catalogue', { 'if-none-match': await etagOf('/api/catalogue') })],
      ['lesson text (GET /api/lessons/…/5)', get('/api/lessons/web-application/5')],
      [
        'lesson text, repeat visit (304)',
        get('/api/lessons/web-application/5', { 'if-none-match': await etagOf('/api/lessons/web-application/5') }),
      ],
      ['certificate PNG', { url: `${base}${certificates[0].image_url}`, headers: { cookie } }],
      [
        'login (argon2id, unknown email)',
        {
          ...post(''),
          headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
          // A new email each time, so every request pays for a password hash (no email is throttled).
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({
                  query: 'mutation L($e: String!) { loginUser(email: $e, password: "wrong-password") { user_id } }',
                  variables: { e: `nobody.${Math.random().toString(36).slice(2)}@example.com` },
                }),
              }),
            },
          ],
        },
      ],
    ];
    console.log(`${label}`);
    console.log('  endpoint                                   req/s    p99 ms   ÷ bare');
    for (const [name, options] of rows) {
      const result = await load(options);
      const note = result.errors ? `  (${result.errors} errors or 4xx/5xx)` : '';
      console.log(
        `  ${name.padEnd(40)} ${String(Math.round(result.rps)).padStart(7)} ${String(result.p99).padStart(9)} ${(result.rps / baseline.rps).toFixed(3).padStart(8)}${note}`,
      );
    }
    console.log('');
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function load(options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  // A 304 is the answer a revalidated document should get, not a failure.
  const failed = result['4xx'] + result['5xx'] + result.errors;
  return { rps: result.requests.average, p99: result.latency.p99, errors: failed };
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
