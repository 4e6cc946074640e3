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

/** The JSON schema of a ProgressView, for the plain GET routes (see userViewSchema). */
export const progressViewSchema = {
  type: 'object',
  properties: {
    completed_modules: { type: 'array', items: { type: 'string' } },
    resume_module_id: { type: ['string', 'null'] },
    modules: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          module_id: { type: 'string' },
          completed_lessons: { type: 'array', items: { type: 'integer' } },
          completed: { type: 'boolean' },
          completed_at: { type: ['string', 'null'] },
          checks: {
            type: 'object',
            properties: {
              total: { type: 'integer' },
              answered: { type: 'integer' },
              first_time_right: { type: 'integer' },
            },
            required: ['total', 'answered', 'first_time_right'],
          },
        },
        required: ['module_id', 'completed_lessons', 'completed', 'completed_at', 'checks'],
      },
    },
  },
  required: ['completed_modules', 'resume_module_id', 'modules'],
} as const;

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
