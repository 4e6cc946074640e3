import { sql, type Kysely } from 'kysely';
import { lockLearner } from '../../db/learner-lock';
import { retryTransient } from '../../db/transient-retry';
import { findSessionUserByHash, keepSession, type SessionDeps, type SessionPolicy } from '../auth/session-store';
import type { ProgressCache } from './progress-cache';
import type { PresentedUserRow } from '../users/user-presenter';
import type { UserRow } from '../users/user-store';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  FULL_SCOPE,
  ensureFullCertificate,
  hasCertificate,
  issueCertificatesForCompletion,
} from '../certificates/certificate-service';
import { checkScores, questionKeySql, scoreAttempts, type CheckScore } from '../checks/answer-service';
import type { Catalogue, CourseModule } from '../courses/catalogue';

export interface ModuleProgress {
  moduleId: string;
  /** Numbers of the completed lessons that exist in the current content, ascending. */
  completedLessons: number[];
  /** When the module became complete, or null. */
  completedAt: number | null;
  /** The module's knowledge checks. */
  checks: CheckScore;
}

export interface UserProgress {
  completedModules: string[];
  modules: ModuleProgress[];
  /** The unfinished module with the learner's latest completed lesson, or null: where "Continue" goes. */
  resumeModuleId: string | null;
}

export interface ProgressDeps {
  db: Kysely<Database>;
  catalogue: Catalogue;
  /** The public origin, for the verification links in certificate emails. */
  appOrigin: string;
}

/** One row per module and kind of record (learnerRecordSql). */
interface LearnerRecordRow {
  kind: 'lessons' | 'module' | 'checks';
  module_id: string;
  /**
   * `lessons`: the completed lessons' slugs; `checks`: each answered question as
   * `<lesson slug>/<question id>:<1 if right at the first attempt, else 0>`. Separated
   * by spaces, which neither slugs (content-loader.ts: lower-case words joined by hyphens)
   * nor question ids (questions.ts: QUESTION_ID) contain.
   */
  item: string;
  /** `lessons`: the latest completion of a lesson; `module`: when the module was completed. */
  at: number;
}

// Everything the progress view needs about one learner, in one statement, a row per
// module and kind: completed lessons, completed modules and first attempts, so a learner
// who has done the whole course costs a couple of dozen rows, not hundreds. (string_agg:
// PostgreSQL, and SQLite since 3.44.) `userRef` is a value, or a subquery.
function learnerRecordSql(userRef: unknown) {
  return sql<LearnerRecordRow>`
    select 'lessons' as kind, module_id, string_agg(lesson_slug, ' ') as item, max(completed_at) as at
      from lesson_progress where user_ref = ${userRef} group by module_id
    union all
    select 'module', module_id, '', completed_at
      from module_completion where user_ref = ${userRef}
    union all
    select 'checks', module_id, string_agg(${questionKeySql()} || ':' || first_correct, ' '), 0
      from question_attempt where user_ref = ${userRef} group by module_id`;
}

async function learnerRecord(db: Kysely<Database>, userRef: string): Promise<LearnerRecordRow[]> {
  return (await learnerRecordSql(userRef).execute(db)).rows;
}

// The learner a session token belongs to and all their records, in one statement, so the
// documents every visit asks for (learner-routes.ts) cost one round trip, not a session
// lookup and then the records. The first row is the session's: its user's id in
// module_id, their email in item, when the session expires in at, and when it was last
// used and the user's other fields in columns of their own, null on the record rows.
async function sessionLearnerRecord(db: Kysely<Database>, tokenHash: string) {
  const query = sql<LearnerRecordRow | SessionRow>`
    with session as (select user_ref, expires_at, last_seen_at from user_session where token_hash = ${tokenHash})
    select 'session' as kind, u.id as module_id, u.user_id as item, s.expires_at as at, s.last_seen_at,
           u.full_name, u.phone, u.payment_status, u.role, u.state_code, u.progress_version
      from session s join app_user u on u.id = s.user_ref
    union all
    select kind, module_id, item, at, null, null, null, null, null, null, null from (
      ${learnerRecordSql(sql`(select user_ref from session)`)}
    ) as record`;
  return (await query.execute(db)).rows;
}

