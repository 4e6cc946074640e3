import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODULE_IDS } from '@ehc/common';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markLessonComplete } from './progress-service';
import { FIXTURE_CONTENT_DIR, createTestApp, makePaid, uniqueEmail, type TestApp } from '../../test/test-app';

const SIGNUP = `mutation SignupUser($input: SignupInput!) { signupUser(input: $input) { user_id } }`;
const LOGIN = `mutation LoginUser($email: String!, $password: String!) { loginUser(email: $email, password: $password) { user_id } }`;
const CATALOGUE = `query GetCatalogue { catalogue { id title description icon difficulty lesson_count lessons { number title summary } } }`;
const LESSON = `query GetLesson($module: String!, $number: Int!) { lesson(module_id: $module, number: $number) { module_id number title html reading_minutes sections { id title } } }`;
const PROGRESS = `query GetUserProgress { progress { completed_modules modules { module_id completed_lessons completed completed_at } } }`;
const COMPLETE = `mutation UpdateUserProgress($module: String!, $number: Int!) {
  markLessonComplete(module_id: $module, number: $number) { module_id completed_lessons completed completed_at }
}`;

// The fixture course plus one long module, so 50 different lessons can be completed at once.
const contentDir = mkdtempSync(join(tmpdir(), 'ehc-progress-content-'));
cpSync(FIXTURE_CONTENT_DIR, contentDir, { recursive: true });
for (let n = 4; n <= 52; n += 1) {
  writeFileSync(
    join(contentDir, 'modules', 'web-application', `${String(n).padStart(2, '0')}-extra-lesson-${n}.md`),
    `---\ntitle: "Extra lesson ${n}"\nsummary: "Padding for the concurrency test."\n---\n## Body\n\nText ${n}.\n`,
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTENT_DIR: contentDir });
});
afterAll(async () => {
  await t.close();
  rmSync(contentDir, { recursive: true, force: true });
});

async function learner({ paid }: { paid: boolean }) {
  const email = uniqueEmail('reader');
  const input = { email, password: 'secret12', confirm_password: 'secret12', full_name: 'Meera', phone: '9988776655' };
  const signup = await t.graphql(SIGNUP, { input });
  if (paid) await makePaid(t.services, email);
  return { email, cookie: signup.sessionCookie! };
}

async function userRefOf(email: string): Promise<string> {
  const user = await t.services.db
    .selectFrom('app_user')
    .select('id')
    .where('user_id', '=', email)
    .executeTakeFirstOrThrow();
  return user.id;
}

type Code = string | undefined;
const codeOf = (result: { body: { errors?: { extensions?: { code?: Code } }[] } }) =>
  result.body.errors?.[0]?.extensions?.code;

describe('catalogue', () => {
  it('is readable by any signed-in learner, with real lesson counts', async () => {
    const { cookie } = await learner({ paid: false });
    const result = await t.graphql(CATALOGUE, {}, { cookie });
    const modules = result.body.data?.catalogue as { id: string; lesson_count: number; lessons: unknown[] }[];
    expect(modules.map((m) => m.id)).toEqual([...MODULE_IDS]);
    for (const module of modules) expect(module.lesson_count).toBe(module.lessons.length);
    expect(modules.find((m) => m.id === 'web-application')).toMatchObject({
      title: 'Web Application Security',
      difficulty: 'Beginner',
      icon: '🌐',
      lesson_count: 52,
    });
    expect(JSON.stringify(modules)).not.toContain('FIXTURE-LESSON-BODY');
  });

  it('needs a session', async () => {
    expect(codeOf(await t.graphql(CATALOGUE))).toBe('UNAUTHENTICATED');
  });
});

