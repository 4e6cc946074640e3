import { findLab, LABS, type LabInfo } from '@ehc/labs/catalogue';
import { isLearnersFlag } from '@ehc/labs/flags';
import { signLabToken } from '@ehc/labs/lab-token';
import { sql, type Kysely } from 'kysely';
import type { Database, LabProgressTable } from '../../db/schema';
import type { Budget } from '../../lib/rate-limits';
import { AppError } from '../../lib/errors';
import type { Selectable } from 'kysely';

/** What the app needs to start labs and check flags: the keys it shares with the lab hosts. */
export interface LabDeps {
  db: Kysely<Database>;
  origin: string;
  tokenSecret: string;
  flagSecret: string;
  sessionMs: number;
  /** Starts per learner per hour: each start is an instance with its own request budget. */
  starts: Budget;
  /** Flag submissions per learner per window: flags cannot be guessed, but nobody needs to try. */
  flags: Budget;
}

export const LAB_MESSAGES = {
  unknownLab: 'That lab does not exist.',
  flagShape: 'Flags look like EHC{…}: copy the whole flag the lab showed you.',
  wrongFlag: 'That is not your flag for this lab. Flags are personal: solve the lab to get your own.',
  tooManyFlags: 'Too many flags submitted. Please wait a few minutes and try again.',
  tooManyStarts: 'You have started labs many times in the last hour. Please wait a few minutes and try again.',
} as const;

export type LabProgressRow = Selectable<LabProgressTable>;

/** A lab as one learner sees it. */
export interface LabView {
  info: LabInfo;
  progress: LabProgressRow | undefined;
}

function labOrThrow(labId: string): LabInfo {
  const lab = findLab(labId);
  if (!lab) throw new AppError('NOT_FOUND', LAB_MESSAGES.unknownLab);
  return lab;
}

/** Every lab of the course with the learner's progress on it. */
export async function learnerLabs(db: Kysely<Database>, userRef: string): Promise<LabView[]> {
  const rows = await db.selectFrom('lab_progress').selectAll().where('user_ref', '=', userRef).execute();
  const byLab = new Map(rows.map((row) => [row.lab_id, row]));
  return LABS.map((info) => ({ info, progress: byLab.get(info.id) }));
}

/** Signs a lab token for a paid learner and records the start; the lab host does the rest. */
export async function startLab(
  deps: LabDeps,
  userRef: string,
  labId: string,
): Promise<{ url: string; expiresAt: number }> {
  const lab = labOrThrow(labId);
  if (!(await deps.starts.take(userRef))) throw new AppError('RATE_LIMITED', LAB_MESSAGES.tooManyStarts);
  const now = Date.now();
  const expiresAt = now + deps.sessionMs;
  const { token } = await signLabToken(deps.tokenSecret, { learner: userRef, labId, expiresAt: new Date(expiresAt) });
  await deps.db
    .insertInto('lab_progress')
    .values({ user_ref: userRef, lab_id: lab.id, first_started_at: now, last_started_at: now })
    .onConflict((oc) => oc.columns(['user_ref', 'lab_id']).doUpdateSet({ last_started_at: now }))
    .execute();
  // The token's own expiry is whole seconds; say the same time.
  return { url: `${deps.origin}/i/${token}/`, expiresAt: Math.floor(expiresAt / 1000) * 1000 };
}

/**
 * Checks a flag against the learner's own and records the solve once: a second submission
 * (another tab, the lab page's automatic report) keeps the first time.
 */
export async function submitLabFlag(
  deps: LabDeps,
  userRef: string,
  labId: string,
  flag: string,
): Promise<LabProgressRow> {
  const lab = labOrThrow(labId);
  // The flag looks like one (the rule declared on submitLabFlag); only its owner and lab are left to check.
  const given = flag.trim();
  if (!(await deps.flags.take(userRef))) throw new AppError('RATE_LIMITED', LAB_MESSAGES.tooManyFlags);
  if (!isLearnersFlag(deps.flagSecret, userRef, lab.id, given)) throw AppError.validation(LAB_MESSAGES.wrongFlag);
  // Right flags do not count against the budget.
  await deps.flags.giveBack(userRef);
  const now = Date.now();
  return deps.db
    .insertInto('lab_progress')
    .values({ user_ref: userRef, lab_id: lab.id, first_started_at: now, last_started_at: now, solved_at: now })
    .onConflict((oc) =>
      oc.columns(['user_ref', 'lab_id']).doUpdateSet({
        solved_at: sql`coalesce(lab_progress.solved_at, excluded.solved_at)`,
        solved_with_writeup: sql`case when lab_progress.solved_at is null and lab_progress.writeup_viewed_at is not null then 1 else lab_progress.solved_with_writeup end`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Shows the next hint (up to the last) and returns how many the learner has now seen. */
export async function revealLabHint(db: Kysely<Database>, userRef: string, labId: string): Promise<LabProgressRow> {
  const lab = labOrThrow(labId);
  const now = Date.now();
  return db
    .insertInto('lab_progress')
    .values({ user_ref: userRef, lab_id: lab.id, first_started_at: now, last_started_at: now, hints_shown: 1 })
    .onConflict((oc) =>
      oc.columns(['user_ref', 'lab_id']).doUpdateSet({
        hints_shown: sql`case when lab_progress.hints_shown < ${lab.hints.length} then lab_progress.hints_shown + 1 else lab_progress.hints_shown end`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Opens the write-up: before a solve this is recorded, and the solve then says "with the write-up". */
export async function openLabWriteup(db: Kysely<Database>, userRef: string, labId: string): Promise<LabProgressRow> {
  const lab = labOrThrow(labId);
  const now = Date.now();
  return db
    .insertInto('lab_progress')
    .values({ user_ref: userRef, lab_id: lab.id, first_started_at: now, last_started_at: now, writeup_viewed_at: now })
    .onConflict((oc) =>
      oc.columns(['user_ref', 'lab_id']).doUpdateSet({
        writeup_viewed_at: sql`coalesce(lab_progress.writeup_viewed_at, excluded.writeup_viewed_at)`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Labs solved of all the labs of a module, or of the course when `moduleId` is null. */
export async function labsSolved(
  db: Kysely<Database>,
  userRef: string,
  moduleId: string | null,
): Promise<{ solved: number; total: number }> {
  const ids = LABS.filter((lab) => moduleId === null || lab.moduleId === moduleId).map((lab) => lab.id);
  if (ids.length === 0) return { solved: 0, total: 0 };
  const row = await db
    .selectFrom('lab_progress')
    .select((eb) => eb.fn.countAll<number | string>().as('solved'))
    .where('user_ref', '=', userRef)
    .where('lab_id', 'in', ids)
    .where('solved_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return { solved: Number(row.solved), total: ids.length };
}
