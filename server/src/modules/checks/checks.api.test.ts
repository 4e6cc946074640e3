import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpLearner, type TestApp } from '../../test/test-app';

const LESSON_QUESTIONS = `query GetLesson($module: String!, $number: Int!) {
  lesson(module_id: $module, number: $number) {
    questions { id kind prompt_html options { index html }
      attempt { question_id first_correct last_correct attempts last_choices last_text correct_choices correct_answer explanation_html } }
  }
}`;
const ANSWER = `mutation AnswerQuestion($module: String!, $number: Int!, $question: String!, $choices: [Int!], $text: String) {
  answerQuestion(module_id: $module, number: $number, question_id: $question, choices: $choices, text: $text) {
    question_id first_correct last_correct attempts last_choices last_text correct_choices correct_answer explanation_html
  }
}`;
const PROGRESS = `query GetUserProgress { progress { modules { module_id checks { total answered first_time_right } } } }`;
const COMPLETE = `mutation Complete($module: String!, $number: Int!) { markLessonComplete(module_id: $module, number: $number) { completed checks { total answered first_time_right } } }`;
const CERTIFICATES = `query { certificates { certificate_id module_id knowledge_checks { total answered first_time_right } } }`;
const VERIFY = `query Verify($id: String!) { verifyCertificate(certificate_id: $id) { revoked_at knowledge_checks { total first_time_right } } }`;

// The fixture course: every lesson has fixture-single (B, index 1, is right),
// fixture-multiple (A and C, indices 0 and 2) and fixture-short (443).
const MODULE = 'cryptography';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const learner = (options: { paid: boolean }) => signUpLearner(t, options);

const answer = (cookie: string, question: string, given: { choices?: number[]; text?: string }, number = 1) =>
  t.graphql(ANSWER, { module: MODULE, number, question, ...given }, { cookie });

type Attempt = {
  first_correct: boolean;
  last_correct: boolean;
  attempts: number;
  correct_choices: number[];
  correct_answer: string | null;
  explanation_html: string;
  last_choices: number[];
  last_text: string | null;
};
const attemptOf = (result: { body: { data?: Record<string, unknown> | null } }) =>
  result.body.data?.answerQuestion as Attempt;
const codeOf = (result: { body: { errors?: { extensions?: { code?: string } }[] } }) =>
  result.body.errors?.[0]?.extensions?.code;

async function attemptRows(userRef: string) {
  return t.services.db.selectFrom('question_attempt').selectAll().where('user_ref', '=', userRef).execute();
}

