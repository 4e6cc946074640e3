import { randomBytes } from 'node:crypto';
import { MODULE_IDS } from '@ehc/common';
import { checkCredential } from '@ehc/common/credentials';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requireRedis } from './test/redis';
import { grantCourseAccess } from './test/course-access';
import { captureSilently } from './test/simulated-gateway-control';
import { FIXTURE_CONTENT_DIR } from './test/test-app';
import { createTestDatabase, type TestDatabase } from './test/test-database';
import { startServerProcess, waitFor, type ServerProcess } from './test/server-process';

// Two real server processes on one PostgreSQL database: what "several app servers behind
// a load balancer" means. Throttles, the sweep's turn and the simulated gateway must be
// shared by both (docs/decisions/0006), with throttles in PostgreSQL and again in Redis.
// createTestDatabase and requireRedis fail with instructions when a service is missing.

// Two real servers on a shared 2-core machine: each step waits on other processes.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const SIGNUP = `mutation SignupUser($input: SignupInput!) { signupUser(input: $input) { user_id } }`;
const LOGIN = `mutation LoginUser($email: String!, $password: String!) { loginUser(email: $email, password: $password) { user_id } }`;
const CREATE = `mutation CreatePaymentOrder { createPaymentOrder { order_id } }`;
const VERIFY = `mutation VerifyPayment($input: VerifyPaymentInput!) { verifyPayment(input: $input) { status } }`;
const COMPLETE = `mutation UpdateUserProgress($module: String!, $number: Int!) { markLessonComplete(module_id: $module, number: $number) { completed } }`;
const PASSWORD = 'secret12';
const SWEEP_INTERVAL_MS = 400;

interface Answer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
  cookie?: string;
}

async function graphql(server: ServerProcess, query: string, variables: object = {}, cookie?: string): Promise<Answer> {
  if (server.exited())
    throw new Error(
      `server ${server.url} exited (${server.exited()}):\n${server.stderr.join('')}\n${server.lines.slice(-20).join('\n')}`,
    );
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      'sec-fetch-site': 'same-origin',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-ehc_session='));
  return { status: response.status, body: (await response.json()) as Answer['body'], cookie: setCookie?.split(';')[0] };
}

const codeOf = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;

