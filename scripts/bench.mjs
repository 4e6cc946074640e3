// `npm run bench`: starts the app on a throwaway SQLite database and prints numbers for
// the hot paths (requests/s and latency with 20 connections for 5 s each, and the time to
// draw a certificate). Measures; asserts nothing. Targets are in docs/architecture.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'ehc-bench-'));
const port = 3190;
const base = `http://localhost:${port}`;
const server = spawn('node', ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
    LOG_LEVEL: 'warn',
    AUTH_MAX_FAILURES_PER_IP: '1000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitForHealth();
  const email = 'bench@example.com';
  const cookie = await signUp(email);
  const db = new Database(join(dir, 'bench.db'));
  db.prepare('update app_user set payment_status = 1 where user_id = ?').run(email);
  db.close();
  for (let n = 1; n <= 11; n += 1)
    await graphql(
      cookie,
      'mutation C($n: Int!) { markLessonComplete(module_id: "social-engineering", number: $n) { completed } }',
      { n },
    );
  const certificates = await graphql(cookie, '{ certificates { image_url } }');

  const rows = [
    ['GET /healthz', { url: `${base}/healthz` }],
    ['GraphQL me (session lookup)', post(cookie, '{ me { user_id payment_status } }')],
    ['GraphQL catalogue', post(cookie, '{ catalogue { id title lesson_count lessons { number title } } }')],
    ['GraphQL lesson body', post(cookie, '{ lesson(module_id: "web-application", number: 5) { html } }')],
    ['GraphQL progress', post(cookie, '{ progress { completed_modules modules { module_id completed_lessons } } }')],
    ['Certificate PNG', { url: `${base}${certificates.certificates[0].image_url}`, headers: { cookie } }],
  ];
  console.log('\nendpoint                          req/s     p50 ms   p99 ms');
  for (const [name, options] of rows) {
    const result = await autocannon({ connections: 20, duration: 5, ...options });
    if (result.non2xx > 0 || result.errors > 0)
      console.log(`  (${name}: ${result.non2xx} non-2xx, ${result.errors} errors)`);
    console.log(
      `${name.padEnd(32)} ${String(Math.round(result.requests.average)).padStart(7)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p99).padStart(8)}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

function post(cookie, query) {
  return {
    url: `${base}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
    body: JSON.stringify({ query }),
  };
}

async function graphql(cookie, query, variables) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function signUp(email) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation S($input: SignupInput!) { signupUser(input: $input) { user_id } }',
      variables: {
        input: {
          email,
          password: 'bench-password',
          confirm_password: 'bench-password',
          full_name: 'Bench Mark',
          phone: '9876543210',
        },
      },
    }),
  });
  return response.headers.get('set-cookie').split(';')[0];
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not come up');
}
