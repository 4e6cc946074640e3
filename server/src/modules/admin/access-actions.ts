import type { Kysely } from 'kysely';
import { lockLearner } from '../../db/learner-lock';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { auditedChange, learnerRow, refuseDeleted, type Acting } from './admin-action';

/**
 * Complimentary access: unlocks the course without a payment (a scholarship, a support
 * gesture). Nothing marks it in the account but the audit entry, which is why it needs a
 * reason. A learner who already has access is refused, so the log holds real changes only.
 */
export function grantAccess(db: Kysely<Database>, who: Acting, userRef: string): Promise<string> {
  return auditedChange(db, who, 'grant_access', async (trx) => {
    await lockLearner(trx, userRef);
    const learner = await learnerRow(trx, userRef);
    refuseDeleted(learner);
    if (learner.payment_status === 1) throw AppError.validation('This learner already has access to the course.');
    await trx.updateTable('app_user').set({ payment_status: 1 }).where('id', '=', userRef).execute();
    return {
      userRef,
      target: null,
      details: { before: { paid: false }, after: { paid: true }, complimentary: true },
    };
  });
}

/**
 * Locks the course again without touching any payment: money the learner paid stays paid
 * (refund it separately if it should go back). The entry lists the captured payments so
 * whoever reads the log later sees that access was taken from someone who had paid.
 */
export function revokeAccess(db: Kysely<Database>, who: Acting, userRef: string): Promise<string> {
  return auditedChange(db, who, 'revoke_access', async (trx) => {
    await lockLearner(trx, userRef);
    const learner = await learnerRow(trx, userRef);
    refuseDeleted(learner);
    if (learner.payment_status !== 1) throw AppError.validation('This learner has no access to revoke.');
    const captured = await trx
      .selectFrom('payment')
      .select('payment_id')
      .where('user_ref', '=', userRef)
      .where('status', '=', 'captured')
      .execute();
    await trx.updateTable('app_user').set({ payment_status: 0 }).where('id', '=', userRef).execute();
    return {
      userRef,
      target: null,
      details: {
        before: { paid: true },
        after: { paid: false },
        captured_payments_not_refunded: captured.map((p) => p.payment_id),
      },
    };
  });
}

/** Ends every session of the learner (a lost phone, a shared password): every device must sign in again. */
export function signOutEverywhere(db: Kysely<Database>, who: Acting, userRef: string): Promise<string> {
  return auditedChange(db, who, 'sign_out_everywhere', async (trx) => {
    await learnerRow(trx, userRef);
    const ended = await trx.deleteFrom('user_session').where('user_ref', '=', userRef).executeTakeFirst();
    const count = Number(ended.numDeletedRows);
    return { userRef, target: null, details: { before: { sessions: count }, after: { sessions: 0 } } };
  });
}
