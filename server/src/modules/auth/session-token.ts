import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the only copy lives in the learner's cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The database keeps only this digest, so a leaked table cannot be replayed as cookies. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const SESSION_COOKIE = '__Host-ehc_session';
