import { labFlag } from '@ehc/labs/flags';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { grantCourseAccess } from './test/course-access';
import { startLabHostProcess, TEST_LAB_SECRETS, type LabHostProcess } from './test/lab-host-process';
import { FIXTURE_CONTENT_DIR } from './test/test-app';
import { createTestDatabase, type TestDatabase } from './test/test-database';
import { startServerProcess, type ServerProcess } from './test/server-process';

// Two app servers and two lab hosts on one PostgreSQL: any app server starts a lab, any lab
// host serves it (the learner, the lab and the instance travel in the token, the
// instance's data in its signed cookie), and a solve recorded through either app server is
// one row. A lab host killed mid-use is restarted, and the app servers never notice.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const SIGNUP = `mutation SignupUser($input: SignupInput!) { signupUser(input: $input) { user_id } }`;
const START = `mutation Start($lab: String!) { startLab(lab_id: $lab) { url } }`;
const SUBMIT = `mutation Submit($lab: String!, $flag: String!) { submitLabFlag(lab_id: $lab, flag: $flag) { solved solved_at } }`;
const LABS = `query { labs { id solved } }`;

interface Answer {
  body: { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
  cookie?: string;
}

async function graphql(server: ServerProcess, query: string, variables: object = {}, cookie?: string): Promise<Answer> {
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
  return { body: (await response.json()) as Answer['body'], cookie: setCookie?.split(';')[0] };
}

describe('two app servers and two lab hosts on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let lab1: LabHostProcess;
  let lab2: LabHostProcess;
  let learners = 0;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    [lab1, lab2] = await Promise.all([startLabHostProcess(), startLabHostProcess()]);
    const shared = {
      ...TEST_LAB_SECRETS,
      DATABASE_URL: database.url,
      CONTENT_DIR: FIXTURE_CONTENT_DIR,
      LOG_LEVEL: 'warn',
      AUTH_MAX_FAILURES_PER_IP: '100000',
    };
    // Each app server hands out links to "its" lab host; a balancer would spread them.
    [a, b] = await Promise.all([
      startServerProcess({ ...shared, LAB_ORIGIN: lab1.url }),
      startServerProcess({ ...shared, LAB_ORIGIN: lab2.url }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), lab1?.stop(), lab2?.stop()]);
    await database?.drop();
  });

  async function paidLearner(on: ServerProcess) {
    learners += 1;
    const email = `labs.servers.${process.pid}.${Date.now()}.${learners}@example.com`;
    const input = {
      email,
      password: 'secret12',
      confirm_password: 'secret12',
      full_name: 'Meera',
      phone: '9876543210',
    };
    const answer = await graphql(on, SIGNUP, { input });
    const { id } = await database.handle.db
      .selectFrom('app_user')
      .select('id')
      .where('user_id', '=', email)
      .executeTakeFirstOrThrow();
    await grantCourseAccess(database.handle.db, id);
    return { cookie: answer.cookie!, userRef: id };
  }

  async function startOn(server: ServerProcess, cookie: string, lab: string): Promise<string> {
    const answer = await graphql(server, START, { lab }, cookie);
    return (answer.body.data!.startLab as { url: string }).url;
  }

  const onHost = (url: string, host: LabHostProcess) => url.replace(/^http:\/\/127\.0\.0\.1:\d+/, host.url);

  it('serves a lab started on one app server from either lab host, and records its solve once through both', async () => {
    const learner = await paidLearner(a);
    const url = await startOn(a, learner.cookie, 'web-sqli-login-bypass');
    expect(url.startsWith(`${lab1.url}/i/`)).toBe(true);
    const flag = labFlag(TEST_LAB_SECRETS.LAB_FLAG_SECRET, learner.userRef, 'web-sqli-login-bypass');
    const answered = await fetch(new URL('login', onHost(url, lab2)), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: "administrator'--", password: 'x' }),
    });
    expect(await answered.text()).toContain(flag);

    const both = await Promise.all([
      graphql(a, SUBMIT, { lab: 'web-sqli-login-bypass', flag }, learner.cookie),
      graphql(b, SUBMIT, { lab: 'web-sqli-login-bypass', flag }, learner.cookie),
    ]);
    expect(both.map((answer) => answer.body.errors)).toEqual([undefined, undefined]);
    const times = both.map((answer) => (answer.body.data!.submitLabFlag as { solved_at: string }).solved_at);
    expect(times[0]).toBe(times[1]);
    const rows = await database.handle.db
      .selectFrom('lab_progress')
      .selectAll()
      .where('user_ref', '=', learner.userRef)
      .execute();
    expect(rows).toHaveLength(1);
    const labs = (await graphql(b, LABS, {}, learner.cookie)).body.data!.labs as { id: string; solved: boolean }[];
    expect(labs.find((lab) => lab.id === 'web-sqli-login-bypass')!.solved).toBe(true);
  });

  it("keeps an instance's stored data whichever lab host answers, and shows it to no other learner", async () => {
    const writer = await paidLearner(b);
    const url = await startOn(b, writer.cookie, 'web-xss-stored');
    const posted = await fetch(new URL('comments', onHost(url, lab2)), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Meera', comment: 'Carried across lab hosts 4821' }),
      redirect: 'manual',
    });
    const state = posted.headers
      .getSetCookie()
      .find((line) => line.startsWith('lab_state='))!
      .split(';')[0]!;
    const page = await fetch(onHost(url, lab1), { headers: { cookie: state } });
    expect(await page.text()).toContain('Carried across lab hosts 4821');

    const other = await paidLearner(a);
    const otherUrl = await startOn(a, other.cookie, 'web-xss-stored');
    const otherPage = await fetch(onHost(otherUrl, lab1), { headers: { cookie: state } });
    expect(await otherPage.text()).not.toContain('Carried across lab hosts 4821');
  });

  it('restarts a lab host killed mid-use, while both app servers and the other lab host carry on', async () => {
    const learner = await paidLearner(a);
    const url = await startOn(a, learner.cookie, 'web-sqli-login-bypass');
    const pid = lab1.hostPid();
    process.kill(pid, 'SIGKILL');
    // Meanwhile: the app servers answer, and the other lab host serves the same link.
    for (const server of [a, b]) {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await graphql(server, LABS, {}, learner.cookie)).body.errors).toBeUndefined();
    }
    expect((await fetch(onHost(url, lab2))).status).toBe(200);
    await lab1.restartedAfter(pid);
    expect((await fetch(url)).status).toBe(200);
    expect(a.exited()).toBeNull();
    expect(b.exited()).toBeNull();
  });
});
