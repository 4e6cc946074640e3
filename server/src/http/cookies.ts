import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's cookies, parsed from its Cookie header when read. */
    readonly cookies: Record<string, string | undefined>;
  }
}

/**
 * Cookies without a hook (decision 0030): `request.cookies` is parsed from the header
 * when a handler reads it, and a cookie is set by writing its Set-Cookie header. A cookie
 * plugin would run a hook on every request to parse and another to write, and most
 * requests (pages, health checks, assets) read no cookie and set none.
 */
export function registerCookies(app: FastifyInstance): void {
  app.decorateRequest('cookies', {
    getter(this: FastifyRequest) {
      return parseCookie(this.headers.cookie ?? '');
    },
  });
}

/** Sets a cookie on the answer; a second call for the same name in one request replaces the first. */
export function setCookie(reply: FastifyReply, cookie: SetCookie): void {
  const earlier = [reply.getHeader('set-cookie') ?? []].flat().map(String);
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [
    ...earlier.filter((line) => !line.startsWith(`${cookie.name}=`)),
    stringifySetCookie(cookie),
  ]);
}
