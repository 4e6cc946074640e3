import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

async function appWithCookies() {
  const app = Fastify();
  await app.register(cookie);
  app.get('/read', async (request) => ({ cookies: { ...request.cookies } }));
  app.get('/sign-in', async (_request, reply) => {
    reply.setCookie('other', 'kept', { path: '/', sameSite: false });
    setSessionCookie(reply, { token: 'first', expiresAt: Date.now() + 60_000 } as never);
    setSessionCookie(reply, { token: 'second', expiresAt: Date.now() + 3_600_000 } as never);
    return { ok: true };
  });
  app.get('/sign-out', async (_request, reply) => {
    clearSessionCookie(reply);
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('cookies', () => {
  it('reads the request’s cookies from its header, decoded', async () => {
    const app = await appWithCookies();
    const answer = await app.inject({ url: '/read', headers: { cookie: '__Host-ehc_session=abc; theme=dark%20blue' } });
    expect(answer.json()).toEqual({ cookies: { '__Host-ehc_session': 'abc', theme: 'dark blue' } });
    expect((await app.inject({ url: '/read' })).json()).toEqual({ cookies: {} });
  });

  it('sets the session cookie once, the last call winning, beside other cookies', async () => {
    const app = await appWithCookies();
    const answer = await app.inject({ url: '/sign-in' });
    const lines = answer.headers['set-cookie'] as string[];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('other=kept; Path=/');
    expect(lines[1]).toMatch(
      /^__Host-ehc_session=second; Max-Age=(3599|3600); Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });

  it('clears the session cookie with an empty value expired in 1970', async () => {
    const app = await appWithCookies();
    const answer = await app.inject({ url: '/sign-out' });
    // One Set-Cookie header: light-my-request gives a lone one as a string.
    expect([answer.headers['set-cookie']].flat()).toEqual([
      '__Host-ehc_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
    ]);
  });
});