describe('lesson bodies', () => {
  it('are served to paid learners', async () => {
    const { cookie } = await learner({ paid: true });
    const result = await t.graphql(LESSON, { module: 'cryptography', number: 2 }, { cookie });
    expect(result.body.data?.lesson).toMatchObject({
      module_id: 'cryptography',
      number: 2,
      reading_minutes: 1,
      sections: [
        { id: 'learning-objectives', title: 'Learning objectives' },
        { id: 'body', title: 'Body' },
      ],
    });
    expect((result.body.data?.lesson as { html: string }).html).toContain('FIXTURE-LESSON-BODY-cryptography-2');
  });

  it('are forbidden to unpaid learners and to the signed-out', async () => {
    const { cookie } = await learner({ paid: false });
    const unpaid = await t.graphql(LESSON, { module: 'cryptography', number: 1 }, { cookie });
    expect(codeOf(unpaid)).toBe('FORBIDDEN');
    expect(unpaid.response.body).not.toContain('FIXTURE-LESSON-BODY');
    expect(codeOf(await t.graphql(LESSON, { module: 'cryptography', number: 1 }))).toBe('UNAUTHENTICATED');
  });

  it('answer NOT_FOUND for a lesson that does not exist', async () => {
    const { cookie } = await learner({ paid: true });
    expect(codeOf(await t.graphql(LESSON, { module: 'cryptography', number: 99 }, { cookie }))).toBe('NOT_FOUND');
    expect(codeOf(await t.graphql(LESSON, { module: 'no-such-module', number: 1 }, { cookie }))).toBe('NOT_FOUND');
  });
});

