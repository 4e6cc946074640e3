import type { CourseModule, ModuleProgress } from '../../lib/course-api';

/** Where a learner resumes: the first lesson not yet done, or the first lesson. */
export function resumeLesson(module: CourseModule, progress: ModuleProgress | null): number {
  const done = new Set(progress?.completed_lessons ?? []);
  return module.lessons.find((lesson) => !done.has(lesson.number))?.number ?? 1;
}

/** Lessons still missing, in order. */
export function missingLessons(module: CourseModule, progress: ModuleProgress | null): number[] {
  const done = new Set(progress?.completed_lessons ?? []);
  return module.lessons.map((lesson) => lesson.number).filter((number) => !done.has(number));
}

/** Whole-number percentage of lessons done (spec §4). */
export function progressPercent(module: CourseModule, progress: ModuleProgress | null): number {
  if (module.lessons.length === 0) return 0;
  return Math.round(((progress?.completed_lessons.length ?? 0) / module.lessons.length) * 100);
}

/** The address of one lesson: `/course/<module>/<number>`. */
export function lessonPath(moduleId: string, number: number): string {
  return `/course/${encodeURIComponent(moduleId)}/${number}`;
}

/** A lesson number from the URL: a positive whole number written plainly, else null. */
export function parseLessonNumber(segment: string | undefined): number | null {
  if (!segment || !/^[1-9]\d{0,3}$/.test(segment)) return null;
  return Number(segment);
}
