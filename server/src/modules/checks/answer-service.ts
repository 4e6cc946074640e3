import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, QuestionAttemptTable } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Catalogue, CourseModule, Lesson } from '../courses/catalogue';
import { normaliseShortAnswer, type Question } from '../courses/questions';

/** What a learner sent: the chosen options' indices, or the typed text. */
export interface GivenAnswer {
  choices?: readonly number[] | null;
  text?: string | null;
}

/** A learner's record on one question, once they have answered it. */
export interface QuestionAttempt {
  questionId: string;
  firstCorrect: boolean;
  lastCorrect: boolean;
  lastAnswer: GivenAnswer;
  attempts: number;
  /** Whether the right answer may be shown: after a right answer, a second try, or "Show answer". */
  keyShown: boolean;
}

export const MAX_SHORT_ANSWER_LENGTH = 200;

const CHECK_MESSAGES = {
  unknownQuestion: 'That question does not exist.',
  answerFirst: 'Answer the question first: the answer is shown after a try.',
  chooseOne: 'Choose one answer.',
  chooseSome: 'Choose at least one answer.',
  unknownChoice: 'That choice is not one of the options.',
  typeAnswer: 'Type an answer.',
  tooLong: `Answers are at most ${MAX_SHORT_ANSWER_LENGTH} characters.`,
} as const;

/**
 * Checks the answer against the content and records it: the first answer once, then each
 * retry. Returns the question with the attempt, which is what reveals its key.
 */
