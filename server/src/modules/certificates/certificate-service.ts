import { randomBytes, randomUUID } from 'node:crypto';
import { COURSE_NAME, MODULE_COUNT, MODULE_DISPLAY_NAMES, isModuleId } from '@ehc/common';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { lockLearner } from '../../db/learner-lock';
import { allocateStatusPlace } from '../credentials/status-entries';
import { queueMail } from '../mail/mail-queue';
import type { CertificateTable, Database } from '../../db/schema';

export const FULL_SCOPE = 'FULL';

export type CertificateRow = Selectable<CertificateTable>;

/**
 * The id of product-decisions §5: EHC-, the scope in capitals, the issue time in ms,
 * and the first three letters of the email in capitals (EHC-WEB-APPLICATION-1763740800000-ASH).
 */
export function certificateId(scope: string, issuedAt: number, email: string): string {
  // Letters are code points: cutting UTF-16 units could split an emoji into half a
  // surrogate pair, which has no UTF-8 form and so could never be looked up again.
  const firstLetters = Array.from(email).slice(0, 3).join('');
  return `EHC-${scope.toUpperCase()}-${issuedAt}-${firstLetters.toUpperCase()}`;
}

/** The download name: the email with "@" and then its first "." replaced by "_", plus .png. */
export function certificateFileName(email: string): string {
  return `${email.replace('@', '_').replace('.', '_')}.png`;
}

/** The public verification page of a certificate (printed on it as a QR code). */
export function verifyUrl(appOrigin: string, id: string): string {
  return `${appOrigin}/verify/${encodeURIComponent(id)}`;
}

/** What the certificate is for: a module's full display name, or the course name. */
export function certificateTitle(scope: string): string {
  if (scope === FULL_SCOPE) return COURSE_NAME;
  return isModuleId(scope) ? MODULE_DISPLAY_NAMES[scope] : scope;
}

/**
 * Issues the module's certificate, and the full one when this was the last module,
 * inside the transaction that recorded the module's completion (which holds the
 * learner's lock, so the count of completed modules is current). Each is issued once:
 * the (user, scope) unique constraint makes a second attempt a no-op.
 */
export async function issueCertificatesForCompletion(
  trx: Transaction<Database>,
  userRef: string,
  moduleId: string,
  completedAt: number,
  appOrigin: string,
): Promise<void> {
  const holder = await holderOf(trx, userRef);
  await issueOnce(trx, { userRef, scope: moduleId, completedAt, holder, appOrigin });
  await issueFullIfEarned(trx, { userRef, completedAt, holder, appOrigin });
}

/**
 * Issues the full-course certificate to a learner whose seven modules are complete, if
 * they have none yet, under the learner's lock (issuing twice is refused inside). Callers
 * check hasCertificate first, which spares the transaction when it exists.
 */
export async function ensureFullCertificate(
  db: Kysely<Database>,
  userRef: string,
  completedAt: number,
  appOrigin: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockLearner(trx, userRef);
    await issueFullIfEarned(trx, { userRef, completedAt, holder: await holderOf(trx, userRef), appOrigin });
  });
}

interface Holder {
  user_id: string;
  full_name: string;
}

function holderOf(trx: Transaction<Database>, userRef: string): Promise<Holder> {
  return trx
    .selectFrom('app_user')
    .select(['user_id', 'full_name'])
    .where('id', '=', userRef)
    .executeTakeFirstOrThrow();
}

/** Who is being certified, for what, and where the verification page lives. */
interface Issue {
  userRef: string;
  scope: string;
  completedAt: number;
  holder: Holder;
  appOrigin: string;
}

async function issueFullIfEarned(trx: Transaction<Database>, issue: Omit<Issue, 'scope'>): Promise<void> {
  const completed = await trx
    .selectFrom('module_completion')
    .select(({ fn }) => fn.countAll<number>().as('count'))
    .where('user_ref', '=', issue.userRef)
    .executeTakeFirstOrThrow();
  if (Number(completed.count) >= MODULE_COUNT) await issueOnce(trx, { ...issue, scope: FULL_SCOPE });
}

/** Whether the learner holds a certificate of this scope. */
export async function hasCertificate(db: Kysely<Database>, userRef: string, scope: string): Promise<boolean> {
  const row = await db
    .selectFrom('certificate')
    .select('certificate_id')
    .where('user_ref', '=', userRef)
    .where('scope', '=', scope)
    .executeTakeFirst();
  return row !== undefined;
}

async function issueOnce(trx: Transaction<Database>, issue: Issue): Promise<void> {
  const { userRef, scope, completedAt, holder } = issue;
  if (await hasCertificate(trx, userRef, scope)) return;
  // Two learners whose emails share three letters could finish the same module in the
  // same millisecond; the id's primary key refuses the second, which then takes the next ms.
  for (let offset = 0; offset < 50; offset += 1) {
    const id = certificateId(scope, completedAt + offset, holder.user_id);
    // Its signed credential's place in the revocation status list, kept for good
    // (modules/credentials), taken in this transaction and given back if the id is taken.
    const place = await allocateStatusPlace(trx, id, completedAt);
    const inserted = await trx
      .insertInto('certificate')
      .values({
        certificate_id: id,
        user_ref: userRef,
        scope,
        holder_name: holder.full_name.trim() || holder.user_id,
        completed_at: completedAt,
        status_list: place.list,
        status_index: place.index,
        credential_issued_at: completedAt,
        identity_salt: randomBytes(16).toString('hex'),
        subject_id: `urn:uuid:${randomUUID()}`,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      await trx
        .deleteFrom('credential_status_entry')
        .where('list_number', '=', place.list)
        .where('list_index', '=', place.index)
        .execute();
    } else {
      await queueMail(trx, {
        kind: 'certificate_issued',
        to: holder.user_id,
        userRef,
        data: {
          fullName: holder.full_name,
          title: certificateTitle(scope),
          certificateId: id,
          verifyUrl: verifyUrl(issue.appOrigin, id),
          fullCourse: scope === FULL_SCOPE,
        },
      });
      return;
    }
    if (await hasCertificate(trx, userRef, scope)) return;
  }
  throw new Error(`could not find a free certificate id for ${scope}`);
}

/** The learner's certificates that still stand: a revoked one is no longer theirs to show. */
export function listCertificates(db: Kysely<Database>, userRef: string): Promise<CertificateRow[]> {
  return db
    .selectFrom('certificate')
    .selectAll()
    .where('user_ref', '=', userRef)
    .where('revoked_at', 'is', null)
    .orderBy('completed_at')
    .execute();
}

export function findCertificate(db: Kysely<Database>, certificateIdValue: string): Promise<CertificateRow | undefined> {
  return db.selectFrom('certificate').selectAll().where('certificate_id', '=', certificateIdValue).executeTakeFirst();
}
