import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type onRequestHookHandler,
  type onSendHookHandler,
  type preValidationHookHandler,
} from 'fastify';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import mercurius from 'mercurius';
import { pino, type DestinationStream } from 'pino';
import { GRAPHQL_RESPONSE_TYPE, makeErrorFormatter, wantsGraphqlResponse } from '../graphql/error-formatter';
import { guardDocument } from '../graphql/document-guard';
import { MAX_QUERY_DEPTH, MAX_QUERY_TOKENS } from '../graphql/limits';
import { OperationMetrics } from '../graphql/operation-metrics';
import { schema } from '../graphql/schema';
import { loggerOptions, stdoutLog } from '../lib/logger';
import { registerPaymentRoutes } from '../modules/billing/payment-routes';
import { registerCertificateRoutes } from '../modules/certificates/certificate-routes';
import { registerCredentialRoutes } from '../modules/credentials/credential-routes';
import { CourseDocuments, registerCourseRoutes } from '../modules/courses/course-routes';
import { registerSampleLessonRoutes } from '../modules/courses/sample-lesson-routes';
import { registerLabFileRoutes } from '../modules/lab-files/lab-file-routes';
import { registerLearnerRoutes } from '../modules/progress/learner-routes';
import type { Services } from '../services';
import { makeJsonPostGuard } from './csrf-guard';
import { answerNotFound, registerErrorAnswers } from './error-answers';
import { registerHealth } from './health';
import { registerInputGuard } from './input-guard';
import { graphqlContextOf } from './request-session';
import { registerMetricsRoute } from './metrics-route';
import { registerRequestLine } from './request-line';
import { registerSecurityHeaders } from './security-headers';
import { registerWebApp } from './web-app';

const GRAPHQL_PATH = '/graphql';
/** Answers smaller than this are sent as they are (see the compression below). */
export const COMPRESSION_THRESHOLD_BYTES = 2048;

export interface AppOptions {
  services: Services;
  /** Serve the built web app from web/dist when present (off for API tests). */
  serveWebApp?: boolean;
  /** Where the built web app is; tests point it at a minimal page shell. */
  webAppDir?: string;
  /** Where logs go; defaults to stdout (stdoutLog). Tests pass a stream to inspect them. */
  logStream?: DestinationStream;
}

/** Builds the Fastify app: security headers, GraphQL, health check and the web app. */
export async function buildApp({
  services,
  serveWebApp = true,
  webAppDir,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const { env } = services;
  // Fastify's own pino logger: `app.log`, and `request.log` bound to the request id.
  const log: FastifyBaseLogger = pino(loggerOptions(env.logLevel), logStream ?? stdoutLog());
  const app = Fastify({
    loggerInstance: log,
    // Fastify's own two lines a request ("incoming request", "request completed") are off:
    // the app writes one (request-line.ts). This is the `disableRequestLogging` option in
    // the form Fastify 5 asks for (the top-level option is deprecated).
    logController: new LogController({ disableRequestLogging: true }),
    // The id is shown to a learner who reports an error: a UUID, never read from a header.
    genReqId: () => randomUUID(),
    trustProxy: env.trustProxy,
    bodyLimit: 100 * 1024,
  });

  // Every route's errors but GraphQL's, in one shape with the request id (error-answers.ts).
  registerErrorAnswers(app);

  // First: it attaches itself to each route as the route is added.
  registerInputGuard(app, GRAPHQL_PATH);
  // Text answers (GraphQL JSON, the /verify page) compressed on the fly at a quality that
  // costs little CPU; the built web app is compressed once at build time instead (web-app.ts).
  // Not below 2 KB: there compression saves under 1.4 KB (one TCP segment, the size below
  // which Lighthouse calls a saving negligible) and no round trip, yet brotli costs about
  // 17 µs of the event loop per answer, as much as the session document's database read
  // (decisions/0018).
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Requests are not decompressed: browsers never compress what they send, and a body
    // that arrives compressed anyway fails to parse with a 400. Each request saves a hook.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerSecurityHeaders(app, env, services.gateway.mode);
  registerRequestLine(app, services.metrics.httpRequests);
  await app.register(cookie);
  registerHealth(app, services.database);
  // Throttles fall back to per-server counting while Redis is away (lib/rate-limits.ts).
  services.redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection problem'));
  registerMetricsRoute(app, services.metrics, env.metricsToken);

  const operationMetrics = new OperationMetrics(services.metrics);
  const guard = makeJsonPostGuard(env.appOrigin);
  // On the GraphQL route only (Mercurius adds it below), so no other request pays for it.
  app.addHook('onRoute', (route) => {
    if (route.url !== GRAPHQL_PATH) return;
    const graphqlOnly: onRequestHookHandler = async (request, reply) => {
      // Answers carry the learner's own data: never let a shared cache keep them.
      reply.header('cache-control', 'no-store');
      return guard(request, reply);
    };
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), graphqlOnly];
    // GraphQL over HTTP: `"extensions": null` means no extensions (Mercurius' body schema
    // would refuse it as "not an object").
    const nullExtensions: preValidationHookHandler = async (request) => {
      const body = request.body as { extensions?: unknown } | undefined;
      if (body && typeof body === 'object' && body.extensions === null) delete body.extensions;
    };
    route.preValidation = [...(route.preValidation ? [route.preValidation].flat() : []), nullExtensions];
    // The answer in the media type the client asked for, when it asked for GraphQL's own.
    const mediaType: onSendHookHandler = async (request, reply, payload) => {
      if (wantsGraphqlResponse(request.headers.accept)) reply.type(`${GRAPHQL_RESPONSE_TYPE}; charset=utf-8`);
      return payload;
    };
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), mediaType];
  });

  await app.register(mercurius, {
    schema,
    path: GRAPHQL_PATH,
    graphiql: false,
    jit: 1,
    queryDepth: MAX_QUERY_DEPTH,
    allowBatchedQueries: false,
    graphql: { parseOptions: { maxTokens: MAX_QUERY_TOKENS } },
    validationRules: env.graphqlIntrospection ? [] : [NoSchemaIntrospectionCustomRule],
    errorFormatter: makeErrorFormatter(env.isProduction, operationMetrics),
    context: (request, reply) => graphqlContextOf(request, reply, services),
  });
  operationMetrics.register(app);
  // Mercurius answers GET and POST; any other method at its address gets the guard's 405
  // with its Allow header (the onRoute hook above attaches the guard), not a 404. The
  // guard answers before the handler, which only keeps a 405 should that ever change.
  app.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url: GRAPHQL_PATH,
    handler: (_request, reply) => reply.code(405).header('allow', 'POST').send(),
  });

  app.graphql.addHook('preValidation', guardDocument);

  await registerPaymentRoutes(app, services);
  registerCertificateRoutes(app, services);
  const courseDocuments = new CourseDocuments(services.catalogue);
  registerCourseRoutes(app, services, courseDocuments);
  registerSampleLessonRoutes(app, services, courseDocuments);
  registerLearnerRoutes(app, services, courseDocuments);
  registerLabFileRoutes(app, services);
  registerCredentialRoutes(app, services);
  const servesPages = serveWebApp && (await registerWebApp(app, services, courseDocuments, webAppDir));
  // Beside the web app, its own not-found handler answers pages with the shell, and every
  // other address with this.
  if (!servesPages) app.setNotFoundHandler(answerNotFound);
  return app;
}
