import { getJson } from './get-json';
import type {
  AttemptFieldsFragment,
  CheckScoreFieldsFragment,
  GetLessonQuestionsQuery,
  ModuleProgressFieldsFragment,
} from '../gql/graphql';
import { gql, graphql, withFragments } from './graphql';
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

/** A knowledge-check question; which options are right arrives only with an attempt. */
export type LessonQuestion = GetLessonQuestionsQuery['lesson']['questions'][number];

/** How a question is answered: "single", "multiple" or "short". */
export type QuestionKind = LessonQuestion['kind'];

/** Knowledge checks of a module (or the course): questions, answered, right at the first attempt. */
export const CheckScoreFields = graphql(`
  fragment CheckScoreFields on CheckScore {
    total
    answered
    first_time_right
  }
`);
export type CheckScore = CheckScoreFieldsFragment;

/** The right answer and explanation arrive only once `answer_shown`. */
const AttemptFields = graphql(`
  fragment AttemptFields on QuestionAttempt {
    question_id
    first_correct
    last_correct
    attempts
    last_choices
    last_text
    answer_shown
    correct_choices
    correct_answer
    explanation_html
  }
`);
export type QuestionAttempt = AttemptFieldsFragment;

const ModuleProgressFields = withFragments(
  graphql(`
    fragment ModuleProgressFields on ModuleProgress {
      module_id
      completed_lessons
      completed
      completed_at
      checks {
        ...CheckScoreFields
      }
    }
  `),
  CheckScoreFields,
);
export type ModuleProgress = ModuleProgressFieldsFragment;

export interface UserProgress {
  completed_modules: string[];
  modules: ModuleProgress[];
  /** The unfinished module the learner worked on last, or null. */
  resume_module_id: string | null;
}

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

const GetModuleIntros = graphql(`
  query GetModuleIntros {
    catalogue {
      id
      intro_html
    }
  }
`);

const intros = cachedRequest(async () => {
  const data = await gql(GetModuleIntros);
  return new Map(data.catalogue.map((m) => [m.id, m.intro_html]));
});

/** Module introductions (who it is for, the lab, the authorized-testing note) as HTML. */
export async function fetchModuleIntro(moduleId: string): Promise<string | undefined> {
  return (await intros.get()).get(moduleId);
}

const GetLessonQuestions = withFragments(
  graphql(`
    query GetLessonQuestions($module: String!, $number: Int!) {
      lesson(module_id: $module, number: $number) {
        questions {
          id
          kind
          prompt_html
          options {
            index
            html
          }
          attempt {
            ...AttemptFields
          }
        }
      }
    }
  `),
  AttemptFields,
);

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
    const check = gql(GetLessonQuestions, { module: moduleId, number });
    request = Promise.all([text, check]).then(([lesson, data]) => ({ ...lesson, questions: data.lesson.questions }));
    request.catch(() => lessonCache.delete(key));
    lessonCache.set(key, request);
  }
  return request;
}

const UpdateUserProgress = withFragments(
  graphql(`
    mutation UpdateUserProgress($module: String!, $number: Int!) {
      markLessonComplete(module_id: $module, number: $number) {
        ...ModuleProgressFields
      }
    }
  `),
  ModuleProgressFields,
);

export async function markLessonComplete(moduleId: string, number: number): Promise<ModuleProgress> {
  const data = await gql(UpdateUserProgress, { module: moduleId, number });
  return data.markLessonComplete;
}

const AnswerQuestion = withFragments(
  graphql(`
    mutation AnswerQuestion($module: String!, $number: Int!, $question: String!, $choices: [Int!], $text: String) {
      answerQuestion(module_id: $module, number: $number, question_id: $question, choices: $choices, text: $text) {
        ...AttemptFields
      }
    }
  `),
  AttemptFields,
);

/** Checks an answer on the server; the cached lesson then remembers the attempt for this visit. */
export async function answerQuestion(
  moduleId: string,
  number: number,
  questionId: string,
  given: { choices?: number[]; text?: string },
): Promise<QuestionAttempt> {
  const data = await gql(AnswerQuestion, { module: moduleId, number, question: questionId, ...given });
  const cached = lessonCache.get(`${moduleId}/${number}`);
  void cached?.then((lesson) => {
    const question = lesson.questions.find((q) => q.id === questionId);
    if (question) question.attempt = data.answerQuestion;
  });
  return data.answerQuestion;
}

const ShowAnswer = withFragments(
  graphql(`
    mutation ShowAnswer($module: String!, $number: Int!, $question: String!) {
      showAnswer(module_id: $module, number: $number, question_id: $question) {
        ...AttemptFields
      }
    }
  `),
  AttemptFields,
);

/** "Show answer": the right answer of a question the learner has tried; the first answer still counts. */
export async function showAnswer(moduleId: string, number: number, questionId: string): Promise<QuestionAttempt> {
  const data = await gql(ShowAnswer, { module: moduleId, number, question: questionId });
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
