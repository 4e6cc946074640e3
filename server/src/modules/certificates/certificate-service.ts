import { COURSE_NAME, MODULE_COUNT, MODULE_DISPLAY_NAMES, isModuleId } from '@ehc/common';
import type { Kysely, Selectable, Transaction } from 'kysely';
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

/** What the certificate is for: a module's full display name, or the course name. */
export function certificateTitle(scope: string): string {
  if (scope === FULL_SCOPE) return COURSE_NAME;
  return isModuleId(scope) ? MODULE_DISPLAY_NAMES[scope] : scope;
}

/**
 * Issues the module's certificate, and the full one when this was the last module,
 * inside the transaction that recorded the module's completion. Each is issued once:
 * the (user, scope) unique constraint makes a second attempt a no-op.
 */
export async function issueCertificatesForCompletion(
  trx: Transaction<Database>,
  userRef: string,
  moduleId: string,
  completedAt: number,
): Promise<void> {
  const user = await trx
    .selectFrom('app_user')
    .select(['user_id', 'full_name'])
    .where('id', '=', userRef)
    .executeTakeFirstOrThrow();
  await issueOnce(trx, userRef, moduleId, completedAt, user);
  const completed = await trx
    .selectFrom('module_completion')
    .select(({ fn }) => fn.countAll<number>().as('count'))
    .where('user_ref', '=', userRef)
    .executeTakeFirstOrThrow();
  if (Number(completed.count) >= MODULE_COUNT) await issueOnce(trx, userRef, FULL_SCOPE, completedAt, user);
}

async function issueOnce(
  trx: Transaction<Database>,
  userRef: string,
  scope: string,
  completedAt: number,
  user: { user_id: string; full_name: string },
): Promise<void> {
  const existing = await trx
    .selectFrom('certificate')
    .select('certificate_id')
    .where('user_ref', '=', userRef)
    .where('scope', '=', scope)
    .executeTakeFirst();
  if (existing) return;
  // Two learners whose emails share three letters could finish the same module in the
  // same millisecond; the id's primary key refuses the second, which then takes the next ms.
  for (let offset = 0; offset < 50; offset += 1) {
    const id = certificateId(scope, completedAt + offset, user.user_id);
    await trx
      .insertInto('certificate')
      .values({
        certificate_id: id,
        user_ref: userRef,
        scope,
        holder_name: user.full_name.trim() || user.user_id,
        completed_at: completedAt,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const issued = await trx
      .selectFrom('certificate')
      .select('certificate_id')
      .where('user_ref', '=', userRef)
      .where('scope', '=', scope)
      .executeTakeFirst();
    if (issued) return;
  }
  throw new Error(`could not find a free certificate id for ${scope}`);
}

export function listCertificates(db: Kysely<Database>, userRef: string): Promise<CertificateRow[]> {
  return db.selectFrom('certificate').selectAll().where('user_ref', '=', userRef).orderBy('completed_at').execute();
}

export function findCertificate(db: Kysely<Database>, certificateIdValue: string): Promise<CertificateRow | undefined> {
  return db.selectFrom('certificate').selectAll().where('certificate_id', '=', certificateIdValue).executeTakeFirst();
}
