import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Lets only same-origin JSON POSTs reach the GraphQL endpoint. A browser cannot send
 * `application/json` cross-site without a preflight we never grant, and it always
 * labels cross-site requests with Sec-Fetch-Site and Origin, so checking those three
 * before any resolver runs stops CSRF without tokens.
 */
export function makeJsonPostGuard(appOrigin: string) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.method !== 'POST') {
      reply.header('allow', 'POST');
      return reject(reply, 405, 'METHOD_NOT_ALLOWED', 'Send requests by POST with a JSON body.');
    }
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/json') {
      return reject(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send requests with Content-Type: application/json.');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      return reject(reply, 403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !isSameOrigin(origin, appOrigin, request.headers.host)) {
      return reject(reply, 403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
    }
  };
}

function isSameOrigin(origin: string, appOrigin: string, host: string | undefined): boolean {
  if (origin === appOrigin) return true;
  // Also accept the host the browser addressed (e.g. 127.0.0.1 instead of localhost):
  // a forged cross-site request cannot choose the Host header the victim's browser sends.
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

function reject(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send({ errors: [{ message, extensions: { code } }] });
}