describe('questions in a lesson', () => {
  it('come without answers or explanations until the learner answers', async () => {
    const { cookie } = await learner({ paid: true });
    const result = await t.graphql(LESSON_QUESTIONS, { module: MODULE, number: 1 }, { cookie });
    const questions = (result.body.data?.lesson as { questions: { id: string; attempt: unknown }[] }).questions;
    expect(questions.map((q) => q.id)).toEqual(['fixture-single', 'fixture-multiple', 'fixture-short']);
    expect(questions.every((q) => q.attempt === null)).toBe(true);
    const text = JSON.stringify(result.body);
    expect(text).not.toContain('FIXTURE-EXPLANATION');
    expect(text).not.toContain('443');
    expect(text).not.toMatch(/correct/i);
  });

  it('have no field that could reveal the key', async () => {
    const { cookie } = await learner({ paid: true });
    const probe = `query { lesson(module_id: "${MODULE}", number: 1) { questions { options { index correct } } } }`;
    expect(codeOf(await t.graphql(probe, {}, { cookie }))).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('show the attempt, the key and the explanation once answered', async () => {
    const { cookie } = await learner({ paid: true });
    await answer(cookie, 'fixture-single', { choices: [0] });
    const result = await t.graphql(LESSON_QUESTIONS, { module: MODULE, number: 1 }, { cookie });
    const questions = (result.body.data?.lesson as { questions: { id: string; attempt: Attempt | null }[] }).questions;
    // One wrong try: the explanation and another go, not yet the right option.
    expect(questions[0]!.attempt).toMatchObject({ first_correct: false, correct_choices: [], last_choices: [0] });
    expect(questions[0]!.attempt!.explanation_html).toContain('FIXTURE-EXPLANATION-single');
    expect(questions[1]!.attempt).toBeNull();
    expect(JSON.stringify(questions.slice(1))).not.toContain('FIXTURE-EXPLANATION');
  });
});

describe('answerQuestion', () => {
  it('keeps the first attempt as it was and counts the later ones', async () => {
    const { cookie, userRef } = await learner({ paid: true });
    const wrong = attemptOf(await answer(cookie, 'fixture-single', { choices: [2] }));
    expect(wrong).toMatchObject({ first_correct: false, last_correct: false, attempts: 1, correct_choices: [] });
    expect(wrong.explanation_html).toContain('FIXTURE-EXPLANATION-single');
    const right = attemptOf(await answer(cookie, 'fixture-single', { choices: [1] }));
    expect(right).toMatchObject({ first_correct: false, last_correct: true, attempts: 2, last_choices: [1] });
    const rows = await attemptRows(userRef);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.first_answer)).toEqual({ choices: [2] });
  });

  it('shows the right option after a second wrong try, or when asked, and the first answer still counts', async () => {
    const SHOW = `mutation S($module: String!, $number: Int!, $question: String!) {
      showAnswer(module_id: $module, number: $number, question_id: $question) { first_correct answer_shown correct_choices correct_answer } }`;
    const { cookie } = await learner({ paid: true });
    expect(codeOf(await t.graphql(SHOW, { module: MODULE, number: 1, question: 'fixture-single' }, { cookie }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(attemptOf(await answer(cookie, 'fixture-single', { choices: [0] })).correct_choices).toEqual([]);
    const second = attemptOf(await answer(cookie, 'fixture-single', { choices: [2] }));
    expect(second).toMatchObject({ first_correct: false, attempts: 2, correct_choices: [1] });

    const other = await learner({ paid: true });
    await answer(other.cookie, 'fixture-short', { text: '80' });
    const shown = await t.graphql(
      SHOW,
      { module: MODULE, number: 1, question: 'fixture-short' },
      { cookie: other.cookie },
    );
    expect(shown.body.data?.showAnswer).toEqual({
      first_correct: false,
      answer_shown: true,
      correct_choices: [],
      correct_answer: '443',
    });
    // A right answer after that changes nothing of the first attempt.
    expect(attemptOf(await answer(other.cookie, 'fixture-short', { text: '443' })).first_correct).toBe(false);
  });

  it('marks a multiple-choice answer right only with exactly the right options', async () => {
    const { cookie } = await learner({ paid: true });
    expect(attemptOf(await answer(cookie, 'fixture-multiple', { choices: [0] })).first_correct).toBe(false);
    expect(attemptOf(await answer(cookie, 'fixture-multiple', { choices: [0, 1, 2] })).last_correct).toBe(false);
    const exact = attemptOf(await answer(cookie, 'fixture-multiple', { choices: [2, 0, 2] }));
    expect(exact).toMatchObject({ last_correct: true, last_choices: [0, 2], correct_choices: [0, 2], attempts: 3 });
  });

  it('accepts a typed answer in any listed form, ignoring case and extra space', async () => {
    const { cookie } = await learner({ paid: true });
    const wrong = attemptOf(await answer(cookie, 'fixture-short', { text: '80' }));
    expect(wrong).toMatchObject({ first_correct: false, correct_answer: null, last_text: '80' });
    expect(attemptOf(await answer(cookie, 'fixture-short', { text: '  TCP/443 ' })).last_correct).toBe(true);
    const other = await learner({ paid: true });
    expect(attemptOf(await answer(other.cookie, 'fixture-short', { text: '443' })).first_correct).toBe(true);
  });

  it('refuses malformed answers with a clear message and records nothing', async () => {
    const { cookie, userRef } = await learner({ paid: true });
    const cases: [string, { choices?: number[]; text?: string }, string][] = [
      ['fixture-single', { choices: [0, 1] }, 'Choose one answer.'],
      ['fixture-single', {}, 'Choose one answer.'],
      ['fixture-single', { choices: [7] }, 'That choice is not one of the options.'],
      ['fixture-multiple', { choices: [] }, 'Choose at least one answer.'],
      ['fixture-short', { text: '   ' }, 'Type an answer.'],
      ['fixture-short', { text: 'x'.repeat(201) }, 'Answers are at most 200 characters.'],
    ];
    for (const [question, given, message] of cases) {
      const result = await answer(cookie, question, given);
      expect(codeOf(result)).toBe('VALIDATION_FAILED');
      expect(result.body.errors?.[0]?.message).toBe(message);
    }
    expect(codeOf(await answer(cookie, 'no-such-question', { choices: [0] }))).toBe('NOT_FOUND');
    expect(codeOf(await answer(cookie, 'fixture-single', { choices: [1] }, 99))).toBe('NOT_FOUND');
    expect(await attemptRows(userRef)).toEqual([]);
  });

  it('is for paid learners only', async () => {
    const unpaid = await learner({ paid: false });
    expect(codeOf(await answer(unpaid.cookie, 'fixture-single', { choices: [1] }))).toBe('FORBIDDEN');
    expect(codeOf(await t.graphql(LESSON_QUESTIONS, { module: MODULE, number: 1 }, { cookie: unpaid.cookie }))).toBe(
      'FORBIDDEN',
    );
    expect(
      codeOf(await t.graphql(ANSWER, { module: MODULE, number: 1, question: 'fixture-single', choices: [1] })),
    ).toBe('UNAUTHENTICATED');
    expect(await attemptRows(unpaid.userRef)).toEqual([]);
  });

  it('records one first attempt when 50 answers race, and counts all 50', async () => {
    const { cookie, userRef } = await learner({ paid: true });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => answer(cookie, 'fixture-single', { choices: [i % 3] })),
    );
    expect(results.every((r) => r.body.errors === undefined)).toBe(true);
    const rows = await attemptRows(userRef);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.attempts)).toBe(50);
    // Whichever answer won, the first-attempt verdict belongs to that answer.
    const first = JSON.parse(rows[0]!.first_answer) as { choices: number[] };
    expect(rows[0]!.first_correct).toBe(first.choices[0] === 1 ? 1 : 0);
    // Every response agrees on the first verdict: none saw a different "first".
    expect(new Set(results.map((r) => attemptOf(r).first_correct)).size).toBe(1);
  });
});

