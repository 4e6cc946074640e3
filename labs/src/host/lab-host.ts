// The lab host: a Fastify server of its own, on LAB_ORIGIN, that serves every learner's
// lab instance under /i/<lab token>/. It keeps no per-learner memory beyond short-lived
// request budgets: the learner, the lab and the instance come from the signed token, the
// instance's data from its signed state cookie (instance-state.ts).
import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPVersion } from 'find-my-way';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { findLab, type LabInfo } from '../catalogue';
import { LAB_CSS, LAB_JS } from './assets';
import { labFlag } from '../flags';
import { verifyLabToken, type LabTokenClaims } from '../lab-token';
import { TARGETS } from '../targets';
import { readState, STATE_COOKIE, StateTooLargeError, writeState } from './instance-state';
import type { LabEnv } from './lab-env';
import {
  LabInputError,
  type LabHandler,
  type LabRequest,
  type LabResponse,
  type LabTarget,
  type LabTools,
} from './lab-kit';
import { hostPage, renderLabPage, type EditorRequest } from './layout';
import { EditorInputError, parseEditorForm, rawResponse } from './request-editor';
import { LabSqlError, LabSqlTimeout, runSql } from './sql-sandbox';
import { wouldRunScript } from './victim';

/** Requests one instance may make per window, and one learner across their instances. */
export const LAB_BUDGETS = {
  instanceRequests: { points: 300, duration: 60 },
  learnerRequests: { points: 600, duration: 60 },
  /** Milliseconds of SQL a learner may use per window. */
  learnerSqlMs: { points: 1500, duration: 10 },
};

type Route = { handler: LabHandler };
type Router = ReturnType<typeof FindMyWay<HTTPVersion.V1>>;

interface Instance {
  claims: LabTokenClaims;
  info: LabInfo;
  target: LabTarget;
  router: Router;
  base: string;
}

class BudgetSpent extends Error {}

