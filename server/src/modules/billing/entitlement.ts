import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Unlocks the course for a learner. The only writer of `payment_status`; called once a
 * payment is verified on the server (never on the browser's word). Idempotent.
 */
export async function grantCourseAccess(db: Kysely<Database>, userRef: string): Promise<void> {
  await db.updateTable('app_user').set({ payment_status: 1 }).where('id', '=', userRef).execute();
}
