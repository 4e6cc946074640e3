import type { FastifyReply } from 'fastify';
import type { IssuedSession } from './session-store';
import { SESSION_COOKIE } from './session-token';

// `__Host-` requires Secure, Path=/ and no Domain: the browser then refuses the cookie
// from any other host or over plain HTTP (localhost excepted, for development).
const BASE = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

export function setSessionCookie(reply: FastifyReply, session: IssuedSession, now = Date.now()): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    ...BASE,
    maxAge: Math.max(0, Math.floor((session.expiresAt - now) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, BASE);
}