describe.each([
  { store: 'PostgreSQL', env: {} as Record<string, string> },
  { store: 'Redis', env: { REDIS_URL: 'redis://127.0.0.1:6379' } as Record<string, string> },
])('two app servers on one PostgreSQL, throttles in $store', ({ env }) => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let learners = 0;

  beforeAll(async () => {
    if (env.REDIS_URL) await requireRedis(env.REDIS_URL);
    database = await createTestDatabase('postgres');
    const shared = {
      ...env,
      REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
      DATABASE_URL: database.url,
      CONTENT_DIR: FIXTURE_CONTENT_DIR,
      LOG_LEVEL: 'debug',
      AUTH_MAX_FAILURES_PER_IP: '100000',
      PAYMENTS_RECONCILE_INTERVAL_SECONDS: String(SWEEP_INTERVAL_MS / 1000),
      PAYMENTS_RECONCILE_CALLS_PER_SECOND: '1000',
      VERIFY_LOOKUPS_PER_MINUTE: '6',
    };
    [a, b] = await Promise.all([startServerProcess(shared), startServerProcess(shared)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  /** A reason to stop waiting: a server died (with what it said on the way out). */
  const bothAlive = () =>
    [a, b]
      .map((server) => server.exited() && `server ${server.url} exited (${server.exited()}): ${server.stderr.join('')}`)
      .find(Boolean) ?? false;

  async function learner(on: ServerProcess) {
    learners += 1;
    const email = `two.servers.${process.pid}.${Date.now()}.${learners}@example.com`;
    const input = { email, password: PASSWORD, confirm_password: PASSWORD, full_name: 'Devika', phone: '9876543210' };
    const answer = await graphql(on, SIGNUP, { input });
    expect(answer.body.errors).toBeUndefined();
    const { id } = await database.handle.db
      .selectFrom('app_user')
      .select('id')
      .where('user_id', '=', email)
      .executeTakeFirstOrThrow();
    return { email, cookie: answer.cookie!, userRef: id };
  }

  const isPaid = async (userRef: string) =>
    (
      await database.handle.db
        .selectFrom('app_user')
        .select('payment_status')
        .where('id', '=', userRef)
        .executeTakeFirstOrThrow()
    ).payment_status === 1;

  it('holds one email to 10 wrong passwords whichever server the guesses reach', async () => {
    const { email } = await learner(a);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => graphql(i % 2 ? b : a, LOGIN, { email, password: `wrong-${i}` })),
    );
    const codes = answers.map(codeOf);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(10);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(14);
  });

  it('verifies on one server a simulated payment made through the other', async () => {
    const buyer = await learner(a);
    const order = await graphql(a, CREATE, {}, buyer.cookie);
    const orderId = (order.body.data?.createPaymentOrder as { order_id: string }).order_id;
    const paid = await fetch(`${a.url}/simulated-razorpay/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ order_id: orderId, outcome: 'success' }),
    });
    const checkout = (await paid.json()) as Record<string, string>;
    expect(checkout.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);

    const verified = await graphql(b, VERIFY, { input: checkout }, buyer.cookie);
    expect(verified.body).toEqual({ data: { verifyPayment: { status: 'paid' } } });
    expect(await isPaid(buyer.userRef)).toBe(true);
  });

  it('runs the payment sweep on one server at a time, once per interval, and it finds silent payments', async () => {
    const buyer = await learner(b);
    const order = await graphql(b, CREATE, {}, buyer.cookie);
    await captureSilently(database.handle.db, (order.body.data?.createPaymentOrder as { order_id: string }).order_id);
    // Nobody asks about this learner: only the scheduled sweep can unlock them.
    await waitFor('the sweep to find the silent payment', async () =>
      (await isPaid(buyer.userRef)) ? true : undefined,
    );

    const runsSoFar = async () =>
      (
        await database.handle.db
          .selectFrom('job_schedule')
          .select('runs')
          .where('name', '=', 'reconcile-payments')
          .executeTakeFirstOrThrow()
      ).runs;
    const target = (await runsSoFar()) + 4;
    await waitFor('four more sweeps', async () => ((await runsSoFar()) >= target ? true : undefined), {
      failIf: bothAlive,
    });

    const runs = [...a.lines, ...b.lines]
      .map((line) => JSON.parse(line) as { event?: string; job?: string; startedAt: number; finishedAt: number })
      .filter((entry) => entry.event === 'job_run' && entry.job === 'reconcile-payments')
      .sort((x, y) => x.startedAt - y.startedAt);
    expect(runs.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < runs.length; i += 1) {
      // Never overlapping, and never twice in one interval.
      expect(runs[i]!.startedAt).toBeGreaterThanOrEqual(runs[i - 1]!.finishedAt);
      expect(runs[i]!.startedAt - runs[i - 1]!.startedAt).toBeGreaterThanOrEqual(SWEEP_INTERVAL_MS);
    }
  });

  it("shows on one server's next visit what the other just wrote, and ends a session on both at once", async () => {
    const reader = await learner(a);
    await grantCourseAccess(database.handle.db, reader.userRef);
    const visitA = async () => {
      const response = await fetch(`${a.url}/api/session`, { headers: { cookie: reader.cookie } });
      return (await response.json()) as {
        me: unknown;
        progress: { modules: { completed_lessons: number[] }[] } | null;
      };
    };
    const completedOnA = async () => (await visitA()).progress!.modules.flatMap((m) => m.completed_lessons);
    // Twice, so server A keeps the progress it built (progress-cache.ts).
    expect(await completedOnA()).toEqual([]);
    expect(await completedOnA()).toEqual([]);
    expect(codeOf(await graphql(b, COMPLETE, { module: 'cryptography', number: 1 }, reader.cookie))).toBeUndefined();
    expect(await completedOnA()).toEqual([1]);
    await graphql(b, 'mutation { logoutUser }', {}, reader.cookie);
    expect(await visitA()).toMatchObject({ me: null, progress: null });
  });

  it('issues one full certificate when the last two modules finish on different servers at once', async () => {
    const [sixth, seventh] = MODULE_IDS.slice(-2) as [string, string];
    const lessonsOf = (id: string) => (id === 'web-application' ? [1, 2, 3] : [1, 2]);
    for (let trial = 0; trial < 6; trial += 1) {
      const finisher = await learner(a);
      await grantCourseAccess(database.handle.db, finisher.userRef);
      for (const moduleId of MODULE_IDS) {
        const lessons = lessonsOf(moduleId);
        const leaveLast = moduleId === sixth || moduleId === seventh;
        for (const number of leaveLast ? lessons.slice(0, -1) : lessons) {
          expect(codeOf(await graphql(a, COMPLETE, { module: moduleId, number }, finisher.cookie))).toBeUndefined();
        }
      }
      await Promise.all([
        graphql(a, COMPLETE, { module: sixth, number: lessonsOf(sixth).at(-1) }, finisher.cookie),
        graphql(b, COMPLETE, { module: seventh, number: lessonsOf(seventh).at(-1) }, finisher.cookie),
      ]);
      const full = await database.handle.db
        .selectFrom('certificate')
        .select('certificate_id')
        .where('user_ref', '=', finisher.userRef)
        .where('scope', '=', 'FULL')
        .execute();
      expect(full, `trial ${trial}`).toHaveLength(1);
    }
  });

  it('sign credentials with one key, made once though both started together; either verifies the other’s', async () => {
    // Both servers started at the same moment on an empty database: each generated a key
    // per algorithm, one insert of each won, and both sign with those.
    const keys = await database.handle.db.selectFrom('credential_signing_key').selectAll().execute();
    const active = keys.filter((key) => key.active_slot === 1);
    expect(active.map((key) => key.alg).sort()).toEqual(['EdDSA', 'RS256']);
    const [jwksA, jwksB] = await Promise.all(
      [a, b].map(async (server) => (await fetch(`${server.url}/.well-known/jwks.json`)).json()),
    );
    expect(jwksA).toEqual(jwksB);

    // Each test server has an origin of its own, and the key's id names the origin of the
    // server that made it: that server issues (the .jwt carries the RS256 signature), the
    // other's key set verifies.
    const keyPort = new URL(active.find((key) => key.alg === 'RS256')!.kid).port;
    const issuer = [a, b].find((server) => new URL(server.url).port === keyPort)!;
    const holder = await learner(issuer);
    await grantCourseAccess(database.handle.db, holder.userRef);
    for (const number of [1, 2]) await graphql(issuer, COMPLETE, { module: 'cryptography', number }, holder.cookie);
    const { certificate_id: id } = await database.handle.db
      .selectFrom('certificate')
      .select('certificate_id')
      .where('user_ref', '=', holder.userRef)
      .executeTakeFirstOrThrow();
    const jwt = await (
      await fetch(`${issuer.url}/certificates/${encodeURIComponent(id)}/credential.jwt`, {
        headers: { cookie: holder.cookie! },
      })
    ).text();
    const check = await checkCredential(jwt, {
      jwks: issuer === a ? jwksB : jwksA,
      // The list at the address the credential names (the issuing server's origin), checked
      // with the other server's keys; both serve the same bits.
      loadStatusList: async (url) => (await fetch(url)).text(),
    });
    expect(check).toMatchObject({ signatureValid: true, status: { state: 'active' } });
    const lists = await Promise.all(
      [a, b].map(async (server) => {
        const list = await (await fetch(`${server.url}/credentials/status/1`)).text();
        return (
          JSON.parse(Buffer.from(list.split('.')[1]!, 'base64url').toString()) as {
            credentialSubject: { encodedList: string };
          }
        ).credentialSubject.encodedList;
      }),
    );
    expect(lists[0]).toBe(lists[1]);
  });

  it('share the per-address budget of certificate lookups', async () => {
    const lookup = (server: ServerProcess, n: number) =>
      graphql(
        server,
        `
          query V($id: String!) {
            verifyCertificate(certificate_id: $id) {
              title
            }
          }
        `,
        { id: `EHC-X-${n}` },
      );
    const answers = [];
    for (let n = 0; n < 8; n += 1) answers.push(await lookup(n % 2 ? b : a, n));
    expect(answers.map(codeOf)).toEqual([...Array(6).fill(undefined), 'RATE_LIMITED', 'RATE_LIMITED']);
  });
});
