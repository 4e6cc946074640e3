import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyRequest,
  type FastifyServerOptions,
  type onSendHookHandler,
} from 'fastify';
import { symbols, type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';
import type { Metrics } from './metrics';
import { pathOf } from './url-path';

/** When Fastify took the request up, stamped on the raw request by `RequestRecords.begin`. */
const STARTED_AT = Symbol('startedAt');

type StampedRequest = IncomingMessage & { [STARTED_AT]?: number };

/**
 * What the server records of every request as its answer is sent: one log line with the
 * request id, method, path, status and time; and the request's duration in the metrics,
 * by route pattern (/certificates/:file, never the raw URL; "not_found" when no route
 * matched, the web app's pages included), which keeps the label set as small as the
 * route table.
 *
 * Fastify is given no logger of its own (decision 0031): with one, it binds a child
 * logger to every request and listens for every response's end, which cost the server
 * more than anything else it does for a health check. So the record is written from an
 * `onSend` hook (`answered`), as the answer is about to be sent: the time is the server's
 * until then, so it leaves out compressing a GraphQL answer on the fly (tens of
 * microseconds) and, for a streamed file, the streaming. The start is stamped where
 * Fastify asks for the request's id (`begin`).
 *
 * The line is pino's own format, built here in one template and written to the logger's
 * destination (decision 0030). Its fields are fixed and hold no secret: the path is
 * logged without its query string, which can carry one (a password-reset link's token).
 * An error is logged where it is handled (the app's error handler), through the logger
 * and its redaction. As Fastify's log controller this class also takes the few errors
 * Fastify reports itself (a stream failing mid-answer, a serializer failing), which its
 * defaults log through the request's logger.
 */
export class RequestRecords extends LogController {
  readonly #durations: Metrics['httpRequests'];
  readonly #log: Logger;
  readonly #destination: DestinationStream;
  readonly #bound: string;

  constructor({ log, destination, durations }: RequestRecordsOptions) {
    super();
    this.#log = log;
    this.#destination = destination;
    this.#durations = durations;
    // The logger's bound fields (pid, hostname) as pino writes them after the time: a
    // string starting with a comma, or empty. Pino exposes it for integrations.
    this.#bound = (log as unknown as Record<symbol, string>)[symbols.chindingsSym] ?? '';
  }

  /** Fastify's `genReqId`: names the request and notes when it began. */
  readonly begin = (raw: StampedRequest): string => {
    raw[STARTED_AT] = performance.now();
    return randomUUID();
  };

  /** An `onSend` hook: records the request as its answer goes out. */
  readonly answered: onSendHookHandler = (request, reply, payload, done) => {
    this.record(request, reply.statusCode);
    done(null, payload);
  };

  record(request: FastifyRequest, status: number): void {
    const { method } = request;
    const startedAt = (request.raw as StampedRequest)[STARTED_AT];
    const elapsedMs = startedAt === undefined ? 0 : performance.now() - startedAt;
    this.#durations.observe(
      { method, route: routeLabel(request.routeOptions.url), status_code: String(status) },
      elapsedMs / 1000,
    );
    if (!this.#log.isLevelEnabled('info')) return;
    // Only the path needs escaping: the id is a UUID from `begin` (Fastify reads no id from
    // a header unless told to), and Node's parser refuses any method outside its own list.
    this.#destination.write(
      `{"level":${INFO},"time":${Date.now()}${this.#bound},"reqId":"${request.id}","method":"${method}","path":${JSON.stringify(pathOf(request.url))},"statusCode":${status},"ms":${Math.round(elapsedMs)},"msg":"request"}\n`,
    );
  }

  // Fastify calls the first for every request, the second at the end of one whose route
  // has an `onResponse` hook; the record above is written at send time, so neither logs.
  override incomingRequest(): void {}
  override requestCompleted(): void {}
}

const INFO = 30;

export interface RequestRecordsOptions {
  /** The app's logger: the lines take its level and bindings. */
  log: Logger;
  /** Where `log` writes: the request lines go straight there. */
  destination: DestinationStream;
  durations: Metrics['httpRequests'];
}

/**
 * Fastify's `childLoggerFactory`: each request's logger (`request.log`), a child of `log`
 * bound to the request id. Fastify passes its own logger as the parent; having none, it
 * passes one that drops everything, so `log` is ours. Building a child costs about 1.3 µs
 * with the app's redaction, and most requests never log anything but their line above,
 * which does not use it; so each request's logger is built the first time something logs
 * through it.
 */
export function requestLoggers(log: FastifyBaseLogger): NonNullable<FastifyServerOptions['childLoggerFactory']> {
  return (_fastifyLogger, bindings, options) => new RequestLogger(log, bindings, options);
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

class RequestLogger {
  #built: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get logger(): FastifyBaseLogger {
    this.#built ??= this.parent.child(this.bindings, this.options);
    return this.#built;
  }

  get level(): string {
    return this.#built?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.forward('fatal', args);
  }
  error(...args: unknown[]): void {
    this.forward('error', args);
  }
  warn(...args: unknown[]): void {
    this.forward('warn', args);
  }
  info(...args: unknown[]): void {
    this.forward('info', args);
  }
  debug(...args: unknown[]): void {
    this.forward('debug', args);
  }
  trace(...args: unknown[]): void {
    this.forward('trace', args);
  }
  silent(...args: unknown[]): void {
    this.forward('silent', args);
  }

  private forward(level: Level, args: unknown[]): void {
    (this.logger[level] as (...args: unknown[]) => void)(...args);
  }
}

/**
 * The route a request is counted under: its pattern, never its raw URL. The web app's
 * hashed files each have a route of their own (@fastify/static registers one per file), so
 * they share one label, or every deploy would add series.
 */
export function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return 'not_found';
  return pattern.startsWith('/assets/') ? '/assets/*' : pattern;
}