interface SessionRow {
  kind: 'session';
  module_id: string;
  item: string;
  at: number;
  last_seen_at: number;
  full_name: string;
  phone: string;
  payment_status: number;
  role: UserRow['role'];
  state_code: string | null;
  progress_version: number;
}

/** The session's user, as much of the row as the API may show (presentUser). */
export type SessionLearner = PresentedUserRow & Pick<UserRow, 'id'>;

/** The learner's progress across the catalogue, derived from their progress rows; only reads. */
export async function getUserProgress(
  { db, catalogue }: Pick<ProgressDeps, 'db' | 'catalogue'>,
  userRef: string,
): Promise<UserProgress> {
  return progressFrom(catalogue, await learnerRecord(db, userRef));
}

/**
 * The learner whose session token hashes to `tokenHash`, with their progress; null when
 * there is no such session or it has ended (keepSession). The first visit of a session
 * reads both in one statement; later visits read the session with the learner's
 * progress_version and reuse the progress this server built, unless a write has moved
 * the version since (decisions/0022).
 */
export async function getSessionLearner(
  {
    db,
    sessionRows,
    catalogue,
    progressCache,
  }: SessionDeps & Pick<ProgressDeps, 'catalogue'> & { progressCache: ProgressCache },
  tokenHash: string,
  policy: SessionPolicy,
): Promise<{ user: SessionLearner; progress: UserProgress } | null> {
  if (progressCache.holds(tokenHash)) {
    const row = await findSessionUserByHash({ db, sessionRows }, tokenHash, policy);
    if (!row) {
      progressCache.forget(tokenHash);
      return null;
    }
    const user = sessionLearnerOf(row);
    const kept = progressCache.current(tokenHash, row.id, row.progress_version);
    if (kept) return { user, progress: kept };
    // Read after the version, so what is kept is at least as new as the version it is kept at.
    const progress = progressFrom(catalogue, await learnerRecord(db, row.id));
    progressCache.keep(tokenHash, row.id, row.progress_version, progress);
    return { user, progress };
  }
  const rows = await sessionLearnerRecord(db, tokenHash);
  const session = rows.find((row): row is SessionRow => row.kind === 'session');
  if (!session) return null;
  const times = { expires_at: session.at, last_seen_at: session.last_seen_at };
  if (!(await keepSession(db, tokenHash, times, policy))) return null;
  const user = sessionLearnerOf({ ...session, id: session.module_id, user_id: session.item });
  const progress = progressFrom(
    catalogue,
    rows.filter((row): row is LearnerRecordRow => row.kind !== 'session'),
  );
  progressCache.keep(tokenHash, user.id, session.progress_version, progress);
  return { user, progress };
}

function sessionLearnerOf(row: SessionLearner): SessionLearner {
  const { id, user_id, full_name, phone, payment_status, role, state_code } = row;
  return { id, user_id, full_name, phone, payment_status, role, state_code };
}

function progressFrom(catalogue: Catalogue, record: LearnerRecordRow[]): UserProgress {
  const lessonRows = record.filter((row) => row.kind === 'lessons');
  const doneSlugs = new Map(lessonRows.map((row) => [row.module_id, new Set(row.item.split(' '))]));
  const completedAt = new Map(record.filter((row) => row.kind === 'module').map((row) => [row.module_id, row.at]));
  const attempts = record
    .filter((row) => row.kind === 'checks')
    .flatMap((row) =>
      row.item.split(' ').map((answer) => {
        const flag = answer.lastIndexOf(':');
        return {
          module_id: row.module_id,
          question: answer.slice(0, flag),
          first_correct: Number(answer.slice(flag + 1)),
        };
      }),
    );
  const scores = scoreAttempts(catalogue, attempts);
  const modules = catalogue.modules.map((module) =>
    toModuleProgress(
      module,
      doneSlugs.get(module.id) ?? new Set(),
      completedAt.get(module.id) ?? null,
      scores.get(module.id)!,
    ),
  );
  const completedModules = modules.filter((m) => m.completedAt !== null).map((m) => m.moduleId);
  return { completedModules, modules, resumeModuleId: latestUnfinishedModule(lessonRows, completedModules) };
}

/**
 * Issues the full-course certificate to a learner whose modules are all complete but who
 * has none: possible with data written before completions were serialised (decisions/0006).
 * Asked when the learner lists their certificates; one indexed read when it exists.
 */