describe('progress', () => {
  it('starts empty', async () => {
    const { cookie } = await learner({ paid: true });
    const progress = (await t.graphql(PROGRESS, {}, { cookie })).body.data?.progress as {
      completed_modules: string[];
      modules: { completed_lessons: number[] }[];
    };
    expect(progress.completed_modules).toEqual([]);
    expect(progress.modules).toHaveLength(7);
    expect(progress.modules.every((m) => m.completed_lessons.length === 0)).toBe(true);
  });

  it('cannot be written by an unpaid learner', async () => {
    const { email, cookie } = await learner({ paid: false });
    expect(codeOf(await t.graphql(COMPLETE, { module: 'cryptography', number: 1 }, { cookie }))).toBe('FORBIDDEN');
    const rows = await t.services.db
      .selectFrom('lesson_progress')
      .selectAll()
      .where('user_ref', '=', await userRefOf(email))
      .execute();
    expect(rows).toEqual([]);
  });

  it('completes a module only when every lesson is done, once, and repeats harmlessly', async () => {
    const { cookie } = await learner({ paid: true });
    const second = await t.graphql(COMPLETE, { module: 'cryptography', number: 2 }, { cookie });
    expect(second.body.data?.markLessonComplete).toMatchObject({
      completed_lessons: [2],
      completed: false,
      completed_at: null,
    });

    const again = await t.graphql(COMPLETE, { module: 'cryptography', number: 2 }, { cookie });
    expect(again.body.data?.markLessonComplete).toMatchObject({ completed_lessons: [2], completed: false });

    const first = await t.graphql(COMPLETE, { module: 'cryptography', number: 1 }, { cookie });
    const done = first.body.data?.markLessonComplete as { completed: boolean; completed_at: string };
    expect(done).toMatchObject({ completed_lessons: [1, 2], completed: true });
    expect(Date.parse(done.completed_at)).toBeGreaterThan(Date.now() - 60_000);

    const repeat = await t.graphql(COMPLETE, { module: 'cryptography', number: 1 }, { cookie });
    expect(repeat.body.data?.markLessonComplete).toMatchObject({ completed: true, completed_at: done.completed_at });

    const progress = (await t.graphql(PROGRESS, {}, { cookie })).body.data?.progress as { completed_modules: string[] };
    expect(progress.completed_modules).toEqual(['cryptography']);
  });

  it('names the unfinished module with the latest completed lesson as the place to continue', async () => {
    const { cookie } = await learner({ paid: true });
    const resume = async () =>
      (
        (await t.graphql('query { progress { resume_module_id } }', {}, { cookie })).body.data!.progress as {
          resume_module_id: string | null;
        }
      ).resume_module_id;
    expect(await resume()).toBeNull();
    await t.graphql(COMPLETE, { module: 'web-application', number: 1 }, { cookie });
    expect(await resume()).toBe('web-application');
    await t.graphql(COMPLETE, { module: 'social-engineering', number: 1 }, { cookie });
    expect(await resume()).toBe('social-engineering');
    // Finishing that module sends the learner back to the other one they started.
    await t.graphql(COMPLETE, { module: 'social-engineering', number: 2 }, { cookie });
    expect(await resume()).toBe('web-application');
  });

  it('refuses a lesson that does not exist', async () => {
    const { cookie } = await learner({ paid: true });
    expect(codeOf(await t.graphql(COMPLETE, { module: 'cryptography', number: 0 }, { cookie }))).toBe('NOT_FOUND');
    expect(codeOf(await t.graphql(COMPLETE, { module: 'x', number: 1 }, { cookie }))).toBe('NOT_FOUND');
  });

  it('keeps all 50 of 50 concurrent completions from two sessions, and completes the module once', async () => {
    const { email, cookie: tabOne } = await learner({ paid: true });
    const login = await t.graphql(LOGIN, { email, password: 'secret12' });
    const tabTwo = login.sessionCookie!;
    await t.graphql(COMPLETE, { module: 'web-application', number: 1 }, { cookie: tabOne });
    await t.graphql(COMPLETE, { module: 'web-application', number: 2 }, { cookie: tabTwo });

    const numbers = Array.from({ length: 50 }, (_, i) => i + 3);
    const results = await Promise.all(
      numbers.map((number, i) =>
        t.graphql(COMPLETE, { module: 'web-application', number }, { cookie: i % 2 ? tabOne : tabTwo }),
      ),
    );
    expect(results.map(codeOf).filter(Boolean)).toEqual([]);

    const progress = (await t.graphql(PROGRESS, {}, { cookie: tabOne })).body.data?.progress as {
      completed_modules: string[];
      modules: { module_id: string; completed_lessons: number[]; completed: boolean }[];
    };
    const web = progress.modules.find((m) => m.module_id === 'web-application')!;
    expect(web.completed_lessons).toHaveLength(52);
    expect(web.completed).toBe(true);
    expect(progress.completed_modules).toEqual(['web-application']);
    const completions = await t.services.db
      .selectFrom('module_completion')
      .selectAll()
      .where('user_ref', '=', await userRefOf(email))
      .execute();
    expect(completions).toHaveLength(1);
  });

  it('answers every one of a 200-completion burst from two sessions without an internal error', async () => {
    const { email, cookie: tabOne } = await learner({ paid: true });
    const tabTwo = (await t.graphql(LOGIN, { email, password: 'secret12' })).sessionCookie!;
    // The same 52 lessons, most of them several times over, as two racing tabs would.
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.graphql(COMPLETE, { module: 'web-application', number: (i % 52) + 1 }, { cookie: i % 2 ? tabOne : tabTwo }),
      ),
    );
    expect(results.map(codeOf).filter(Boolean)).toEqual([]);
    const completions = await t.services.db
      .selectFrom('module_completion')
      .selectAll()
      .where('user_ref', '=', await userRefOf(email))
      .execute();
    expect(completions).toHaveLength(1);
  });

  it('retries a completion that PostgreSQL aborts as a deadlock victim, so the learner sees no error', async () => {
    const { email } = await learner({ paid: true });
    const userRef = await userRefOf(email);
    const module = t.services.catalogue.module('cryptography')!;
    const deps = { db: t.services.db, catalogue: t.services.catalogue, appOrigin: t.services.env.appOrigin };
    for (const lesson of module.lessons.slice(0, -1)) await markLessonComplete(deps, userRef, module.id, lesson.number);

    // The module's completion is aborted once, as PostgreSQL aborts a deadlock's victim
    // (SQLSTATE 40P01) after the insert ran: its transaction rolls back.
    let aborted = 0;
    const deadlockOnce = abortOnce('module_completion', () => {
      aborted += 1;
      return Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    const last = module.lessons.at(-1)!.number;
    const progress = await markLessonComplete(
      { ...deps, db: t.services.db.withPlugin(deadlockOnce) },
      userRef,
      module.id,
      last,
    );
    expect(aborted).toBe(1);
    expect(progress.completedAt).toEqual(expect.any(Number));
    const completions = await t.services.db
      .selectFrom('module_completion')
      .select('module_id')
      .where('user_ref', '=', userRef)
      .execute();
    expect(completions).toEqual([{ module_id: 'cryptography' }]);
    const certificates = await t.services.db
      .selectFrom('certificate')
      .select('scope')
      .where('user_ref', '=', userRef)
      .execute();
    expect(certificates).toEqual([{ scope: 'cryptography' }]);

    // Any other failure is not retried: it reaches the learner as the generic error.
    const broken = abortOnce('lesson_progress', () => new Error('disk full'));
    await expect(
      markLessonComplete({ ...deps, db: t.services.db.withPlugin(broken) }, userRef, module.id, 1),
    ).rejects.toThrow('disk full');
  });

  it('keeps one row for one lesson completed 40 times at once from two sessions', async () => {
    const { email, cookie: tabOne } = await learner({ paid: true });
    const tabTwo = (await t.graphql(LOGIN, { email, password: 'secret12' })).sessionCookie!;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.graphql(COMPLETE, { module: 'network-penetration', number: 1 }, { cookie: i % 2 ? tabOne : tabTwo }),
      ),
    );
    expect(results.map(codeOf).filter(Boolean)).toEqual([]);
    const rows = await t.services.db
      .selectFrom('lesson_progress')
      .select(['module_id', 'lesson_slug'])
      .where('user_ref', '=', await userRefOf(email))
      .execute();
    expect(rows).toEqual([{ module_id: 'network-penetration', lesson_slug: 'fixture-lesson-1' }]);
  });
});

