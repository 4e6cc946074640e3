import type { FastifyReply } from 'fastify';
import { setCookie } from '../../http/cookies';
import type { IssuedSession } from './session-store';
import { SESSION_COOKIE } from './session-token';

// `__Host-` requires Secure, Path=/ and no Domain: the browser then refuses the cookie
// from any other host or over plain HTTP (localhost excepted, for development).
const BASE = { name: SESSION_COOKIE, httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

export function setSessionCookie(reply: FastifyReply, session: IssuedSession, now = Date.now()): void {
  setCookie(reply, {
    ...BASE,
    value: session.token,
    maxAge: Math.max(0, Math.floor((session.expiresAt - now) / 1000)),
  });
}

/** Tells the browser to drop the session cookie: empty, and expired since 1970. */
export function clearSessionCookie(reply: FastifyReply): void {
  setCookie(reply, { ...BASE, value: '', expires: new Date(0) });
}
