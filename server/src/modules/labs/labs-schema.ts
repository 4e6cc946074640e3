import { builder } from '../../graphql/builder';
import { hasCourseAccess } from '../../graphql/auth-scopes';
import type { GraphQLContext } from '../../graphql/context';
import { renderMarkdown } from '../courses/markdown';
import {
  learnerLabs,
  openLabWriteup,
  revealLabHint,
  startLab,
  submitLabFlag,
  type LabDeps,
  type LabProgressRow,
  type LabView,
  LAB_MESSAGES,
} from './lab-service';
import { findLab } from '@ehc/labs/catalogue';
import { looksLikeFlag } from '@ehc/labs/flags';

export function labDeps(ctx: GraphQLContext): LabDeps {
  const { env, db, labLimits } = ctx.services;
  return { db, ...env.labs, ...labLimits };
}

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(Number(ms)).toISOString());

// Write-ups are Markdown in the catalogue, rendered once on first use.
const writeupHtml = new Map<string, string>();
function writeupOf(labId: string): string {
  let html = writeupHtml.get(labId);
  if (html === undefined) {
    html = renderMarkdown(findLab(labId)?.writeup ?? '');
    writeupHtml.set(labId, html);
  }
  return html;
}

interface LabParent extends LabView {
  /** Whether the learner has paid: hints and the write-up are course content. */
  paid: boolean;
}

export const LabType = builder.objectRef<LabParent>('Lab').implement({
  description: 'A hands-on lab: a deliberately vulnerable target on the lab site, tied to the lesson that teaches it.',
  fields: (t) => ({
    id: t.string({ resolve: (v) => v.info.id }),
    module_id: t.string({ resolve: (v) => v.info.moduleId }),
    lesson_number: t.int({ resolve: (v) => v.info.lessonNumber }),
    title: t.string({ resolve: (v) => v.info.title }),
    difficulty: t.string({ description: 'Beginner, Intermediate or Advanced.', resolve: (v) => v.info.difficulty }),
    objective: t.string({ resolve: (v) => v.info.objective }),
    solved: t.boolean({ resolve: (v) => v.progress?.solved_at != null }),
    solved_at: t.string({
      nullable: true,
      description: 'ISO 8601 time of the first accepted flag.',
      resolve: (v) => iso(v.progress?.solved_at),
    }),
    solved_with_writeup: t.boolean({
      description: 'Whether the write-up had been opened before the solve.',
      resolve: (v) => v.progress?.solved_at != null && v.progress.solved_with_writeup === 1,
    }),
    hint_count: t.int({ resolve: (v) => v.info.hints.length }),
    hints: t.stringList({
      description: 'The hints revealed so far, in order (paid learners).',
      resolve: (v) => (v.paid ? v.info.hints.slice(0, v.progress?.hints_shown ?? 0) : []),
    }),
    writeup_html: t.string({
      nullable: true,
      description: 'The write-up, once the lab is solved or the learner opened it (paid learners).',
      resolve: (v) =>
        v.paid && (v.progress?.solved_at != null || v.progress?.writeup_viewed_at != null)
          ? writeupOf(v.info.id)
          : null,
    }),
  }),
});

const LabSessionType = builder.objectRef<{ url: string; expiresAt: number }>('LabSession').implement({
  description: 'A started lab: its address on the lab site, valid until expires_at.',
  fields: (t) => ({
    url: t.exposeString('url'),
    expires_at: t.string({ resolve: (v) => new Date(v.expiresAt).toISOString() }),
  }),
});

const LabResultType = builder.objectRef<LabProgressRow>('LabResult').implement({
  fields: (t) => ({
    solved: t.boolean({ resolve: (row) => row.solved_at != null }),
    solved_at: t.string({ nullable: true, resolve: (row) => iso(row.solved_at) }),
  }),
});

function present(row: LabProgressRow, paid: boolean): LabParent {
  return { info: findLab(row.lab_id)!, progress: row, paid };
}

builder.queryField('labs', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [LabType],
    description: "Every lab of the course with the session learner's progress; unpaid learners see the list too.",
    resolve: async (_root, _args, ctx) => {
      const { user } = ctx.session;
      const paid = hasCourseAccess(user);
      return (await learnerLabs(ctx.services.db, user.id)).map((view) => ({ ...view, paid }));
    },
  }),
);

builder.mutationField('startLab', (t) =>
  t.withAuth({ paid: true }).field({
    type: LabSessionType,
    description: 'Starts a lab for a paid learner: a fresh instance on the lab site, reached by the returned URL.',
    args: { lab_id: t.arg.string() },
    resolve: (_root, args, ctx) => {
      const { user } = ctx.session;
      return startLab(labDeps(ctx), user.id, args.lab_id);
    },
  }),
);

builder.mutationField('submitLabFlag', (t) =>
  t.withAuth({ paid: true }).field({
    type: LabResultType,
    description: "Records a solve when the flag is the learner's own for that lab; throttled per learner.",
    args: {
      lab_id: t.arg.string(),
      flag: t.arg.string({ validate: [(flag) => looksLikeFlag(flag.trim()), { message: LAB_MESSAGES.flagShape }] }),
    },
    resolve: (_root, args, ctx) => submitLabFlag(labDeps(ctx), ctx.session.user.id, args.lab_id, args.flag),
  }),
);

builder.mutationField('revealLabHint', (t) =>
  t.withAuth({ paid: true }).field({
    type: LabType,
    description: 'Reveals the next hint of a lab (one at a time).',
    args: { lab_id: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      const { user } = ctx.session;
      return present(await revealLabHint(ctx.services.db, user.id, args.lab_id), true);
    },
  }),
);

builder.mutationField('openLabWriteup', (t) =>
  t.withAuth({ paid: true }).field({
    type: LabType,
    description: 'Opens the write-up of a lab; a later solve is then recorded as "solved with the write-up".',
    args: { lab_id: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      const { user } = ctx.session;
      return present(await openLabWriteup(ctx.services.db, user.id, args.lab_id), true);
    },
  }),
);
