import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import type { Metrics } from './metrics';
import { pathOf } from './url-path';

/**
 * What the server records of every request as it ends: one log line (Fastify's default
 * writes two: one as it comes in, one as it completes) with the request id, method, path,
 * status and time, plus the error if there was one; and the request's duration in the
 * metrics, by route pattern (/certificates/:file, never the raw URL; "not_found" when no
 * route matched, the web app's page fallback included), which keeps the label set as
 * small as the route table.
 *
 * Both are done here, in the call Fastify makes for every request anyway, rather than the
 * metrics in an `onResponse` hook: with any such hook, Fastify runs a hook chain for
 * every request (decision 0028).
 *
 * The line goes through `lines`, a logger without the app's redaction: redacting costs
 * about 3 µs a line (the `*.password` paths copy every object logged), more than a tenth
 * of a request, and this line holds only the fields named here. The path is logged
 * without its query string, which can carry a secret: a password-reset link's token.
 */
export class RequestRecords extends LogController {
  constructor(
    private readonly lines: FastifyBaseLogger,
    private readonly durations: Metrics['httpRequests'],
  ) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    this.durations.observe(
      { method: request.method, route: request.routeOptions.url ?? 'not_found', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    const line = {
      method: request.method,
      path: pathOf(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    // An error can carry anything (a query's values, a header): the redacting logger takes it.
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else this.lines.info({ reqId: request.id, ...line }, 'request');
  }
}

/**
 * Fastify gives every request a child logger bound to its id (`request.log`). Building
 * one costs about 1.3 µs with the app's redaction, and most requests never log anything
 * but their line above, which does not use it; so each request's logger is built the
 * first time something logs through it.
 */
export function requestLoggerOnFirstUse(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
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
