import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpLearner, type SignedUpLearner, type TestApp } from '../../test/test-app';
import type { ProgressCacheLookup } from './progress-cache';

// The progress cache (decisions/0022) may save a visit its records statement, never show
// a learner less than what is in the database: every change to the progress rows, made
// through the app or straight in the database, shows on the very next visit.

const COMPLETE = `mutation C($module: String!, $number: Int!) { markLessonComplete(module_id: $module, number: $number) { completed } }`;
const ANSWER = `mutation A($module: String!, $number: Int!, $question: String!, $choices: [Int!]) {
  answerQuestion(module_id: $module, number: $number, question_id: $question, choices: $choices) { first_correct }
}`;
const LOGOUT = `mutation { logoutUser }`;
const MODULE = 'web-application';

interface ModuleView {
  module_id: string;
  completed_lessons: number[];
  completed: boolean;
  checks: { total: number; answered: number; first_time_right: number };
}
interface SessionDocument {
  me: { full_name: string; payment_status: boolean } | null;
  progress: { completed_modules: string[]; modules: ModuleView[] } | null;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function visit(learner: SignedUpLearner): Promise<SessionDocument> {
  const response = await t.app.inject({ url: '/api/session', headers: { cookie: learner.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<SessionDocument>();
}

const moduleOf = (document: SessionDocument) => document.progress!.modules.find((m) => m.module_id === MODULE)!;

/** How many visits so far found each kind of cache entry. */
async function lookups(): Promise<Record<ProgressCacheLookup, number>> {
  const counts = { hit: 0, stale: 0, absent: 0 };
  for (const { labels, value } of (await t.services.metrics.progressCacheLookups.get()).values) {
    counts[labels.result as ProgressCacheLookup] = value;
  }
  return counts;
}

async function countedDuring(action: () => Promise<unknown>): Promise<Record<ProgressCacheLookup, number>> {
  const before = await lookups();
  await action();
  const after = await lookups();
  return { hit: after.hit - before.hit, stale: after.stale - before.stale, absent: after.absent - before.absent };
}

const paidLearner = () => signUpLearner(t, { paid: true, fullName: 'Farah' });

describe('the progress cache', () => {
  it('serves a repeat visit the progress built for the session, unchanged', async () => {
    const learner = await paidLearner();
    await t.graphql(COMPLETE, { module: MODULE, number: 1 }, { cookie: learner.cookie });
    let first: SessionDocument | undefined;
    expect(await countedDuring(async () => (first = await visit(learner)))).toEqual({ hit: 0, stale: 0, absent: 1 });
    let second: SessionDocument | undefined;
    expect(await countedDuring(async () => (second = await visit(learner)))).toEqual({ hit: 1, stale: 0, absent: 0 });
    expect(second).toEqual(first);
    expect(moduleOf(second!).completed_lessons).toEqual([1]);
  });

  it('shows a lesson completed, a question answered and a module finished on the next visit', async () => {
    const learner = await paidLearner();
    await visit(learner);
    const { cookie } = learner;

    await t.graphql(COMPLETE, { module: MODULE, number: 2 }, { cookie });
    expect(
      await countedDuring(async () => expect(moduleOf(await visit(learner)).completed_lessons).toEqual([2])),
    ).toEqual({ hit: 0, stale: 1, absent: 0 });

    await t.graphql(ANSWER, { module: MODULE, number: 1, question: 'fixture-single', choices: [1] }, { cookie });
    expect(moduleOf(await visit(learner)).checks).toMatchObject({ answered: 1, first_time_right: 1 });

    for (const number of [1, 3]) await t.graphql(COMPLETE, { module: MODULE, number }, { cookie });
    const finished = await visit(learner);
    expect(moduleOf(finished)).toMatchObject({ completed_lessons: [1, 2, 3], completed: true });
    expect(finished.progress!.completed_modules).toEqual([MODULE]);
  });

  it('shows rows written, changed or removed straight in the database on the next visit', async () => {
    const learner = await paidLearner();
    const { db } = t.services;
    const user_ref = learner.userRef;
    await visit(learner);

    await db
      .insertInto('lesson_progress')
      .values({ user_ref, module_id: MODULE, lesson_slug: 'fixture-lesson-3', completed_at: Date.now() })
      .execute();
    expect(moduleOf(await visit(learner)).completed_lessons).toEqual([3]);

    await db
      .insertInto('question_attempt')
      .values({
        user_ref,
        module_id: MODULE,
        lesson_slug: 'fixture-lesson-1',
        question_id: 'fixture-single',
        first_correct: 0,
        first_answer: '{"choices":[0]}',
        first_answered_at: Date.now(),
        last_correct: 0,
        last_answer: '{"choices":[0]}',
        last_answered_at: Date.now(),
        attempts: 1,
      })
      .execute();
    expect(moduleOf(await visit(learner)).checks).toMatchObject({ answered: 1, first_time_right: 0 });
    await db.updateTable('question_attempt').set({ first_correct: 1 }).where('user_ref', '=', user_ref).execute();
    expect(moduleOf(await visit(learner)).checks).toMatchObject({ answered: 1, first_time_right: 1 });

    await db
      .insertInto('module_completion')
      .values({ user_ref, module_id: MODULE, completed_at: Date.now() })
      .execute();
    expect((await visit(learner)).progress!.completed_modules).toEqual([MODULE]);

    await db.deleteFrom('module_completion').where('user_ref', '=', user_ref).execute();
    expect((await visit(learner)).progress!.completed_modules).toEqual([]);
    await db.deleteFrom('question_attempt').where('user_ref', '=', user_ref).execute();
    expect(moduleOf(await visit(learner)).checks).toMatchObject({ answered: 0 });
    await db.deleteFrom('lesson_progress').where('user_ref', '=', user_ref).execute();
    expect(moduleOf(await visit(learner)).completed_lessons).toEqual([]);
  });

  it("never answers for a session that has ended, and reads the learner's account fresh every visit", async () => {
    const learner = await paidLearner();
    await visit(learner);
    await visit(learner);
    await t.services.db
      .updateTable('app_user')
      .set({ full_name: 'Farah Khan', payment_status: 0 })
      .where('id', '=', learner.userRef)
      .execute();
    expect((await visit(learner)).me).toMatchObject({ full_name: 'Farah Khan', payment_status: false });

    await t.graphql(LOGOUT, {}, { cookie: learner.cookie });
    expect(await visit(learner)).toMatchObject({ me: null, progress: null });
    const progress = await t.app.inject({ url: '/api/progress', headers: { cookie: learner.cookie } });
    expect(progress.statusCode).toBe(401);
  });

  it("keeps each learner's progress apart", async () => {
    const [one, two] = [await paidLearner(), await paidLearner()];
    await t.graphql(COMPLETE, { module: MODULE, number: 1 }, { cookie: one.cookie });
    await visit(one);
    await visit(two);
    expect(moduleOf(await visit(one)).completed_lessons).toEqual([1]);
    expect(moduleOf(await visit(two)).completed_lessons).toEqual([]);
  });
});
