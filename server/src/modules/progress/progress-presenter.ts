import type { CheckScore } from '../checks/answer-service';
import type { ModuleProgress, UserProgress } from './progress-service';

/** One module's progress as the API says it: in GraphQL answers and in `GET /api/progress`. */
export interface ModuleProgressView {
  module_id: string;
  /** Numbers of the completed lessons, ascending. */
  completed_lessons: number[];
  completed: boolean;
  /** ISO 8601 time the module became complete, or null. */
  completed_at: string | null;
  checks: CheckScore;
}

/** The learner's progress as the API says it. */
export interface ProgressView {
  completed_modules: string[];
  /** The unfinished module with the latest completed lesson, or null: where "Continue" goes. */
  resume_module_id: string | null;
  modules: ModuleProgressView[];
}

export function presentModuleProgress(progress: ModuleProgress): ModuleProgressView {
  return {
    module_id: progress.moduleId,
    completed_lessons: progress.completedLessons,
    completed: progress.completedAt !== null,
    completed_at: progress.completedAt === null ? null : new Date(progress.completedAt).toISOString(),
    checks: progress.checks,
  };
}

export function presentProgress(progress: UserProgress): ProgressView {
  return {
    completed_modules: progress.completedModules,
    resume_module_id: progress.resumeModuleId,
    modules: progress.modules.map(presentModuleProgress),
  };
}
