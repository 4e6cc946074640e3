import type { FastifyReply } from 'fastify';
import type { IssuedSession } from './session-store';
import { SESSION_COOKIE } from './session-token';

// `__Host-` requires Secure, Path=/ and no Domain: the browser then refuses the cookie
// from any other host or over plain HTTP (localhost excepted, for development).
const ATTRIBUTES = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

/** Sets the session cookie (@fastify/cookie: a second call in one request replaces the first). */
export function setSessionCookie(reply: FastifyReply, session: IssuedSession, now = Date.now()): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    ...ATTRIBUTES,
    maxAge: Math.max(0, Math.floor((session.expiresAt - now) / 1000)),
  });
}

/** Tells the browser to drop the session cookie: empty, and expired since 1970. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.setCookie(SESSION_COOKIE, '', { ...ATTRIBUTES, expires: new Date(0) });
}
