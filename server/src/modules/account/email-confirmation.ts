import { ACCOUNT_MESSAGES } from '@ehc/common';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Budget } from '../../lib/rate-limits';
import { hashSessionToken, newSessionToken } from '../auth/session-token';
import { queueMail } from '../mail/mail-queue';

/** How long the link in a welcome email works. */
export const CONFIRMATION_VALID_DAYS = 7;
const VALID_MS = CONFIRMATION_VALID_DAYS * 86_400_000;

/**
 * Makes the confirmation link for a learner when their welcome email goes out (like a
 * reset link: only the token's SHA-256 is stored), or null when the address is confirmed
 * already. A newer link replaces any older one.
 */
export async function issueConfirmationLink(
  db: Kysely<Database> | Transaction<Database>,
  appOrigin: string,
  userRef: string,
  now = Date.now(),
): Promise<string | null> {
  const user = await db
    .selectFrom('app_user')
    .select('email_confirmed_at')
    .where('id', '=', userRef)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user || user.email_confirmed_at !== null) return null;
  const token = newSessionToken();
  await db.deleteFrom('email_confirmation').where('user_ref', '=', userRef).execute();
  await db
    .insertInto('email_confirmation')
    .values({ token_hash: hashSessionToken(token), user_ref: userRef, created_at: now, expires_at: now + VALID_MS })
    .execute();
  return `${appOrigin}/confirm-email?token=${token}`;
}

/** Confirms the address of the link's learner; a link works once, within its days. */
export async function confirmEmail(db: Kysely<Database>, token: string): Promise<void> {
  const invalid = () => new AppError('RESET_LINK_INVALID', ACCOUNT_MESSAGES.confirmationLinkInvalid);
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw invalid();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .deleteFrom('email_confirmation')
      .where('token_hash', '=', hashSessionToken(token))
      .where('expires_at', '>', now)
      .returning('user_ref')
      .executeTakeFirst();
    if (!used) throw invalid();
    await trx
      .updateTable('app_user')
      .set({ email_confirmed_at: now })
      .where('id', '=', used.user_ref)
      .where('email_confirmed_at', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
  });
}

/** Sends the welcome email again, with a fresh link, to a signed-in learner not yet confirmed. */
export async function resendConfirmation(
  db: Kysely<Database>,
  budget: Budget,
  user: { id: string; user_id: string; email_confirmed_at: number | null },
): Promise<void> {
  if (user.email_confirmed_at !== null) throw AppError.validation(ACCOUNT_MESSAGES.emailAlreadyConfirmed);
  if (!(await budget.take(user.id))) throw AppError.rateLimited();
  await queueMail(db, { kind: 'welcome', to: user.user_id, userRef: user.id, data: { fullName: '' } });
}
