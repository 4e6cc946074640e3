import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, hashSessionToken } from '../auth/session-token';
import { createTestApp, signUpLearner, type TestApp } from '../../test/test-app';

const ME = `query { me { user_id full_name phone payment_status subscribed is_admin state_code } }`;
const PROGRESS = `query {
  progress { completed_modules resume_module_id
    modules { module_id completed_lessons completed completed_at checks { total answered first_time_right } } }
}`;
const COMPLETE = `mutation C($module: String!, $number: Int!) { markLessonComplete(module_id: $module, number: $number) { completed } }`;
const ANSWER = `mutation A($module: String!, $number: Int!, $question: String!, $choices: [Int!]) {
  answerQuestion(module_id: $module, number: $number, question_id: $question, choices: $choices) { first_correct }
}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const learner = async ({ paid }: { paid: boolean }) => (await signUpLearner(t, { paid, fullName: 'Meera' })).cookie;

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

describe('GET /api/session', () => {
  const cataloguePath = /^\/api\/catalogue\/[\w-]{27}$/;

  it('answers a visitor without a session with no user, not an error', async () => {
    const response = await get('/api/session');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ me: null, progress: null, catalogue_path: expect.stringMatching(cataloguePath) });
    // An ended session reads the same.
    expect((await get('/api/session', `${SESSION_COOKIE}=ended`)).json()).toMatchObject({ me: null, progress: null });
  });

  it("is the learner and the progress GraphQL's me and progress describe, never kept by a cache", async () => {
    const cookie = await learner({ paid: true });
    await t.graphql(COMPLETE, { module: 'web-application', number: 2 }, { cookie });
    const response = await get('/api/session', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const { me } = (await t.graphql(ME, {}, { cookie })).body.data!;
    const { progress } = (await t.graphql(PROGRESS, {}, { cookie })).body.data!;
    expect(me).toMatchObject({ payment_status: true, subscribed: true, full_name: 'Meera' });
    expect(progress).toMatchObject({ resume_module_id: 'web-application' });
    expect(response.json()).toEqual({ me, progress, catalogue_path: expect.stringMatching(cataloguePath) });
  });

  it('carries the (empty) progress of a learner who has not paid, for the dashboard', async () => {
    const cookie = await learner({ paid: false });
    expect((await get('/api/session', cookie)).json()).toMatchObject({
      me: { payment_status: false },
      progress: { completed_modules: [], resume_module_id: null },
    });
  });

  it('refuses a session that has ended, and forgets it', async () => {
    const cookie = await learner({ paid: true });
    const hash = hashSessionToken(decodeURIComponent(cookie.split('=')[1]!));
    await t.services.db
      .updateTable('user_session')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hash)
      .execute();
    expect((await get('/api/session', cookie)).json()).toMatchObject({ me: null, progress: null });
    const row = await t.services.db
      .selectFrom('user_session')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('GET /api/progress', () => {
  it('refuses a visitor without a session, in the GraphQL error shape', async () => {
    const response = await get('/api/progress');
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('is the progress GraphQL describes: lessons, completed modules and checks, never kept by a cache', async () => {
    const cookie = await learner({ paid: true });
    // The fixture course: cryptography has two lessons; fixture-single's right choice is 1.
    for (const number of [1, 2]) await t.graphql(COMPLETE, { module: 'cryptography', number }, { cookie });
    await t.graphql(COMPLETE, { module: 'web-application', number: 2 }, { cookie });
    await t.graphql(
      ANSWER,
      { module: 'cryptography', number: 1, question: 'fixture-single', choices: [0] },
      { cookie },
    );

    const response = await get('/api/progress', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const progress = (await t.graphql(PROGRESS, {}, { cookie })).body.data?.progress;
    expect(response.json()).toEqual(progress);
    expect(progress).toMatchObject({ completed_modules: ['cryptography'], resume_module_id: 'web-application' });
    const cryptography = response.json().modules.find((m: { module_id: string }) => m.module_id === 'cryptography');
    expect(cryptography).toMatchObject({
      completed_lessons: [1, 2],
      completed: true,
      completed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      checks: { answered: 1, first_time_right: 0 },
    });
  });

  it('refuses a session that has ended, and forgets it; a session in use is kept fresh', async () => {
    const hashOf = (cookie: string) => hashSessionToken(decodeURIComponent(cookie.split('=')[1]!));
    const sessionRow = (cookie: string) =>
      t.services.db.selectFrom('user_session').selectAll().where('token_hash', '=', hashOf(cookie)).executeTakeFirst();
    const setTimes = (cookie: string, times: { expires_at?: number; last_seen_at?: number }) =>
      t.services.db.updateTable('user_session').set(times).where('token_hash', '=', hashOf(cookie)).execute();
    const now = Date.now();

    const expired = await learner({ paid: true });
    await setTimes(expired, { expires_at: now - 1 });
    expect((await get('/api/progress', expired)).statusCode).toBe(401);
    expect(await sessionRow(expired)).toBeUndefined();

    const idle = await learner({ paid: true });
    await setTimes(idle, { last_seen_at: now - t.services.env.session.idleTimeoutMs - 1 });
    expect((await get('/api/progress', idle)).statusCode).toBe(401);
    expect(await sessionRow(idle)).toBeUndefined();

    // Last used ten minutes ago: still good, and marked as used now.
    const active = await learner({ paid: true });
    await setTimes(active, { last_seen_at: now - 10 * 60_000 });
    expect((await get('/api/progress', active)).statusCode).toBe(200);
    expect((await sessionRow(active))!.last_seen_at).toBeGreaterThanOrEqual(now);

    expect((await get('/api/progress', `${SESSION_COOKIE}=made-up`)).statusCode).toBe(401);
  });

  it('is there for a learner who has not paid: the dashboard shows their (empty) progress', async () => {
    const cookie = await learner({ paid: false });
    const response = await get('/api/progress', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ completed_modules: [], resume_module_id: null });
  });
});
