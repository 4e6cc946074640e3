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

export interface LessonBody {
  module_id: string;
  number: number;
  title: string;
  html: string;
}

export interface ModuleProgress {
  module_id: string;
  completed_lessons: number[];
  completed: boolean;
  completed_at: string | null;
}

export interface UserProgress {
  completed_modules: string[];
  modules: ModuleProgress[];
}

const MODULE_PROGRESS_FIELDS = 'module_id completed_lessons completed completed_at';

const catalogue = cachedRequest(async () => {
  const data = await gql<{ catalogue: CourseModule[] }>(
    'GetCatalogue',
    `query GetCatalogue { catalogue { id title description icon difficulty lesson_count lessons { number title summary } } }`,
  );
  return data.catalogue;
});

/** The seven modules; fetched once per visit (the catalogue only changes on deploy). */
export const fetchCatalogue = catalogue.get;

/** Lessons in the whole catalogue, for any text that states a count. */
export function totalLessons(modules: CourseModule[]): number {
  return modules.reduce((sum, m) => sum + m.lesson_count, 0);
}

export async function fetchProgress(): Promise<UserProgress> {
  const data = await gql<{ progress: UserProgress }>(
    'GetUserProgress',
    `query GetUserProgress { progress { completed_modules modules { ${MODULE_PROGRESS_FIELDS} } } }`,
  );
  return data.progress;
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

/** A lesson body (subscribers only), kept for the rest of the visit once fetched. */
export function fetchLesson(moduleId: string, number: number): Promise<LessonBody> {
  const key = `${moduleId}/${number}`;
  let request = lessonCache.get(key);
  if (!request) {
    request = gql<{ lesson: LessonBody }>(
      'GetLesson',
      `query GetLesson($module: String!, $number: Int!) { lesson(module_id: $module, number: $number) { module_id number title html } }`,
      { module: moduleId, number },
    ).then((data) => data.lesson);
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

/** Forgets cached lesson bodies (after logout, so the next learner cannot see them). */
export function clearCourseCache(): void {
  lessonCache.clear();
  catalogue.clear();
  intros.clear();
}
