import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../modules/auth/session-token';
import { AppError } from '../lib/errors';
import { sendError } from './error-answers';

/**
 * Lets only same-origin JSON POSTs through. A browser cannot send `application/json`
 * cross-site without a preflight we never grant, and it labels cross-site requests with
 * Sec-Fetch-Site and Origin, so checking those before any resolver runs stops CSRF
 * without tokens.
 *
 * A POST that carries the session cookie must also prove it is same-origin, by an Origin
 * or Sec-Fetch-Site header: every browser sends one of them on a fetch POST, so one with
 * neither did not come from our page (an old browser, a plugin, a proxy that strips
 * headers), and acting on its cookie would be acting for someone who did not ask.
 */
export function makeJsonPostGuard(appOrigin: string) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.method !== 'POST') {
      reply.header('allow', 'POST');
      return sendError(reply, new AppError('METHOD_NOT_ALLOWED', 'Send requests by POST with a JSON body.'));
    }
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/json') {
      return sendError(
        reply,
        new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send requests with Content-Type: application/json.'),
      );
    }
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') return refuseCrossSite(reply);
    const origin = request.headers.origin;
    if (origin !== undefined && !isSameOrigin(origin, appOrigin, request.headers.host)) return refuseCrossSite(reply);

    const carriesSession = request.cookies[SESSION_COOKIE] !== undefined;
    if (carriesSession && origin === undefined && fetchSite !== 'same-origin') return refuseCrossSite(reply);
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

function refuseCrossSite(reply: FastifyReply): FastifyReply {
  return sendError(reply, new AppError('CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.'));
}