export async function answerQuestion(
  db: Kysely<Database>,
  catalogue: Catalogue,
  userRef: string,
  target: { moduleId: string; lessonNumber: number; questionId: string },
  given: GivenAnswer,
): Promise<{ question: Question; attempt: QuestionAttempt }> {
  const lesson = catalogue.lesson(target.moduleId, target.lessonNumber);
  const question = lesson?.questions.find((q) => q.id === target.questionId);
  if (!lesson || !question) throw new AppError('NOT_FOUND', CHECK_MESSAGES.unknownQuestion);
  const answer = validAnswer(question, given);
  const correct = isCorrect(question, answer) ? 1 : 0;
  const stored = JSON.stringify(answer);
  const now = Date.now();

  // One statement: the insert records the first answer; a conflict (an earlier answer, or
  // a racing one from another tab) leaves first_* alone and counts the retry. Both
  // databases run it atomically on the primary key, so 50 racing answers make one row.
  const row = await db
    .insertInto('question_attempt')
    .values({
      user_ref: userRef,
      module_id: target.moduleId,
      lesson_slug: lesson.slug,
      question_id: question.id,
      first_correct: correct,
      first_answer: stored,
      first_answered_at: now,
      last_correct: correct,
      last_answer: stored,
      last_answered_at: now,
      attempts: 1,
    })
    .onConflict((oc) =>
      oc.columns(['user_ref', 'module_id', 'lesson_slug', 'question_id']).doUpdateSet((eb) => ({
        last_correct: eb.ref('excluded.last_correct'),
        last_answer: eb.ref('excluded.last_answer'),
        last_answered_at: eb.ref('excluded.last_answered_at'),
        attempts: eb('question_attempt.attempts', '+', 1),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return { question, attempt: toAttempt(row) };
}

/** The learner's attempts on one lesson's questions, by question id. */
export async function lessonAttempts(
  db: Kysely<Database>,
  userRef: string,
  moduleId: string,
  lesson: Lesson,
): Promise<Map<string, QuestionAttempt>> {
  const rows = await db
    .selectFrom('question_attempt')
    .selectAll()
    .where('user_ref', '=', userRef)
    .where('module_id', '=', moduleId)
    .where('lesson_slug', '=', lesson.slug)
    .execute();
  return new Map(rows.map((row) => [row.question_id, toAttempt(row)]));
}

/** "X of Y right at the first attempt" for a module, or for the course when moduleId is null. */
export interface CheckScore {
  /** Questions in the current content. */
  total: number;
  /** Of those, how many the learner has answered at least once. */
  answered: number;
  /** Of those, how many they got right at the first attempt. */
  first_time_right: number;
}

/** A learner's first attempt on a question: its module, `<lesson slug>/<question id>`, and 1 if right. */
export interface FirstAttempt {
  module_id: string;
  question: string;
  first_correct: number;
}

/**
 * Scores per module for one learner (every module, or only `onlyModule`), counting only
 * questions that exist in today's content.
 */
export async function checkScores(
  db: Kysely<Database>,
  catalogue: Catalogue,
  userRef: string,
  onlyModule?: string,
): Promise<Map<string, CheckScore>> {
  return scoreAttempts(catalogue, await firstAttemptsOf(db, userRef), onlyModule);
}

/** Scores from first attempts already read (the progress view reads them with the rest). */
export function scoreAttempts(
  catalogue: Catalogue,
  attempts: readonly FirstAttempt[],
  onlyModule?: string,
): Map<string, CheckScore> {
  const modules = catalogue.modules.filter((m) => onlyModule === undefined || m.id === onlyModule);
  const scores = new Map<string, { score: CheckScore; questions: Set<string> }>(
    modules.map((module) => {
      const questions = questionsOf(module);
      return [module.id, { score: { total: questions.size, answered: 0, first_time_right: 0 }, questions }];
    }),
  );
  // One pass over the learner's attempts (usually far fewer than the course's questions);
  // an attempt on a question the content no longer has counts for nothing.
  for (const attempt of attempts) {
    const entry = scores.get(attempt.module_id);
    if (!entry?.questions.has(attempt.question)) continue;
    entry.score.answered += 1;
    if (attempt.first_correct === 1) entry.score.first_time_right += 1;
  }
  return new Map([...scores].map(([moduleId, { score }]) => [moduleId, score]));
}

// All of the learner's first attempts, a few hundred rows at most; scoreAttempts keeps
// only the module asked for.
function firstAttemptsOf(db: Kysely<Database>, userRef: string) {
  return db
    .selectFrom('question_attempt')
    .select(['module_id', questionKeySql().as('question'), 'first_correct'])
    .where('user_ref', '=', userRef)
    .execute();
}

/** `<lesson slug>/<question id>` of a question_attempt row, as SQL (both databases). */
export function questionKeySql() {
  return sql<string>`lesson_slug || '/' || question_id`;
}

export function courseScore(scores: Iterable<CheckScore>): CheckScore {
  const sum: CheckScore = { total: 0, answered: 0, first_time_right: 0 };
  for (const score of scores) {
    sum.total += score.total;
    sum.answered += score.answered;
    sum.first_time_right += score.first_time_right;
  }
  return sum;
}

// The content is loaded once per process: each module's question keys are listed once.
const questionKeys = new WeakMap<CourseModule, Set<string>>();

function questionsOf(module: CourseModule): Set<string> {
  let keys = questionKeys.get(module);
  if (!keys) {
    keys = new Set(module.lessons.flatMap((lesson) => lesson.questions.map((q) => questionKey(lesson.slug, q.id))));
    questionKeys.set(module, keys);
  }
  return keys;
}

function questionKey(lessonSlug: string, questionId: string): string {
  return `${lessonSlug}/${questionId}`;
}

function validAnswer(question: Question, given: GivenAnswer): GivenAnswer {
  if (question.kind === 'short') {
    const text = given.text?.trim() ?? '';
    if (text === '') throw AppError.validation(CHECK_MESSAGES.typeAnswer);
    if (text.length > MAX_SHORT_ANSWER_LENGTH) throw AppError.validation(CHECK_MESSAGES.tooLong);
    return { text };
  }
  const choices = [...new Set(given.choices ?? [])].sort((a, b) => a - b);
  if (choices.some((index) => !question.options.some((option) => option.index === index))) {
    throw AppError.validation(CHECK_MESSAGES.unknownChoice);
  }
  if (question.kind === 'single' && choices.length !== 1) throw AppError.validation(CHECK_MESSAGES.chooseOne);
  if (choices.length === 0) throw AppError.validation(CHECK_MESSAGES.chooseSome);
  return { choices };
}

function isCorrect(question: Question, answer: GivenAnswer): boolean {
  if (question.kind === 'short') {
    return question.acceptedAnswers.includes(normaliseShortAnswer(answer.text ?? '', question.caseSensitive));
  }
  const right = question.options.filter((o) => o.correct).map((o) => o.index);
  const chosen = answer.choices ?? [];
  return chosen.length === right.length && right.every((index) => chosen.includes(index));
}

function toAttempt(row: Selectable<QuestionAttemptTable>): QuestionAttempt {
  const attempts = Number(row.attempts);
  const lastCorrect = row.last_correct === 1;
  return {
    questionId: row.question_id,
    firstCorrect: row.first_correct === 1,
    lastCorrect,
    lastAnswer: JSON.parse(row.last_answer) as GivenAnswer,
    attempts,
    // One wrong try earns the explanation and another go; the answer waits for a second.
    keyShown: lastCorrect || attempts >= 2 || row.answer_shown === 1,
  };
}

/** "Show answer": after a wrong try, the learner may see the right one without trying again. */
export async function showAnswer(
  db: Kysely<Database>,
  catalogue: Catalogue,
  userRef: string,
  target: { moduleId: string; lessonNumber: number; questionId: string },
): Promise<{ question: Question; attempt: QuestionAttempt }> {
  const lesson = catalogue.lesson(target.moduleId, target.lessonNumber);
  const question = lesson?.questions.find((q) => q.id === target.questionId);
  if (!lesson || !question) throw new AppError('NOT_FOUND', CHECK_MESSAGES.unknownQuestion);
  const row = await db
    .updateTable('question_attempt')
    .set({ answer_shown: 1 })
    .where('user_ref', '=', userRef)
    .where('module_id', '=', target.moduleId)
    .where('lesson_slug', '=', lesson.slug)
    .where('question_id', '=', question.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw AppError.validation(CHECK_MESSAGES.answerFirst);
  return { question, attempt: toAttempt(row) };
}
