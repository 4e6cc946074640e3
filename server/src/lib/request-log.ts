import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { symbols, type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';
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
 * The line is pino's own format, built here in one template and written to the logger's
 * destination (decision 0030): through pino, the line cost about a tenth of a health
 * check's CPU, in a generic serialiser that every other log call also runs through. Its
 * fields are fixed and hold no secret: the path is logged without its query string, which
 * can carry one (a password-reset link's token). A failed request's line goes through the
 * logger, with its redaction, since an error can carry anything.
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

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const { method } = request;
    const status = reply.statusCode;
    const elapsedMs = reply.elapsedTime;
    this.#durations.observe(
      { method, route: request.routeOptions.url ?? 'not_found', status_code: String(status) },
      elapsedMs / 1000,
    );
    const line = { method, path: pathOf(request.url), statusCode: status, ms: Math.round(elapsedMs) };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request failed');
    } else if (this.#log.isLevelEnabled('info')) {
      this.#destination.write(
        `{"level":${INFO},"time":${Date.now()}${this.#bound},"reqId":${JSON.stringify(request.id)},"method":${JSON.stringify(method)},"path":${JSON.stringify(line.path)},"statusCode":${status},"ms":${line.ms},"msg":"request"}\n`,
      );
    }
  }
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
