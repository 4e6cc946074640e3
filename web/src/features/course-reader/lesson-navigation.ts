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
