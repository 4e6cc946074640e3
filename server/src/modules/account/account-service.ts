import { ACCOUNT_MESSAGES, normalizeIndianMobile } from '@ehc/common';
import type { Kysely } from 'kysely';
import { lockLearner } from '../../db/learner-lock';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthThrottle } from '../auth/throttle';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { queueMail } from '../mail/mail-queue';
import type { UserRow } from '../users/user-store';
import { queuePasswordChanged } from './password-reset';

export interface AccountDeps {
  db: Kysely<Database>;
  /** Checking the current password is a sign-in attempt: it spends the same budget. */
  throttle: AuthThrottle;
}

/** The signed-in learner and the session they are using. */
export interface Me {
  user: UserRow;
  tokenHash: string;
}

/**
 * Changes the learner's name and phone, which have passed the sign-up rules (declared on
 * `updateProfile`). Certificates already issued keep their name.
 */
export async function updateProfile(
  db: Kysely<Database>,
  user: UserRow,
  { fullName, phone, stateCode }: { fullName: string; phone: string; stateCode?: string | null },
): Promise<UserRow> {
  // Absent: unchanged; empty: removed; otherwise one of the GST state codes.
  const state = stateCode === undefined || stateCode === null ? undefined : stateCode.trim() || null;
  return db
    .updateTable('app_user')
    .set({
      full_name: fullName.trim(),
      phone: normalizeIndianMobile(phone),
      ...(state === undefined ? {} : { state_code: state }),
    })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Checks the learner's current password, counted like a sign-in attempt (a stolen session cannot guess it). */
async function confirmPassword(deps: AccountDeps, user: UserRow, password: string, ip: string): Promise<void> {
  await deps.throttle.run('login', user.user_id, ip, async () => {
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new AppError('INVALID_CREDENTIALS', ACCOUNT_MESSAGES.currentPasswordWrong);
    }
  });
}

/**
 * Sets a new password (it has passed the password rules, declared on `changePassword`)
 * after checking the current one; every other session of the learner ends.
 */
export async function changePassword(
  deps: AccountDeps,
  me: Me,
  input: { currentPassword: string; password: string },
  ip: string,
): Promise<void> {
  await confirmPassword(deps, me.user, input.currentPassword, ip);
  const passwordHash = await hashPassword(input.password);
  const now = Date.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', me.user.id).execute();
    await trx
      .deleteFrom('user_session')
      .where('user_ref', '=', me.user.id)
      .where('token_hash', '!=', me.tokenHash)
      .execute();
    await trx.deleteFrom('password_reset').where('user_ref', '=', me.user.id).execute();
    await queuePasswordChanged(trx, me.user, now);
  });
}

/** Ends every session of the learner but this one; returns how many ended. */
export async function signOutOtherSessions(db: Kysely<Database>, me: Me): Promise<number> {
  const result = await db
    .deleteFrom('user_session')
    .where('user_ref', '=', me.user.id)
    .where('token_hash', '!=', me.tokenHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface SessionInfo {
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
}

export async function listSessions(db: Kysely<Database>, me: Me): Promise<SessionInfo[]> {
  const rows = await db
    .selectFrom('user_session')
    .select(['token_hash', 'created_at', 'last_seen_at'])
    .where('user_ref', '=', me.user.id)
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((row) => ({
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.token_hash === me.tokenHash,
  }));
}

/**
 * Deletes the learner's account (docs/decisions/0008): progress, sessions, reset links
 * and queued mail go; certificates are revoked and lose the name; the payment records tax
 * law makes the seller keep stay, pointing at an anonymised row with no name, email or
 * phone. A goodbye email goes to the address the account had. The learner typed the
 * confirmation word (declared on `deleteAccount`); their password is checked here.
 */
export async function deleteAccount(deps: AccountDeps, me: Me, input: { password: string }, ip: string): Promise<void> {
  await confirmPassword(deps, me.user, input.password, ip);
  const now = Date.now();
  const { id, user_id: email } = me.user;
  await deps.db.transaction().execute(async (trx) => {
    await lockLearner(trx, id);
    await trx
      .updateTable('certificate')
      .set({ revoked_at: now, revoked_reason: 'account deleted' })
      .where('user_ref', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    // Every certificate loses the name, revoked earlier ones too: /verify shows none.
    await trx.updateTable('certificate').set({ holder_name: '' }).where('user_ref', '=', id).execute();
    // The simulated gateway's copy of the checkout notes held the email and phone.
    await trx
      .updateTable('simulated_gateway_order')
      .set({ notes: '{}' })
      .where('order_id', 'in', (eb) => eb.selectFrom('payment_order').select('order_id').where('user_ref', '=', id))
      .execute();
    for (const table of [
      'lesson_progress',
      'question_attempt',
      'lab_progress',
      'module_completion',
      'user_session',
      'password_reset',
      'email_confirmation',
      'mail_outbox',
    ] as const) {
      await trx.deleteFrom(table).where('user_ref', '=', id).execute();
    }
    await trx
      .updateTable('app_user')
      .set({
        user_id: `deleted-${id}@deleted.invalid`,
        full_name: '',
        phone: '',
        // No password can match this: the account can never be signed into again.
        password_hash: '!deleted',
        payment_status: 0,
        show_evidence: 0,
        state_code: null,
        deleted_at: now,
      })
      .where('id', '=', id)
      .execute();
    // Not tied to the account, so it survives the deletion above and the row keeps no link
    // to it; nor the name (the email greets without it), and the address goes once it is sent.
    await queueMail(
      trx,
      { kind: 'account_deleted', to: email, userRef: null, data: { fullName: '', deletedAt: now } },
      now,
    );
  });
}
