import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { CheckScoreType } from '../checks/checks-schema';
import {
  presentModuleProgress,
  presentProgress,
  type ModuleProgressView,
  type ProgressView,
} from './progress-presenter';
import { getUserProgress, markLessonComplete, type ProgressDeps } from './progress-service';

const progressDeps = (ctx: GraphQLContext): ProgressDeps => ({
  db: ctx.services.db,
  catalogue: ctx.services.catalogue,
  appOrigin: ctx.services.env.appOrigin,
});

const ModuleProgressType = builder.objectRef<ModuleProgressView>('ModuleProgress').implement({
  fields: (t) => ({
    module_id: t.exposeString('module_id'),
    completed_lessons: t.exposeIntList('completed_lessons', { description: 'Numbers of the completed lessons.' }),
    completed: t.exposeBoolean('completed'),
    completed_at: t.exposeString('completed_at', {
      nullable: true,
      description: 'ISO 8601 time the module became complete.',
    }),
    checks: t.expose('checks', { type: CheckScoreType, description: "The module's knowledge checks." }),
  }),
});

const UserProgressType = builder.objectRef<ProgressView>('UserProgress').implement({
  fields: (t) => ({
    completed_modules: t.exposeStringList('completed_modules', { description: 'Ids of the completed modules.' }),
    modules: t.expose('modules', { type: [ModuleProgressType] }),
    resume_module_id: t.exposeString('resume_module_id', {
      nullable: true,
      description: 'The unfinished module with the latest completed lesson, or null: where "Continue" goes.',
    }),
  }),
});

builder.queryField('progress', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: UserProgressType,
    description: "The session learner's progress.",
    resolve: async (_root, _args, ctx) => {
      const { user } = ctx.session;
      return presentProgress(await getUserProgress(progressDeps(ctx), user.id));
    },
  }),
);

builder.mutationField('markLessonComplete', (t) =>
  t.withAuth({ paid: true }).field({
    type: ModuleProgressType,
    description: 'Marks a lesson complete for the session learner; repeating it is harmless.',
    args: { module_id: t.arg.string(), number: t.arg.int() },
    resolve: async (_root, args, ctx) => {
      const { user } = ctx.session;
      return presentModuleProgress(await markLessonComplete(progressDeps(ctx), user.id, args.module_id, args.number));
    },
  }),
);
