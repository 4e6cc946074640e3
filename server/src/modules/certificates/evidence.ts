import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { FULL_SCOPE } from './certificate-service';
import { labsSolved } from '../labs/lab-service';

/**
 * "Labs solved" and knowledge-check scores are evidence of skill, and the learner decides
 * who sees it: until they turn it on in their account, /verify and their certificate
 * screen show neither (issue 36).
 */
export async function evidenceShown(db: Kysely<Database>, userRef: string): Promise<boolean> {
  const row = await db.selectFrom('app_user').select('show_evidence').where('id', '=', userRef).executeTakeFirst();
  return row?.show_evidence === 1;
}

export async function setEvidenceShown(db: Kysely<Database>, userRef: string, show: boolean): Promise<boolean> {
  await db
    .updateTable('app_user')
    .set({ show_evidence: show ? 1 : 0 })
    .where('id', '=', userRef)
    .execute();
  return show;
}

/**
 * The labs a certificate counts: its module's, or the whole course's on the full
 * certificate. Null when the learner keeps their evidence private, when the certificate is
 * revoked (it attests nothing), or when its scope has no labs.
 */
export async function certificateLabs(
  db: Kysely<Database>,
  certificate: { userRef: string; scope: string; revokedAt?: number | null },
): Promise<{ solved: number; total: number } | null> {
  if (certificate.revokedAt != null) return null;
  if (!(await evidenceShown(db, certificate.userRef))) return null;
  const count = await labsSolved(db, certificate.userRef, certificate.scope === FULL_SCOPE ? null : certificate.scope);
  return count.total > 0 ? count : null;
}