describe('scores', () => {
  it('show per module in progress, counting first attempts only', async () => {
    const { cookie } = await learner({ paid: true });
    await answer(cookie, 'fixture-single', { choices: [1] }); // right first time
    await answer(cookie, 'fixture-short', { text: '22' }); // wrong first…
    await answer(cookie, 'fixture-short', { text: '443' }); // …right later: still counts as wrong
    await answer(cookie, 'fixture-multiple', { choices: [0, 2] }, 2); // lesson 2, right
    const progress = await t.graphql(PROGRESS, {}, { cookie });
    const modules = (progress.body.data?.progress as { modules: { module_id: string; checks: unknown }[] }).modules;
    expect(modules.find((m) => m.module_id === MODULE)!.checks).toEqual({ total: 6, answered: 3, first_time_right: 2 });
    expect(modules.find((m) => m.module_id === 'wifi-hacking')!.checks).toMatchObject({ answered: 0 });
  });

  it('ignore attempts on questions the content no longer has', async () => {
    const { cookie, userRef } = await learner({ paid: true });
    await answer(cookie, 'fixture-single', { choices: [1] });
    // As if an edit removed a question (or a lesson) after learners had answered it.
    const retired = {
      user_ref: userRef,
      module_id: MODULE,
      first_correct: 1,
      first_answer: '{"choices":[0]}',
      first_answered_at: Date.now(),
      last_correct: 1,
      last_answer: '{"choices":[0]}',
      last_answered_at: Date.now(),
      attempts: 1,
    };
    await t.services.db
      .insertInto('question_attempt')
      .values([
        { ...retired, lesson_slug: t.services.catalogue.lesson(MODULE, 1)!.slug, question_id: 'retired-question' },
        { ...retired, lesson_slug: 'retired-lesson', question_id: 'fixture-single' },
        { ...retired, module_id: 'retired-module', lesson_slug: 'x', question_id: 'fixture-single' },
      ])
      .execute();
    const progress = await t.graphql(PROGRESS, {}, { cookie });
    const modules = (progress.body.data?.progress as { modules: { module_id: string; checks: unknown }[] }).modules;
    expect(modules.find((m) => m.module_id === MODULE)!.checks).toEqual({ total: 6, answered: 1, first_time_right: 1 });
    expect(modules.map((m) => m.module_id)).not.toContain('retired-module');
  });

  it('appear on the certificate and its public verification once the learner shows them, and not once it is revoked', async () => {
    const { cookie, userRef } = await learner({ paid: true });
    await answer(cookie, 'fixture-single', { choices: [1] });
    await answer(cookie, 'fixture-multiple', { choices: [1] });
    await t.graphql(COMPLETE, { module: MODULE, number: 1 }, { cookie });
    const done = await t.graphql(COMPLETE, { module: MODULE, number: 2 }, { cookie });
    // The checks are evidence, not a gate: the module completes with questions unanswered.
    expect(done.body.data?.markLessonComplete).toMatchObject({
      completed: true,
      checks: { total: 6, answered: 2, first_time_right: 1 },
    });
    const certificates = (await t.graphql(CERTIFICATES, {}, { cookie })).body.data?.certificates as {
      certificate_id: string;
      knowledge_checks: unknown;
    }[];
    expect(certificates).toHaveLength(1);
    const id = certificates[0]!.certificate_id;
    // Private until the learner chooses to show them (account page).
    expect(certificates[0]!.knowledge_checks).toBeNull();
    expect((await t.graphql(VERIFY, { id })).body.data?.verifyCertificate).toMatchObject({ knowledge_checks: null });
    await t.graphql('mutation { setEvidenceShown(show: true) }', {}, { cookie });
    const shown = (await t.graphql(CERTIFICATES, {}, { cookie })).body.data?.certificates as typeof certificates;
    expect(shown[0]!.knowledge_checks).toEqual({ total: 6, answered: 2, first_time_right: 1 });
    const verify = await t.graphql(VERIFY, { id });
    expect(verify.body.data?.verifyCertificate).toEqual({
      revoked_at: null,
      knowledge_checks: { total: 6, first_time_right: 1 },
    });

    await t.services.db
      .updateTable('certificate')
      .set({ revoked_at: Date.now(), revoked_reason: 'test' })
      .where('user_ref', '=', userRef)
      .execute();
    const revoked = await t.graphql(VERIFY, { id });
    expect(revoked.body.data?.verifyCertificate).toMatchObject({ knowledge_checks: null });
  });
});