export function buildLabHost(env: LabEnv): FastifyInstance {
  const app = Fastify({
    logger: {
      level: env.logLevel,
      // The token in a lab URL is the learner's key to the instance: never log it.
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: redactToken(req.url) }),
      },
    },
    bodyLimit: 64 * 1024,
    // Lab tokens travel in the path and are longer than Fastify's default 100 characters.
    routerOptions: { maxParamLength: 1024 },
  });
  // Every lab reads its body as text and parses what it expects (a form, JSON, XML…).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const routers = new Map<string, Router>();
  for (const target of TARGETS) {
    const router = FindMyWay<HTTPVersion.V1>({ ignoreTrailingSlash: true, caseSensitive: true });
    for (const [key, handler] of Object.entries(target.routes)) {
      if (!handler) continue;
      const [method, path] = key.split(' ') as [string, string];
      router.on(method as 'GET', path, () => undefined, { handler } satisfies Route);
    }
    routers.set(target.id, router);
  }
  const targetsById = new Map(TARGETS.map((target) => [target.id, target]));
  // One limiter per budget: most labs share the default, a few need more (requestsPerMinute).
  const limiters = new Map<number, { instance: RateLimiterMemory; learner: RateLimiterMemory }>();
  const limitersFor = (target: LabTarget) => {
    const points = target.requestsPerMinute ?? LAB_BUDGETS.instanceRequests.points;
    let pair = limiters.get(points);
    if (!pair) {
      const ratio = LAB_BUDGETS.learnerRequests.points / LAB_BUDGETS.instanceRequests.points;
      pair = {
        instance: new RateLimiterMemory({ points, duration: LAB_BUDGETS.instanceRequests.duration }),
        learner: new RateLimiterMemory({ points: points * ratio, duration: LAB_BUDGETS.learnerRequests.duration }),
      };
      limiters.set(points, pair);
    }
    return pair;
  };
  const sqlLimiter = new RateLimiterMemory(LAB_BUDGETS.learnerSqlMs);

  app.get('/_lab/lab.css', (_req, reply) => assetReply(reply, 'text/css; charset=utf-8', LAB_CSS));
  app.get('/_lab/lab.js', (_req, reply) => assetReply(reply, 'text/javascript; charset=utf-8', LAB_JS));
  app.get<{ Params: { labId: string; name: string } }>('/_lab/target/:labId/:name', (request, reply) => {
    const script = targetsById.get(request.params.labId)?.assets?.[request.params.name];
    if (!script) return reply.code(404).type('text/plain').send('Not found');
    return assetReply(reply, 'text/javascript; charset=utf-8', script);
  });
  app.get('/healthz', (_req, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
  app.get('/', (_req, reply) =>
    hostReply(reply, 404, 'No lab here', 'Labs start from a lesson of the course: press "Start lab" there.', env),
  );

  const handleInstance = async (
    request: FastifyRequest<{ Params: { token: string; '*'?: string } }>,
    reply: FastifyReply,
  ) => {
    const claims = await verifyLabToken(env.tokenSecret, request.params.token);
    const info = claims && findLab(claims.labId);
    const target = claims && targetsById.get(claims.labId);
    if (!claims || !info || !target) {
      return hostReply(
        reply,
        410,
        'This lab has ended',
        'Lab links last a few hours. Open the lesson and press "Start lab" for a fresh one.',
        env,
      );
    }
    const base = `/i/${request.params.token}`;
    const rest = request.params['*'];
    // The start URL ends with a slash, so that the lab's relative links (`login`) resolve inside it.
    if (rest === undefined) return reply.redirect(`${base}/`, 303);
    const instance: Instance = { claims, info, target, router: routers.get(target.id)!, base };

    try {
      const { instance: instanceLimiter, learner: learnerLimiter } = limitersFor(target);
      await instanceLimiter.consume(claims.instanceId);
      await learnerLimiter.consume(claims.learner);
      const sqlBudget = await sqlLimiter.get(claims.learner);
      if (sqlBudget && sqlBudget.remainingPoints <= 0) throw new BudgetSpent();
    } catch (error) {
      if (error instanceof Error && !(error instanceof BudgetSpent)) throw error;
      return hostReply(
        reply,
        429,
        'Slow down',
        'This lab is getting too many requests. Wait a few seconds and try again.',
        env,
      );
    }

    const url = new URL(request.url, 'http://lab.invalid');
    const path = `/${rest}`;
    const cookies = parseCookies(request.headers.cookie);
    const state = {
      value: readState(env.tokenSecret, claims.instanceId, cookies[STATE_COOKIE], env.idleSeconds),
      changed: false,
    };
    delete cookies[STATE_COOKIE];
    const session = { flag: null as string | null, sqlMs: 0 };
    const tools = labTools(instance, env, state, session);

    // The editor starts from the request that made this page: a learner on a phone then
    // changes one field of it instead of typing it all.
    const cookieHeader = Object.keys(cookies).length
      ? `Cookie: ${Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; ')}`
      : '';
    const sentType = request.method !== 'GET' && request.headers['content-type'];
    let editor: EditorRequest = {
      method: request.method,
      path: `${path}${url.search}`,
      headers: [sentType && `Content-Type: ${sentType}`, cookieHeader].filter(Boolean).join('\n'),
      body: request.method === 'GET' ? '' : String(request.body ?? ''),
    };
    let response: LabResponse;
    let editorResponse: string | undefined;
    try {
      if (path === '/_editor' && request.method === 'POST') {
        let parsed;
        try {
          ({ raw: editor, parsed } = parseEditorForm(new URLSearchParams(String(request.body ?? ''))));
        } catch (error) {
          if (!(error instanceof EditorInputError)) throw error;
          editor = { ...editor, path: '/', headers: '' };
          response = errorPage(400, 'Request editor', error.message);
          return sendLabResponse(reply, instance, env, response, state, session, editor, undefined);
        }
        const inner = new URL(parsed.path, 'http://lab.invalid');
        const innerResponse = await dispatch(
          instance,
          labRequest(parsed.method, inner.pathname, inner.searchParams, parsed.headers, parsed.body),
          tools,
        );
        editorResponse = rawResponse(
          innerResponse,
          innerResponse.cookies.map((c) => cookieLine(c, base)),
        );
        response = {
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: '<h1>Request editor</h1><p>Your request was sent to this lab. Its answer is below the page.</p>',
          headers: {},
          cookies: [],
          page: { title: 'Request editor' },
        };
      } else {
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]),
        );
        // The lab reads cookies it set itself only; the state cookie is the platform's.
        headers.cookie = Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; ');
        response = await dispatch(
          instance,
          labRequest(request.method, path, url.searchParams, headers, String(request.body ?? '')),
          tools,
        );
      }
    } finally {
      if (session.sqlMs > 0) await sqlLimiter.penalty(claims.learner, Math.ceil(session.sqlMs));
    }
    return sendLabResponse(reply, instance, env, response, state, session, editor, editorResponse);
  };
  app.all('/i/:token', handleInstance);
  app.all('/i/:token/*', handleInstance);

  app.setNotFoundHandler((_req, reply) => hostReply(reply, 404, 'Not found', 'There is nothing at this address.', env));
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500) return hostReply(reply, status, 'Request refused', (error as Error).message, env);
    request.log.error({ err: error }, 'lab host error');
    return hostReply(reply, 500, 'The lab hit a fault', 'Something went wrong in the lab itself. Try again.', env);
  });
  return app;
}

