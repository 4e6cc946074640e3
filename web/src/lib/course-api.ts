import { getJson } from './get-json';
import type {
  AttemptFieldsFragment,
  CheckScoreFieldsFragment,
  GetLessonQuestionsQuery,
  ModuleProgressFieldsFragment,
} from '../gql/graphql';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { gql, graphql, graphqlRequest, withFragments } from './graphql';
import { askPageQuery, type TypedPageQuery } from './page-query';
import { queryKeys } from './query-keys';
import type { SessionDocument } from './session';

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
  /** The module's introduction (with its authorized-testing note), shown with each of its lessons. */
  module_intro_html: string;
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

/** The seven modules, as the document at `path` (the session document's `catalogue_path`) has them. */
export function cataloguePageQuery(path: string): TypedPageQuery<CourseModule[]> {
  return {
    queryKey: queryKeys.catalogue,
    requests: [{ path }],
    data: ([document]) => (document as { catalogue: CourseModule[] }).catalogue,
  };
}

/**
 * The seven modules, kept for the visit. The session document names an address that
 * names the catalogue's content, so after the first visit the browser answers from its
 * own cache; an older server's answer (during a deploy) may not name it.
 */
export const catalogueQuery = queryOptions({
  queryKey: queryKeys.catalogue,
  queryFn: ({ client }) => {
    const path = client.getQueryData<SessionDocument>(queryKeys.session)?.catalogue_path ?? DEFAULT_CATALOGUE_PATH;
    return askPageQuery(cataloguePageQuery(path));
  },
  staleTime: Infinity,
});

/** Lessons in the whole catalogue, for any text that states a count. */
export function totalLessons(modules: CourseModule[]): number {
  return modules.reduce((sum, m) => sum + m.lesson_count, 0);
}

/**
 * The progress of `userId`, the signed-in learner. The session document brings it with the
 * page (lib/session.tsx puts it here), so the first screen doesn't ask again; once the
 * learner moves to another screen it is marked stale (app/ForgetPageProgressOnMove.tsx)
 * and the next screen that shows it asks the server (learner-routes.ts) while showing it.
 */
export function progressQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.progress(userId),
    queryFn: () => getJson<UserProgress>('/api/progress'),
    staleTime: Infinity,
  });
}

/** Puts a module's progress, as a mutation answered it, into the learner's progress. */
export function storeModuleProgress(client: QueryClient, userId: string, module: ModuleProgress): void {
  client.setQueryData(progressQuery(userId).queryKey, (progress) => {
    if (!progress) return progress;
    const modules = progress.modules.some((m) => m.module_id === module.module_id)
      ? progress.modules.map((m) => (m.module_id === module.module_id ? module : m))
      : [...progress.modules, module];
    const completed_modules = module.completed
      ? [...new Set([...progress.completed_modules, module.module_id])]
      : progress.completed_modules;
    return { ...progress, modules, completed_modules };
  });
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

/**
 * A lesson (subscribers only): its text, cacheable, and this learner's knowledge check,
 * asked for at the same time.
 */
export function lessonPageQuery(moduleId: string, number: number): TypedPageQuery<LessonBody> {
  return {
    queryKey: queryKeys.lesson(moduleId, number),
    requests: [
      { path: `/api/lessons/${encodeURIComponent(moduleId)}/${number}` },
      graphqlRequest(GetLessonQuestions, { module: moduleId, number }),
    ],
    data: ([text, check]) => ({
      ...(text as LessonText),
      questions: (check as GetLessonQuestionsQuery).lesson.questions,
    }),
  };
}

/** A lesson with this learner's knowledge check, kept for the rest of the visit once fetched. */
export function lessonQuery(moduleId: string, number: number) {
  return queryOptions({
    queryKey: queryKeys.lesson(moduleId, number),
    queryFn: () => askPageQuery(lessonPageQuery(moduleId, number)),
    staleTime: Infinity,
  });
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

/** Checks an answer on the server (the caller keeps the attempt in the lesson: storeAttempt). */
export async function answerQuestion(
  moduleId: string,
  number: number,
  questionId: string,
  given: { choices?: number[]; text?: string },
): Promise<QuestionAttempt> {
  const data = await gql(AnswerQuestion, { module: moduleId, number, question: questionId, ...given });
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
  return data.showAnswer;
}

/** Keeps a question's latest attempt in the cached lesson, so it shows on the way back to it. */
export function storeAttempt(
  client: QueryClient,
  moduleId: string,
  number: number,
  questionId: string,
  attempt: QuestionAttempt,
): void {
  client.setQueryData(lessonQuery(moduleId, number).queryKey, (lesson) =>
    lesson
      ? { ...lesson, questions: lesson.questions.map((q) => (q.id === questionId ? { ...q, attempt } : q)) }
      : lesson,
  );
}
