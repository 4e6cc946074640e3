import { builder } from '../../graphql/builder';
import { AppError } from '../../lib/errors';
import type { CourseModule, Lesson } from './catalogue';
import type { Section } from './markdown';

const SectionType = builder.objectRef<Section>('LessonSection').implement({
  description: 'A second-level heading of a lesson; `id` is its anchor in the lesson HTML.',
  fields: (t) => ({ id: t.exposeString('id'), title: t.exposeString('title') }),
});

const LessonSummaryType = builder.objectRef<Lesson>('LessonSummary').implement({
  description: 'A lesson as listed in the catalogue: no body.',
  fields: (t) => ({
    number: t.exposeInt('number'),
    title: t.exposeString('title'),
    summary: t.exposeString('summary'),
  }),
});

const CourseModuleType = builder.objectRef<CourseModule>('CourseModule').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    icon: t.exposeString('icon'),
    difficulty: t.exposeString('difficulty'),
    lesson_count: t.int({ resolve: (module) => module.lessons.length }),
    lessons: t.field({ type: [LessonSummaryType], resolve: (module) => module.lessons }),
    intro_html: t.exposeString('introHtml', {
      description: 'Module introduction, including its authorized-testing note.',
    }),
  }),
});

export const LessonType = builder
  .objectRef<Lesson & { moduleId: string; moduleIntroHtml: string }>('Lesson')
  .implement({
    description: 'A lesson with its body: for subscribers only.',
    fields: (t) => ({
      module_id: t.exposeString('moduleId'),
      number: t.exposeInt('number'),
      title: t.exposeString('title'),
      summary: t.exposeString('summary'),
      html: t.exposeString('html', { description: 'Sanitized HTML rendered from the lesson Markdown.' }),
      sections: t.field({ type: [SectionType], resolve: (lesson) => lesson.sections }),
      reading_minutes: t.exposeInt('readingMinutes', { description: 'Estimated minutes to read the body.' }),
      module_intro_html: t.exposeString('moduleIntroHtml', {
        description:
          "Its module's introduction (with the authorized-testing note), shown with every lesson of the module.",
      }),
    }),
  });

builder.queryField('catalogue', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CourseModuleType],
    description: 'The seven modules in order, for any signed-in learner.',
    resolve: (_root, _args, ctx) => [...ctx.services.catalogue.modules],
  }),
);

builder.queryField('lesson', (t) =>
  t.withAuth({ paid: true }).field({
    type: LessonType,
    args: { module_id: t.arg.string(), number: t.arg.int() },
    resolve: (_root, args, ctx) => {
      const lesson = ctx.services.catalogue.lesson(args.module_id, args.number);
      if (!lesson) throw new AppError('NOT_FOUND', 'That lesson does not exist.');
      const { introHtml } = ctx.services.catalogue.module(args.module_id)!;
      return { ...lesson, moduleId: args.module_id, moduleIntroHtml: introHtml };
    },
  }),
);