function labTools(
  instance: Instance,
  env: LabEnv,
  state: { value: unknown; changed: boolean },
  session: { flag: string | null; sqlMs: number },
): LabTools {
  const { claims, base } = instance;
  return {
    labId: claims.labId,
    instanceId: claims.instanceId,
    base,
    instanceSecret(purpose) {
      return createHmac('sha256', env.tokenSecret)
        .update(`ehc-lab-instance\0${claims.instanceId}\0${purpose}`)
        .digest('hex')
        .slice(0, 32);
    },
    solve() {
      session.flag = labFlag(env.flagSecret, claims.learner, claims.labId);
      return session.flag;
    },
    sql(setup, query, params) {
      const started = performance.now();
      try {
        return runSql(setup, query, params);
      } finally {
        session.sqlMs += performance.now() - started;
      }
    },
    state<T>() {
      return state.value as T | undefined;
    },
    setState(value) {
      state.value = value;
      state.changed = true;
    },
    victimWouldRunScript: (html) =>
      wouldRunScript(typeof html === 'string' ? html : Buffer.from(html).toString('utf8')),
  };
}

async function dispatch(instance: Instance, request: LabRequest, tools: LabTools): Promise<LabResponse> {
  const found = instance.router.find(request.method as 'GET', request.path);
  if (!found) {
    const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some((m) =>
      instance.router.find(m as 'GET', request.path),
    );
    return allowed
      ? errorPage(405, 'Method not allowed', `${request.method} is not accepted here.`)
      : errorPage(404, 'Not found', 'This lab has no page at this address.');
  }
  request.params = found.params;
  try {
    return await (found.store as Route).handler(request, tools);
  } catch (error) {
    if (error instanceof LabInputError) return errorPage(400, 'Bad request', error.message);
    if (error instanceof LabSqlTimeout)
      return errorPage(503, 'Lab error', `${error.message} Other learners' labs were not slowed.`);
    if (error instanceof LabSqlError) return errorPage(500, 'Database error', error.message);
    if (error instanceof StateTooLargeError) return errorPage(413, 'Too much data', error.message);
    throw error;
  }
}

function labRequest(
  method: string,
  path: string,
  query: URLSearchParams,
  headers: Record<string, string>,
  body: string,
): LabRequest {
  return {
    method,
    path,
    params: {},
    query,
    headers,
    cookies: parseCookies(headers.cookie),
    body,
    form: () => new URLSearchParams(body),
    json: () => {
      try {
        return JSON.parse(body) as unknown;
      } catch {
        throw new LabInputError('The body is not valid JSON.');
      }
    },
  };
}