describe('no operation takes a user id from the client', () => {
  it('has no argument or input field naming a user, a paid flag or a role', async () => {
    const result = await t.graphql(
      `{ __schema { types { name inputFields { name } fields { name args { name } } } } }`,
    );
    const schema = result.body.data?.__schema as {
      types: {
        name: string;
        inputFields: { name: string }[] | null;
        fields: { name: string; args: { name: string }[] }[] | null;
      }[];
    };
    // The console's fields (admin…) name learners on purpose; admin.api.test.ts proves
    // every one of them refuses anyone but an admin.
    const names = schema.types
      .filter((type) => !type.name.startsWith('__'))
      .flatMap((type) => [
        ...(type.inputFields ?? []).map((f) => `${type.name}.${f.name}`),
        ...(type.fields ?? [])
          .filter((f) => !f.name.startsWith('admin'))
          .flatMap((f) => f.args.map((a) => `${type.name}.${f.name}(${a.name})`)),
      ]);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => /user_?id|userid|payment_status|paid|role|subscribed/i.test(name))).toEqual([]);
  });
});

/** A plugin that fails the first insert into `table` after it ran, with the error `make` gives. */
function abortOnce(table: string, make: () => Error): KyselyPlugin {
  const inserts = new WeakSet<object>();
  let done = false;
  return {
    transformQuery(args) {
      const node = args.node as { kind: string; into?: { table: { identifier: { name: string } } } };
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === table) inserts.add(args.queryId);
      return args.node;
    },
    async transformResult(args) {
      if (!done && inserts.has(args.queryId)) {
        done = true;
        throw make();
      }
      return args.result;
    },
  };
}
