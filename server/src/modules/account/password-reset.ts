import { ACCOUNT_MESSAGES, RESET_LINK_VALID_MINUTES, normalizeEmail } from '@ehc/common';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Budget } from '../../lib/rate-limits';
import { hashPassword } from '../auth/passwords';
import { createSession, type IssuedSession, type SessionPolicy } from '../auth/session-store';
import { hashSessionToken, newSessionToken } from '../auth/session-token';
import { queueMail } from '../mail/mail-queue';
import type { UserRow } from '../users/user-store';

export interface ResetDeps {
  db: Kysely<Database>;
  sessionPolicy: SessionPolicy;
  appOrigin: string;
  /** Reset requests per email and per client address (every request counts). */
  budgets: { email: Budget; ip: Budget };
}

const VALID_MS = RESET_LINK_VALID_MINUTES * 60_000;

/**
 * "Forgot password?": queues a reset email when the address belongs to an account, and
 * does nothing visible otherwise, so the answer never tells whether an email is
 * registered. The link itself is made when the email is sent (`issueResetLink`), so the
 * raw token is never stored, not even in the mail queue.
 */
/**
 * Spends the request's budgets and finds the account (the address has passed the email
 * rule declared on `requestPasswordReset`), the same work whether or not one exists, and
 * returns what is left to do after the answer has gone out: queueing the email for a
 * known address (null for an unknown one). Writing the outbox row before answering made
 * known addresses answer a few milliseconds slower, which told them apart.
 */
export async function requestPasswordReset(
  deps: ResetDeps,
  emailInput: string,
  ip: string,
): Promise<(() => Promise<void>) | null> {
  const email = normalizeEmail(emailInput);
  if (!(await deps.budgets.ip.take(ip)) || !(await deps.budgets.email.take(email))) throw AppError.rateLimited();
  const user = await deps.db
    .selectFrom('app_user')
    .select(['id', 'user_id', 'full_name'])
    .where('user_id', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return null;
  return async () => {
    await queueMail(deps.db, {
      kind: 'password_reset',
      to: user.user_id,
      userRef: user.id,
      // Filled in by issueResetLink when the message is sent.
      data: { fullName: user.full_name, resetUrl: '', validMinutes: RESET_LINK_VALID_MINUTES },
    });
  };
}

/**
 * Makes the reset link for a learner at the moment their email goes out: a 256-bit
 * random token of which only the SHA-256 is stored, valid 30 minutes, single use. Any
 * older link of the learner stops working.
 */
export async function issueResetLink(
  db: Kysely<Database> | Transaction<Database>,
  appOrigin: string,
  userRef: string,
  now = Date.now(),
): Promise<string> {
  const token = newSessionToken();
  await db.deleteFrom('password_reset').where('user_ref', '=', userRef).execute();
  await db
    .insertInto('password_reset')
    .values({
      token_hash: hashSessionToken(token),
      user_ref: userRef,
      created_at: now,
      expires_at: now + VALID_MS,
      used_at: null,
    })
    .execute();
  return `${appOrigin}/reset-password?token=${token}`;
}

export interface ResetResult {
  user: UserRow;
  session: IssuedSession;
}

/**
 * Sets a new password (it has passed the password rules declared on `resetPassword`) from
 * a reset link: the link is used up, every session of the learner ends (whoever knew the
 * old password is out), "password changed" is emailed, and the learner is signed in afresh.
 */
export async function resetPassword(deps: ResetDeps, token: string, password: string): Promise<ResetResult> {
  const invalid = () => new AppError('RESET_LINK_INVALID', ACCOUNT_MESSAGES.resetLinkInvalid);
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw invalid();
  const tokenHash = hashSessionToken(token);
  const now = Date.now();
  const pending = await deps.db
    .selectFrom('password_reset')
    .innerJoin('app_user', 'app_user.id', 'password_reset.user_ref')
    .select('password_reset.user_ref')
    .where('password_reset.token_hash', '=', tokenHash)
    .where('password_reset.used_at', 'is', null)
    .where('password_reset.expires_at', '>', now)
    .where('app_user.deleted_at', 'is', null)
    .executeTakeFirst();
  // Only a live link costs a password hash.
  if (!pending) throw invalid();
  const passwordHash = await hashPassword(password);

  return deps.db.transaction().execute(async (trx) => {
    // Single use even when the link is opened twice at once: only one UPDATE wins.
    const used = await trx
      .updateTable('password_reset')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) throw invalid();
    const user = await trx
      .updateTable('app_user')
      .set({ password_hash: passwordHash })
      .where('id', '=', pending.user_ref)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('user_session').where('user_ref', '=', user.id).execute();
    await queuePasswordChanged(trx, user, now);
    const session = await createSession(trx, user.id, deps.sessionPolicy, now);
    return { user, session };
  });
}

export function queuePasswordChanged(trx: Transaction<Database>, user: UserRow, now: number): Promise<void> {
  return queueMail(
    trx,
    {
      kind: 'password_changed',
      to: user.user_id,
      userRef: user.id,
      data: { fullName: user.full_name, changedAt: now },
    },
    now,
  );
}
