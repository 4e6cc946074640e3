import { builder } from '../../graphql/builder';
import { requirePaidUser, requireUser } from '../../graphql/guards';
import type { GraphQLContext } from '../../graphql/context';
import { CheckScoreType } from '../checks/checks-schema';
import {
  getUserProgress,
  markLessonComplete,
  type ModuleProgress,
  type ProgressDeps,
  type UserProgress,
} from './progress-service';

const progressDeps = (ctx: GraphQLContext): ProgressDeps => ({
  db: ctx.services.db,
  catalogue: ctx.services.catalogue,
  appOrigin: ctx.services.env.appOrigin,
});

const ModuleProgressType = builder.objectRef<ModuleProgress>('ModuleProgress').implement({
  fields: (t) => ({
    module_id: t.exposeString('moduleId'),
    completed_lessons: t.exposeIntList('completedLessons', { description: 'Numbers of the completed lessons.' }),
    completed: t.boolean({ resolve: (p) => p.completedAt !== null }),
    completed_at: t.string({
      nullable: true,
      description: 'ISO 8601 time the module became complete.',
      resolve: (p) => (p.completedAt === null ? null : new Date(p.completedAt).toISOString()),
    }),
    checks: t.field({ type: CheckScoreType, description: "The module's knowledge checks.", resolve: (p) => p.checks }),
  }),
});

const UserProgressType = builder.objectRef<UserProgress>('UserProgress').implement({
  fields: (t) => ({
    completed_modules: t.exposeStringList('completedModules', { description: 'Ids of the completed modules.' }),
    modules: t.field({ type: [ModuleProgressType], resolve: (p) => p.modules }),
    resume_module_id: t.exposeString('resumeModuleId', {
      nullable: true,
      description: 'The unfinished module with the latest completed lesson, or null: where "Continue" goes.',
    }),
  }),
});

builder.queryField('progress', (t) =>
  t.field({
    type: UserProgressType,
    description: "The session learner's progress.",
    resolve: (_root, _args, ctx) => {
      const user = requireUser(ctx);
      return getUserProgress(progressDeps(ctx), user.id);
    },
  }),
);

builder.mutationField('markLessonComplete', (t) =>
  t.field({
    type: ModuleProgressType,
    description: 'Marks a lesson complete for the session learner; repeating it is harmless.',
    args: { module_id: t.arg.string(), number: t.arg.int() },
    resolve: (_root, args, ctx) => {
      const user = requirePaidUser(ctx);
      return markLessonComplete(progressDeps(ctx), user.id, args.module_id, args.number);
    },
  }),
);
