import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { FULL_SCOPE } from '../certificates/certificate-service';
import type { Catalogue } from '../courses/catalogue';
import { checkScores, courseScore, type CheckScore } from './answer-service';

/**
 * The knowledge-check score a certificate shows: its module's, or the whole course's for
 * the full certificate. A revoked certificate attests nothing, so it shows none; neither
 * does one whose scope has no questions.
 */
export async function certificateScore(
  db: Kysely<Database>,
  catalogue: Catalogue,
  certificate: { userRef: string; scope: string; revokedAt?: number | null },
): Promise<CheckScore | null> {
  if (certificate.revokedAt != null) return null;
  const full = certificate.scope === FULL_SCOPE;
  const scores = await checkScores(db, catalogue, certificate.userRef, full ? undefined : certificate.scope);
  const score = full ? courseScore(scores.values()) : scores.get(certificate.scope);
  return score && score.total > 0 ? score : null;
}