export async function issueMissingFullCertificate(deps: ProgressDeps, userRef: string): Promise<void> {
  if (await hasCertificate(deps.db, userRef, FULL_SCOPE)) return;
  const { modules, completedModules } = await getUserProgress(deps, userRef);
  if (completedModules.length < deps.catalogue.modules.length) return;
  const lastCompletion = Math.max(...modules.map((m) => m.completedAt ?? 0));
  await ensureFullCertificate(deps.db, userRef, lastCompletion, deps.appOrigin);
}

/** The unfinished module whose latest lesson was completed last. */
function latestUnfinishedModule(lessonRows: LearnerRecordRow[], completedModules: string[]): string | null {
  let latest: { moduleId: string; at: number } | null = null;
  for (const row of lessonRows) {
    if (completedModules.includes(row.module_id)) continue;
    if (!latest || row.at > latest.at) latest = { moduleId: row.module_id, at: row.at };
  }
  return latest?.moduleId ?? null;
}

/**
 * Marks one lesson complete for the learner (harmless if it already is) and, when that
 * leaves no lesson of the module undone, records the module's completion once.
 */
export async function markLessonComplete(
  { db, catalogue, appOrigin }: ProgressDeps,
  userRef: string,
  moduleId: string,
  lessonNumber: number,
): Promise<ModuleProgress> {
  const module = catalogue.module(moduleId);
  const lesson = catalogue.lesson(moduleId, lessonNumber);
  if (!module || !lesson) throw new AppError('NOT_FOUND', 'That lesson does not exist.');

  const now = Date.now();
  // Both writes are idempotent, so a transient failure (two tabs' writes deadlocking on the
  // learner's row) is retried rather than shown to the learner as an error.
  await retryTransient(() =>
    db
      .insertInto('lesson_progress')
      .values({ user_ref: userRef, module_id: module.id, lesson_slug: lesson.slug, completed_at: now })
      .onConflict((oc) => oc.columns(['user_ref', 'module_id', 'lesson_slug']).doNothing())
      .execute(),
  );

  const [progress, scores] = await Promise.all([
    retryTransient(() => completeModuleIfDone(db, module, userRef, now, appOrigin)),
    checkScores(db, catalogue, userRef, module.id),
  ]);
  return { ...progress, checks: scores.get(module.id)! };
}

async function completeModuleIfDone(
  db: Kysely<Database>,
  module: CourseModule,
  userRef: string,
  now: number,
  appOrigin: string,
): Promise<Omit<ModuleProgress, 'checks'>> {
  return db.transaction().execute(async (trx) => {
    // One learner's completions run one at a time, after their lesson rows committed: when
    // the last lessons of two modules finish at once, the second sees the first's module
    // completion and issues the full-course certificate (decisions/0006).
    await lockLearner(trx, userRef);
    const done = new Set(
      (
        await trx
          .selectFrom('lesson_progress')
          .select('lesson_slug')
          .where('user_ref', '=', userRef)
          .where('module_id', '=', module.id)
          .execute()
      ).map((row) => row.lesson_slug),
    );
    if (module.lessons.every((lesson) => done.has(lesson.slug))) {
      // Insert-if-absent: only the request that really records the completion issues
      // the certificates, in the same transaction as the completion they attest.
      const inserted = await trx
        .insertInto('module_completion')
        .values({ user_ref: userRef, module_id: module.id, completed_at: now })
        .onConflict((oc) => oc.columns(['user_ref', 'module_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        await issueCertificatesForCompletion(trx, userRef, module.id, now, appOrigin);
      }
    }
    const completion = await trx
      .selectFrom('module_completion')
      .select('completed_at')
      .where('user_ref', '=', userRef)
      .where('module_id', '=', module.id)
      .executeTakeFirst();
    const completedAt = completion?.completed_at ?? null;
    return { moduleId: module.id, completedLessons: completedNumbers(module, done), completedAt };
  });
}

function toModuleProgress(
  module: CourseModule,
  doneSlugs: Set<string>,
  completedAt: number | null,
  checks: CheckScore,
): ModuleProgress {
  return { moduleId: module.id, completedLessons: completedNumbers(module, doneSlugs), completedAt, checks };
}

function completedNumbers(module: CourseModule, doneSlugs: Set<string>): number[] {
  return module.lessons.filter((lesson) => doneSlugs.has(lesson.slug)).map((lesson) => lesson.number);
}
