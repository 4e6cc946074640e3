import { getJson } from './get-json';
import { gql } from './graphql';
import { cachedRequest } from './request-cache';

export interface LessonSummary {
  number: number;
  title: string;
  summary: string;
}

export interface CourseModule {
  id: string;
  title: string;
  description: string;
  icon: string;
  difficulty: 'Beginner' | 'Intermediate' | 'Advanced';
  lesson_count: number;
  lessons: LessonSummary[];
}

/** A lesson's text: the same for every subscriber, so served as a cacheable document. */
export interface LessonText {
  module_id: string;
  number: number;
  title: string;
  summary: string;
  html: string;
  /** The lesson's second-level headings; `id` is the anchor in `html`. */
  sections: { id: string; title: string }[];
  reading_minutes: number;
}

/** A lesson's text with this learner's knowledge check. */
export interface LessonBody extends LessonText {
  questions: LessonQuestion[];
}

export type QuestionKind = 'single' | 'multiple' | 'short';

/** A knowledge-check question; which options are right arrives only with an attempt. */
export interface LessonQuestion {
  id: string;
  kind: QuestionKind;
  prompt_html: string;
  options: { index: number; html: string }[];
  attempt: QuestionAttempt | null;
}

export interface QuestionAttempt {
  question_id: string;
  first_correct: boolean;
  last_correct: boolean;
  attempts: number;
  last_choices: number[];
  last_text: string | null;
  /** Whether the right answer is shown: after a right answer, a second try, or "Show answer". */
  answer_shown: boolean;
  /** Empty until answer_shown. */
  correct_choices: number[];
  correct_answer: string | null;
  explanation_html: string;
}

/** Knowledge checks of a module (or the course): questions, answered, right at the first attempt. */
export interface CheckScore {
  total: number;
  answered: number;
  first_time_right: number;
}

export interface ModuleProgress {
  module_id: string;
  completed_lessons: number[];
  completed: boolean;
  completed_at: string | null;
  checks: CheckScore;
}

export interface UserProgress {
  completed_modules: string[];
  modules: ModuleProgress[];
  /** The unfinished module the learner worked on last, or null. */
  resume_module_id: string | null;
}

const MODULE_PROGRESS_FIELDS =
  'module_id completed_lessons completed completed_at checks { total answered first_time_right }';
const ATTEMPT_FIELDS =
  'question_id first_correct last_correct attempts last_choices last_text answer_shown correct_choices correct_answer explanation_html';

/**
 * What the session document brings besides the user (server: learner-routes.ts): the
 * learner's progress when the page opened, and where the catalogue is read.
 */
export interface SessionCourseData {
  progress: UserProgress | null;
  catalogue_path: string;
}

/** Before the session document has arrived (or when it failed), the revalidated address. */
const DEFAULT_CATALOGUE_PATH = '/api/catalogue';
let cataloguePath = DEFAULT_CATALOGUE_PATH;
/** The progress that came with the page, and whose it is. */
let pageProgress: { userId: string; progress: UserProgress } | null = null;

/**
 * Keeps what the session document of `userId` (null: signed out) brought. Its progress is
 * as fresh as the page: the screen the page opened on takes it instead of asking again
 * (fetchProgress), until the learner moves to another screen (forgetPageProgress).
 */
export function receiveSessionCourseData({ progress, catalogue_path }: SessionCourseData, userId: string | null): void {
  pageProgress = userId && progress ? { userId, progress } : null;
  // An older server's answer (during a deploy) may not name the catalogue's address.
  cataloguePath = catalogue_path ?? DEFAULT_CATALOGUE_PATH;
}

/** Called when the learner moves on: from then on progress is asked for afresh. */
export function forgetPageProgress(): void {
  pageProgress = null;
}

const catalogue = cachedRequest(async () => (await getJson<{ catalogue: CourseModule[] }>(cataloguePath)).catalogue);

/**
 * The seven modules; asked once per visit, at an address that names the catalogue's
 * content, so after the first visit the browser answers from its own cache.
 */
export const fetchCatalogue = catalogue.get;

/** Lessons in the whole catalogue, for any text that states a count. */
export function totalLessons(modules: CourseModule[]): number {
  return modules.reduce((sum, m) => sum + m.lesson_count, 0);
}

/**
 * The progress of `userId`, the signed-in learner, always fresh: what came with the page
 * for the first screen that asks, if it is theirs (someone else may have signed in on this
 * tab since, through a password reset, say), else a plain GET (learner-routes.ts).
 */
