import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../users/user-store';
import type { SessionRows } from './session-rows';
import { hashSessionToken, newSessionToken } from './session-token';

export interface SessionPolicy {
  idleTimeoutMs: number;
  maxAgeMs: number;
}

// Refresh `last_seen_at` at most this often, so reading pages is not a write per request.
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface IssuedSession {
  token: string;
  expiresAt: number;
}

/** Creates a session row and returns the raw token for the cookie. */
export async function createSession(
  db: Kysely<Database>,
  userRef: string,
  policy: SessionPolicy,
  now = Date.now(),
): Promise<IssuedSession> {
  const token = newSessionToken();
  const expiresAt = now + policy.maxAgeMs;
  await db
    .insertInto('user_session')
    .values({
      token_hash: hashSessionToken(token),
      user_ref: userRef,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** What a session lookup needs: the database, and its batched read (session-rows.ts). */
export interface SessionDeps {
  db: Kysely<Database>;
  sessionRows: SessionRows;
}

/** The user behind a cookie token, or null when it is unknown, idle too long or expired. */
export async function findSessionUser(
  deps: SessionDeps,
  token: string,
  policy: SessionPolicy,
  now = Date.now(),
): Promise<{ user: UserRow; tokenHash: string } | null> {
  const tokenHash = hashSessionToken(token);
  const user = await findSessionUserByHash(deps, tokenHash, policy, now);
  return user ? { user, tokenHash } : null;
}

/** findSessionUser for a token already hashed. */
export async function findSessionUserByHash(
  { db, sessionRows }: SessionDeps,
  tokenHash: string,
  policy: SessionPolicy,
  now = Date.now(),
): Promise<UserRow | null> {
  const row = await sessionRows(tokenHash);
  if (!row || !(await keepSession(db, tokenHash, row, policy, now))) return null;
  const { last_seen_at: _seen, expires_at: _expires, ...user } = row;
  return user;
}

/** When a session row says it ends and when it was last used. */
export interface SessionTimes {
  expires_at: number;
  last_seen_at: number;
}

/**
 * Whether a session found by its token's hash is still good: one that expired or sat idle
 * too long is deleted (false); a good one has its last use refreshed, at most every few
 * minutes. Every lookup of a session by its token ends here.
 */
export async function keepSession(
  db: Kysely<Database>,
  tokenHash: string,
  { expires_at, last_seen_at }: SessionTimes,
  policy: SessionPolicy,
  now = Date.now(),
): Promise<boolean> {
  if (expires_at <= now || last_seen_at + policy.idleTimeoutMs <= now) {
    await deleteSession(db, tokenHash);
    return false;
  }
  if (now - last_seen_at > TOUCH_INTERVAL_MS) {
    await db.updateTable('user_session').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
  }
  return true;
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('user_session').where('token_hash', '=', tokenHash).execute();
}
