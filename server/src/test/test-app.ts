import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../http/app';
import { loadEnv } from '../lib/env';
import { fileURLToPath } from 'node:url';
import { loadCatalogue } from '../modules/courses/content-loader';
import { createServices, type Services } from '../services';
import { grantCourseAccess } from './course-access';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  /** Every log line the app wrote, as raw JSON text. */
  logs: string[];
  /** POSTs one GraphQL operation as our page would, with an optional session cookie. */
  graphql(query: string, variables?: Record<string, unknown>, options?: GraphqlOptions): Promise<GraphqlResult>;
  close(): Promise<void>;
}

export interface GraphqlOptions {
  cookie?: string;
  headers?: Record<string, string>;
}

export interface GraphqlResult {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
  response: LightMyRequestResponse;
  /** The session cookie the response set, as `name=value`, if any. */
  sessionCookie: string | undefined;
}

export interface TestAppOptions {
  /** Serve the web app from this folder (e.g. a minimal index.html), for page routes like /verify. */
  webAppDir?: string;
}

/** A real app on a fresh database of the project's kind (SQLite or PostgreSQL). */
export async function createTestApp(
  env: Record<string, string> = {},
  { webAppDir }: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const config = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    CONTENT_DIR: FIXTURE_CONTENT_DIR,
    ...env,
  });
  const services = await createServices(config, database.handle, loadCatalogue(config.contentDir));
  const app = await buildApp({ services, serveWebApp: webAppDir !== undefined, webAppDir, logStream });
  await app.ready();

  return {
    app,
    services,
    database,
    logs,
    async graphql(query, variables, options = {}) {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          'content-type': 'application/json',
          // What a browser adds to our page's own fetch; the CSRF guard needs one of them.
          origin: config.appOrigin,
          'sec-fetch-site': 'same-origin',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
        payload: JSON.stringify({ query, variables }),
      });
      const setCookie = response.cookies.find((c) => c.name === '__Host-ehc_session');
      return {
        status: response.statusCode,
        body: response.json(),
        response,
        sessionCookie: setCookie && setCookie.value ? `${setCookie.name}=${setCookie.value}` : undefined,
      };
    },
    async close() {
      await app.close();
      await services.close();
      await database.drop();
    },
  };
}

/** A fresh private Ed25519 key as the JWK text CREDENTIAL_SIGNING_KEY takes (made per run, never stored). */
export function testSigningKey(kid?: string): string {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  return JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d, ...(kid ? { kid } : {}) });
}

/** A private RSA key as the JWK text CREDENTIAL_RSA_SIGNING_KEY takes, made once per run (RSA keys are slow to make). */
export const testRsaSigningKey = (() => {
  let made: string | undefined;
  return (): string => {
    if (made) return made;
    const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
    made = JSON.stringify({
      kty: jwk.kty,
      n: jwk.n,
      e: jwk.e,
      d: jwk.d,
      p: jwk.p,
      q: jwk.q,
      dp: jwk.dp,
      dq: jwk.dq,
      qi: jwk.qi,
    });
    return made;
  };
})();

/**
 * Settings a production start requires besides its origin and payments (mail goes to a port
 * nothing listens on; the credential signing key is made for this test run).
 */
export const PRODUCTION_BUSINESS_ENV = {
  SELLER_LEGAL_NAME: 'Test Seller Pvt Ltd',
  SELLER_ADDRESS: '1 Test Street, Pune 411001',
  SUPPORT_EMAIL: 'support@seller.example',
  SMTP_URL: 'smtp://127.0.0.1:9',
  CREDENTIAL_SIGNING_KEY: testSigningKey(),
  CREDENTIAL_RSA_SIGNING_KEY: testRsaSigningKey(),
  LAB_ORIGIN: 'https://labs-seller.example.net',
  LAB_TOKEN_SECRET: 'production-test-lab-token-secret-0123456789',
  LAB_FLAG_SECRET: 'production-test-lab-flag-secret-01234567890',
};

/** A built web app reduced to its page shell, for tests of what pages are served with. */
export function makeMinimalWebApp(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ehc-minimal-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Course</title></head><body></body></html>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A small, valid course: seven modules of two or three short lessons each. */
export const FIXTURE_CONTENT_DIR = fileURLToPath(new URL('./fixture-content', import.meta.url));

/** Unlocks the course for the learner with this email, as a verified payment would. */
export async function makePaid(services: Services, email: string): Promise<void> {
  const user = await services.db
    .selectFrom('app_user')
    .select('id')
    .where('user_id', '=', email)
    .executeTakeFirstOrThrow();
  await grantCourseAccess(services.db, user.id);
}

let emailCounter = 0;

/** A unique email per call, so tests never share users. */
export function uniqueEmail(prefix = 'learner'): string {
  emailCounter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${emailCounter}@example.com`;
}

export interface SignedUpLearner {
  email: string;
  /** The session cookie, as `name=value`. */
  cookie: string;
  /** The learner's row id (app_user.id). */
  userRef: string;
}

/** Signs a new learner up through GraphQL, as the sign-up form does, and unlocks the course when `paid`. */
export async function signUpLearner(
  t: TestApp,
  { paid, fullName = 'Test Learner' }: { paid: boolean; fullName?: string },
): Promise<SignedUpLearner> {
  const email = uniqueEmail('learner');
  const input = { email, password: 'secret12', confirm_password: 'secret12', full_name: fullName, phone: '9876543210' };
  const { sessionCookie } = await t.graphql(
    'mutation SignupUser($input: SignupInput!) { signupUser(input: $input) { user_id } }',
    { input },
  );
  if (!sessionCookie) throw new Error('sign-up set no session cookie');
  if (paid) await makePaid(t.services, email);
  const { id } = await t.services.db
    .selectFrom('app_user')
    .select('id')
    .where('user_id', '=', email)
    .executeTakeFirstOrThrow();
  return { email, cookie: sessionCookie, userRef: id };
}
