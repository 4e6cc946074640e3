import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Unlocks the course for a learner the way a verified payment ends, for tests that need
 * a paid learner without going through checkout. Production code unlocks only in the
 * billing module, after the payment is checked with the gateway.
 */
export async function grantCourseAccess(db: Kysely<Database>, userRef: string): Promise<void> {
  await db.updateTable('app_user').set({ payment_status: 1 }).where('id', '=', userRef).execute();
}
