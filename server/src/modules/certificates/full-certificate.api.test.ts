import { MODULE_IDS } from '@ehc/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makePaid, uniqueEmail, type TestApp } from '../../test/test-app';

const COMPLETE = `mutation UpdateUserProgress($module: String!, $number: Int!) { markLessonComplete(module_id: $module, number: $number) { completed } }`;
const CERTIFICATES = `query GetCertificates { certificates { certificate_id } }`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// The fixture course: two lessons per module, three in web-application.
const lessonsOf = (id: string) => (id === 'web-application' ? [1, 2, 3] : [1, 2]);

async function paidLearner() {
  const email = uniqueEmail('finisher');
  const input = { email, password: 'secret12', confirm_password: 'secret12', full_name: 'Kabir', phone: '9876543210' };
  const { sessionCookie } = await t.graphql(
    `mutation S($input: SignupInput!) { signupUser(input: $input) { user_id } }`,
    { input },
  );
  await makePaid(t.services, email);
  const { id } = await t.services.db
    .selectFrom('app_user')
    .select('id')
    .where('user_id', '=', email)
    .executeTakeFirstOrThrow();
  return { cookie: sessionCookie!, userRef: id };
}

async function complete(cookie: string, moduleId: string, number: number) {
  const result = await t.graphql(COMPLETE, { module: moduleId, number }, { cookie });
  expect(result.body.errors).toBeUndefined();
}

function certificateScopes(userRef: string) {
  return t.services.db.selectFrom('certificate').select('scope').where('user_ref', '=', userRef).execute();
}

describe('the full-course certificate', () => {
  // Each trial races the last lessons of the last two modules. Before completions were
  // serialised per learner, PostgreSQL lost the full certificate in a quarter to three
  // quarters of such trials (each transaction counted six modules).
  it('is issued exactly once when the last lessons of two modules finish at the same moment', async () => {
    const [sixth, seventh] = MODULE_IDS.slice(-2) as [string, string];
    for (let trial = 0; trial < 12; trial += 1) {
      const { cookie, userRef } = await paidLearner();
      for (const moduleId of MODULE_IDS) {
        const lessons = lessonsOf(moduleId);
        const leaveLast = moduleId === sixth || moduleId === seventh;
        for (const number of leaveLast ? lessons.slice(0, -1) : lessons) await complete(cookie, moduleId, number);
      }
      await Promise.all([
        complete(cookie, sixth, lessonsOf(sixth).at(-1)!),
        complete(cookie, seventh, lessonsOf(seventh).at(-1)!),
      ]);
      const scopes = (await certificateScopes(userRef)).map((row) => row.scope);
      expect(
        scopes.filter((scope) => scope === 'FULL'),
        `trial ${trial}`,
      ).toHaveLength(1);
      expect(scopes).toHaveLength(MODULE_IDS.length + 1);
    }
  });

  it('is issued when a learner whose seven modules are complete without it lists their certificates', async () => {
    const { cookie, userRef } = await paidLearner();
    for (const moduleId of MODULE_IDS) {
      for (const number of lessonsOf(moduleId)) await complete(cookie, moduleId, number);
    }
    // What the race above left behind before the fix: seven modules, no full certificate.
    await t.services.db.deleteFrom('certificate').where('user_ref', '=', userRef).where('scope', '=', 'FULL').execute();

    // Reading progress or the session is a GET, and a GET never changes anything (security.md).
    const progress = await t.app.inject({ url: '/api/progress', headers: { cookie } });
    expect(progress.json()).toMatchObject({ completed_modules: [...MODULE_IDS] });
    await t.app.inject({ url: '/api/session', headers: { cookie } });
    expect((await certificateScopes(userRef)).map((row) => row.scope)).not.toContain('FULL');

    const listed = await t.graphql(CERTIFICATES, {}, { cookie });
    expect(listed.body.data?.certificates).toHaveLength(MODULE_IDS.length + 1);
    const full = await t.services.db
      .selectFrom('certificate')
      .selectAll()
      .where('user_ref', '=', userRef)
      .where('scope', '=', 'FULL')
      .execute();
    expect(full).toHaveLength(1);
    // Dated when the course was really finished: the last module's completion.
    const last = await t.services.db
      .selectFrom('module_completion')
      .select(({ fn }) => fn.max('completed_at').as('at'))
      .where('user_ref', '=', userRef)
      .executeTakeFirstOrThrow();
    expect(full[0]!.completed_at).toBe(Number(last.at));
    // Listing again changes nothing.
    await t.graphql(CERTIFICATES, {}, { cookie });
    expect((await certificateScopes(userRef)).filter((row) => row.scope === 'FULL')).toHaveLength(1);
  });

  it('is not issued while a module is still incomplete', async () => {
    const { cookie, userRef } = await paidLearner();
    for (const moduleId of MODULE_IDS.slice(0, -1)) {
      for (const number of lessonsOf(moduleId)) await complete(cookie, moduleId, number);
    }
    await t.graphql(CERTIFICATES, {}, { cookie });
    expect((await certificateScopes(userRef)).map((row) => row.scope)).not.toContain('FULL');
  });
});
