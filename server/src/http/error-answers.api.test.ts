import { createHmac } from 'node:crypto';
import { MESSAGES, VALIDATION_MESSAGES } from '@ehc/common';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, makeMinimalWebApp, signUpLearner, type TestApp } from '../test/test-app';

// Every error a plain HTTP route answers has one shape, GraphQL's, with the request id
// that the request's log line carries (the app sets no request-id header), and no
// answer is a stack trace (http/error-answers.ts, docs/architecture.md).

const TOKEN = 'metrics-token-for-the-error-shape-test';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STACK = /\bat .*:\d+:\d+|"stack"|Error:|node_modules|\.ts\b/;

const web = makeMinimalWebApp();
let t: TestApp;
let bare: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN }, { webAppDir: web.dir });
  bare = await createTestApp();
  cookie = (await signUpLearner(t, { paid: false })).cookie;
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  web.remove();
});

/**
 * Checks that `response` is exactly the one error shape, with this status, code and
 * message, and that its request id is the one the request's log line was written with.
 */
async function expectErrorAnswer(
  app: TestApp,
  response: LightMyRequestResponse,
  status: number,
  code: string,
  message: string | RegExp,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.body).not.toMatch(STACK);
  const body = response.json() as { errors: { message: string; extensions: Record<string, unknown> }[] };
  expect(Object.keys(body)).toEqual(['errors']);
  expect(body.errors).toHaveLength(1);
  const [error] = body.errors;
  expect(Object.keys(error!).sort()).toEqual(['extensions', 'message']);
  expect(Object.keys(error!.extensions).sort()).toEqual(['code', 'requestId']);
  expect(error!.extensions.code).toBe(code);
  expect(error!.message).toMatch(message);
  const requestId = error!.extensions.requestId as string;
  expect(requestId).toMatch(UUID);
  await expect
    .poll(() =>
      app.logs
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.msg === 'request' && line.reqId === requestId),
    )
    .toMatchObject({ statusCode: status });
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the one error shape of the plain routes', () => {
  it('a certificate that is not the learner’s: 404, kept by no cache', async () => {
    for (const url of ['/certificates/EHC-NO-SUCH-1.png', '/certificates/EHC-NO-SUCH-1/credential.jwt']) {
      const response = await get(url, { cookie });
      await expectErrorAnswer(t, response, 404, 'NOT_FOUND', 'Not found');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('a payment webhook that does not verify: 400, as Razorpay expects', async () => {
    const post = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/webhooks/razorpay',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
        payload: body,
      });
    await expectErrorAnswer(
      t,
      await post('{"event":"order.paid"}', 'f'.repeat(64)),
      400,
      'BAD_REQUEST',
      'invalid signature',
    );
    const garbled = '{"event":';
    const signature = createHmac('sha256', t.services.gateway.webhookSecret).update(garbled).digest('hex');
    await expectErrorAnswer(t, await post(garbled, signature), 400, 'BAD_REQUEST', 'invalid JSON');
  });

  it('an unknown status list: 404, kept by no cache', async () => {
    const response = await get('/credentials/status/999999');
    await expectErrorAnswer(t, response, 404, 'NOT_FOUND', 'Not found');
    expect(response.headers['cache-control']).toBe('no-store');
    await expectErrorAnswer(t, await get('/credentials/achievements/no-such-module'), 404, 'NOT_FOUND', 'Not found');
  });

  it('the metrics without their token: 401 with the bearer challenge', async () => {
    const response = await get('/metrics', { authorization: 'Bearer wrong' });
    await expectErrorAnswer(t, response, 401, 'UNAUTHENTICATED', /token/);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('input the guard refuses: 400 with the spec’s message', async () => {
    await expectErrorAnswer(
      t,
      await get('/certificates/EHC-%00.png', { cookie }),
      400,
      'VALIDATION_FAILED',
      VALIDATION_MESSAGES.forbiddenCharacters,
    );
  });

  it('the course documents, the progress and the lab files refused', async () => {
    await expectErrorAnswer(t, await get('/api/progress'), 401, 'UNAUTHENTICATED', MESSAGES.unauthenticated);
    await expectErrorAnswer(t, await get('/api/catalogue'), 401, 'UNAUTHENTICATED', MESSAGES.unauthenticated);
    const lesson = await get('/api/lessons/cryptography/1', { cookie });
    await expectErrorAnswer(t, lesson, 403, 'FORBIDDEN', /subscribers/);
    expect(lesson.headers['cache-control']).toBe('no-store');
    await expectErrorAnswer(t, await get('/lab-files/wifi-hacking/nothing.txt'), 404, 'NOT_FOUND', 'No such lab file.');
  });

  it('the simulated checkout refused, by its guard or for its body', async () => {
    const pay = (payload: unknown, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/simulated-razorpay/pay',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(payload),
      });
    const sameSite = { origin: t.services.env.appOrigin, cookie };
    await expectErrorAnswer(t, await pay({}, sameSite), 400, 'BAD_REQUEST', 'order_id and outcome are required');
    await expectErrorAnswer(
      t,
      await pay({ order_id: 'order_none', outcome: 'success' }, sameSite),
      400,
      'BAD_REQUEST',
      'The id provided does not exist',
    );
    await expectErrorAnswer(
      t,
      await pay({ order_id: 'order_none', outcome: 'success' }, { origin: 'https://evil.example', cookie }),
      403,
      'CROSS_SITE_REQUEST',
      'Cross-site requests are not allowed.',
    );
  });

  it('Fastify’s own refusals of a body keep their status and take the shape', async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/simulated-razorpay/pay',
        headers: { 'content-type': 'application/json', origin: t.services.env.appOrigin, cookie },
        payload,
      });
    await expectErrorAnswer(t, await post('{"order_id":'), 400, 'BAD_REQUEST', /JSON/);
    await expectErrorAnswer(t, await post(`"${'x'.repeat(200 * 1024)}"`), 413, 'PAYLOAD_TOO_LARGE', /too large/i);
  });

  it('an address that is no page and no route: 404, with and without the web app', async () => {
    await expectErrorAnswer(t, await get('/api/no-such-document'), 404, 'NOT_FOUND', 'Not found');
    const response = await bare.app.inject({ method: 'GET', url: '/no/such/address' });
    await expectErrorAnswer(bare, response, 404, 'NOT_FOUND', 'Not found');
  });

  it('a failure inside a route: 500, the generic message, logged once with the id', async () => {
    const failure = vi
      .spyOn(t.services.credentials, 'statusList')
      .mockRejectedValueOnce(new Error('disk on fire at /srv/app/credential-service.ts:12'));
    try {
      const response = await get('/credentials/status/1');
      await expectErrorAnswer(t, response, 500, 'INTERNAL', MESSAGES.generic);
      expect(response.body).not.toContain('disk on fire');
      const requestId = response.json().errors[0].extensions.requestId as string;
      const logged = t.logs.filter((line) => line.includes(requestId) && line.includes('disk on fire'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('"level":50');
    } finally {
      failure.mockRestore();
    }
  });
});