export function fetchProgress(userId: string): Promise<UserProgress> {
  const kept = pageProgress;
  pageProgress = null;
  return kept?.userId === userId ? Promise.resolve(kept.progress) : getJson<UserProgress>('/api/progress');
}

const intros = cachedRequest(async () => {
  const data = await gql<{ catalogue: { id: string; intro_html: string }[] }>(
    'GetModuleIntros',
    `query GetModuleIntros { catalogue { id intro_html } }`,
  );
  return new Map(data.catalogue.map((m) => [m.id, m.intro_html]));
});

/** Module introductions (who it is for, the lab, the authorized-testing note) as HTML. */
export async function fetchModuleIntro(moduleId: string): Promise<string | undefined> {
  return (await intros.get()).get(moduleId);
}

const lessonCache = new Map<string, Promise<LessonBody>>();

/**
 * A lesson (subscribers only): its text, cacheable, and this learner's knowledge check,
 * asked for at the same time. Kept for the rest of the visit once fetched.
 */
export function fetchLesson(moduleId: string, number: number): Promise<LessonBody> {
  const key = `${moduleId}/${number}`;
  let request = lessonCache.get(key);
  if (!request) {
    const text = getJson<LessonText>(`/api/lessons/${encodeURIComponent(moduleId)}/${number}`);
    const check = gql<{ lesson: { questions: LessonQuestion[] } }>(
      'GetLessonQuestions',
      `query GetLessonQuestions($module: String!, $number: Int!) { lesson(module_id: $module, number: $number) {
        questions { id kind prompt_html options { index html } attempt { ${ATTEMPT_FIELDS} } }
      } }`,
      { module: moduleId, number },
    );
    request = Promise.all([text, check]).then(([lesson, data]) => ({ ...lesson, questions: data.lesson.questions }));
    request.catch(() => lessonCache.delete(key));
    lessonCache.set(key, request);
  }
  return request;
}

export async function markLessonComplete(moduleId: string, number: number): Promise<ModuleProgress> {
  const data = await gql<{ markLessonComplete: ModuleProgress }>(
    'UpdateUserProgress',
    `mutation UpdateUserProgress($module: String!, $number: Int!) {
      markLessonComplete(module_id: $module, number: $number) { ${MODULE_PROGRESS_FIELDS} }
    }`,
    { module: moduleId, number },
  );
  return data.markLessonComplete;
}

/** Checks an answer on the server; the cached lesson then remembers the attempt for this visit. */
export async function answerQuestion(
  moduleId: string,
  number: number,
  questionId: string,
  given: { choices?: number[]; text?: string },
): Promise<QuestionAttempt> {
  const data = await gql<{ answerQuestion: QuestionAttempt }>(
    'AnswerQuestion',
    `mutation AnswerQuestion($module: String!, $number: Int!, $question: String!, $choices: [Int!], $text: String) {
      answerQuestion(module_id: $module, number: $number, question_id: $question, choices: $choices, text: $text) { ${ATTEMPT_FIELDS} }
    }`,
    { module: moduleId, number, question: questionId, ...given },
  );
  const cached = lessonCache.get(`${moduleId}/${number}`);
  void cached?.then((lesson) => {
    const question = lesson.questions.find((q) => q.id === questionId);
    if (question) question.attempt = data.answerQuestion;
  });
  return data.answerQuestion;
}

/** "Show answer": the right answer of a question the learner has tried; the first answer still counts. */
export async function showAnswer(moduleId: string, number: number, questionId: string): Promise<QuestionAttempt> {
  const data = await gql<{ showAnswer: QuestionAttempt }>(
    'ShowAnswer',
    `mutation ShowAnswer($module: String!, $number: Int!, $question: String!) {
      showAnswer(module_id: $module, number: $number, question_id: $question) { ${ATTEMPT_FIELDS} }
    }`,
    { module: moduleId, number, question: questionId },
  );
  const cached = lessonCache.get(`${moduleId}/${number}`);
  void cached?.then((lesson) => {
    const question = lesson.questions.find((q) => q.id === questionId);
    if (question) question.attempt = data.showAnswer;
  });
  return data.showAnswer;
}

/** Forgets cached lesson bodies (after logout, so the next learner cannot see them). */
export function clearCourseCache(): void {
  pageProgress = null;
  lessonCache.clear();
  catalogue.clear();
  intros.clear();
}
