import { builder } from '../../graphql/builder';
import { CertificateType, PublicCertificateType } from '../certificates/certificate-schema';
import { LessonType } from '../courses/course-schema';
import type { Question } from '../courses/questions';
import { certificateScore } from './certificate-score';
import { evidenceShown } from '../certificates/evidence';
import { answerQuestion, lessonAttempts, showAnswer, type CheckScore, type QuestionAttempt } from './answer-service';

/** A question together with the content it belongs to, so an attempt can reveal its key. */
interface AttemptView {
  question: Question;
  attempt: QuestionAttempt;
}

export const CheckScoreType = builder.objectRef<CheckScore>('CheckScore').implement({
  description: 'Knowledge checks: how many questions there are, answered, and right at the first attempt.',
  fields: (t) => ({
    total: t.exposeInt('total'),
    answered: t.exposeInt('answered'),
    first_time_right: t.exposeInt('first_time_right'),
  }),
});

const QuestionAttemptType = builder.objectRef<AttemptView>('QuestionAttempt').implement({
  description: "The learner's answers to a question, with its explanation: only once they have answered.",
  fields: (t) => ({
    question_id: t.string({ resolve: (v) => v.question.id }),
    first_correct: t.boolean({
      description: 'Whether the first answer was right: what certificates count.',
      resolve: (v) => v.attempt.firstCorrect,
    }),
    last_correct: t.boolean({ resolve: (v) => v.attempt.lastCorrect }),
    attempts: t.int({ resolve: (v) => v.attempt.attempts }),
    last_choices: t.intList({ resolve: (v) => [...(v.attempt.lastAnswer.choices ?? [])] }),
    last_text: t.string({ nullable: true, resolve: (v) => v.attempt.lastAnswer.text ?? null }),
    answer_shown: t.boolean({
      description: 'Whether the right answer is shown: after a right answer, a second try, or "Show answer".',
      resolve: (v) => v.attempt.keyShown,
    }),
    correct_choices: t.intList({
      description: 'The right options, once answer_shown; empty before.',
      resolve: (v) => (v.attempt.keyShown ? v.question.options.filter((o) => o.correct).map((o) => o.index) : []),
    }),
    correct_answer: t.string({
      nullable: true,
      description: 'For a typed answer, one accepted form, once answer_shown.',
      resolve: (v) => (v.question.kind === 'short' && v.attempt.keyShown ? v.question.displayAnswer : null),
    }),
    explanation_html: t.string({ resolve: (v) => v.question.explanationHtml }),
  }),
});

const QuestionOptionType = builder.objectRef<Question['options'][number]>('QuestionOption').implement({
  fields: (t) => ({
    index: t.exposeInt('index'),
    html: t.exposeString('html'),
  }),
});

const LessonQuestionType = builder
  .objectRef<{ question: Question; attempt: QuestionAttempt | undefined }>('LessonQuestion')
  .implement({
    description: 'A knowledge-check question. Which options are right is never sent before an answer.',
    fields: (t) => ({
      id: t.string({ resolve: (v) => v.question.id }),
      kind: t.string({ description: 'single, multiple or short.', resolve: (v) => v.question.kind }),
      prompt_html: t.string({ resolve: (v) => v.question.promptHtml }),
      options: t.field({ type: [QuestionOptionType], resolve: (v) => v.question.options }),
      attempt: t.field({
        type: QuestionAttemptType,
        nullable: true,
        resolve: (v) => (v.attempt ? { question: v.question, attempt: v.attempt } : null),
      }),
    }),
  });

builder.objectField(LessonType, 'questions', (t) =>
  t.withAuth({ paid: true }).field({
    type: [LessonQuestionType],
    description: "The lesson's knowledge check, with the session learner's attempts.",
    resolve: async (lesson, _args, ctx) => {
      const { user } = ctx.session;
      const attempts = await lessonAttempts(ctx.services.db, user.id, lesson.moduleId, lesson);
      return lesson.questions.map((question) => ({ question, attempt: attempts.get(question.id) }));
    },
  }),
);

builder.mutationField('answerQuestion', (t) =>
  t.withAuth({ paid: true }).field({
    type: QuestionAttemptType,
    description:
      'Checks an answer on the server and records it. The first answer to each question is kept as it was; later tries are counted.',
    args: {
      module_id: t.arg.string(),
      number: t.arg.int(),
      question_id: t.arg.string(),
      choices: t.arg.intList({ required: false, description: 'Chosen option indices (single and multiple).' }),
      text: t.arg.string({ required: false, description: 'The typed answer (short).' }),
    },
    resolve: async (_root, args, ctx) => {
      const { user } = ctx.session;
      const target = { moduleId: args.module_id, lessonNumber: args.number, questionId: args.question_id };
      return answerQuestion(ctx.services.db, ctx.services.catalogue, user.id, target, {
        choices: args.choices,
        text: args.text,
      });
    },
  }),
);

builder.mutationField('showAnswer', (t) =>
  t.withAuth({ paid: true }).field({
    type: QuestionAttemptType,
    description: 'Shows the right answer of a question the learner has tried. Their first answer still counts.',
    args: { module_id: t.arg.string(), number: t.arg.int(), question_id: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      const { user } = ctx.session;
      const target = { moduleId: args.module_id, lessonNumber: args.number, questionId: args.question_id };
      return showAnswer(ctx.services.db, ctx.services.catalogue, user.id, target);
    },
  }),
);

const scoreDescription =
  'Knowledge checks of the module (or, for the full certificate, the course): right at the first attempt, of all. Null unless the holder chose to show their evidence, when the certificate is revoked, or when there are no questions.';

for (const type of [CertificateType, PublicCertificateType]) {
  builder.objectField(type, 'knowledge_checks', (t) =>
    t.field({
      type: CheckScoreType,
      nullable: true,
      description: scoreDescription,
      resolve: async (certificate, _args, ctx) =>
        (await evidenceShown(ctx.services.db, certificate.userRef))
          ? certificateScore(ctx.services.db, ctx.services.catalogue, certificate)
          : null,
    }),
  );
}