function errorPage(status: number, title: string, message: string): LabResponse {
  return {
    status,
    contentType: 'text/html; charset=utf-8',
    body: `<h1>${escapeText(title)}</h1><p class="lab-error">${escapeText(message)}</p>`,
    headers: {},
    cookies: [],
    page: { title },
  };
}

function sendLabResponse(
  reply: FastifyReply,
  instance: Instance,
  env: LabEnv,
  response: LabResponse,
  state: { value: unknown; changed: boolean },
  session: { flag: string | null },
  editor: EditorRequest,
  editorResponse: string | undefined,
) {
  const { base, info, target } = instance;
  const cookieLines = response.cookies.map((cookie) => cookieLine(cookie, base));
  // Written on every answer, changed or not: it dates the instance's last use.
  try {
    cookieLines.push(
      `${STATE_COOKIE}=${writeState(env.tokenSecret, instance.claims.instanceId, state.value)}; Path=${base}/; Max-Age=${env.idleSeconds}; HttpOnly; SameSite=Lax${env.labOrigin.startsWith('https:') ? '; Secure' : ''}`,
    );
  } catch (error) {
    if (!(error instanceof StateTooLargeError)) throw error;
    response = errorPage(413, 'Too much data', error.message);
  }
  reply.code(response.status);
  securityHeaders(reply, target.scripts ?? 'self');
  for (const [name, value] of Object.entries(response.headers)) reply.header(name, value);
  reply.header('set-cookie', cookieLines);
  if (!response.page) {
    // Bytes (a download) go out as they are; Fastify would treat a Uint8Array as an object.
    const body = typeof response.body === 'string' ? response.body : Buffer.from(response.body);
    return reply.type(response.contentType).send(body);
  }
  return reply.type('text/html; charset=utf-8').send(
    renderLabPage({
      lab: info,
      base,
      appOrigin: env.appOrigin,
      title: response.page.title,
      content: String(response.body),
      flag: session.flag,
      editor,
      editorResponse,
      scriptsAllowed: target.scripts ?? 'self',
      targetScripts: Object.keys(target.assets ?? {}).map((name) => `/_lab/target/${target.id}/${name}`),
    }),
  );
}

function cookieLine(cookie: { name: string; value: string; httpOnly?: boolean }, base: string): string {
  return `${cookie.name}=${cookie.value}; Path=${base}/; SameSite=Lax${cookie.httpOnly === false ? '' : '; HttpOnly'}`;
}

function securityHeaders(reply: FastifyReply, scripts: 'self' | 'inline') {
  reply.header(
    'content-security-policy',
    `default-src 'none'; script-src 'self'${scripts === 'inline' ? " 'unsafe-inline'" : ''}; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  );
  reply.header('x-content-type-options', 'nosniff');
  // Lab URLs carry the learner's token: no page may hand it on in a Referer.
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cache-control', 'no-store');
  reply.header('x-robots-tag', 'noindex');
  reply.header('cross-origin-resource-policy', 'same-origin');
}

function assetReply(reply: FastifyReply, type: string, body: string) {
  reply.header('cache-control', 'public, max-age=300');
  reply.header('x-content-type-options', 'nosniff');
  return reply.type(type).send(body);
}

function hostReply(reply: FastifyReply, status: number, title: string, message: string, env: LabEnv) {
  securityHeaders(reply, 'self');
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(hostPage(title, message, status, env.appOrigin));
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    // The app's session cookie can never be sent here (another host); if a misconfigured
    // proxy ever forwarded it, the lab still would not read it.
    if (name.includes('ehc_session')) continue;
    cookies[name] = part.slice(eq + 1).trim();
  }
  return cookies;
}

export function redactToken(url: string): string {
  return url.replace(/^\/i\/[^/?#]+/, '/i/…');
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
