import type { FastifyInstance } from 'fastify';
import { getOperationAST, type DocumentNode } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import type { Metrics } from '../lib/metrics';

/** Distinct operation names one server reports before folding new ones into "other". */
export const MAX_OPERATION_LABELS = 50;

// A GraphQL name, of a length our own operations stay well within.
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

/**
 * Counts GraphQL operations and errors for Prometheus. Operation names are chosen by the
 * client, so the label is capped: the first MAX_OPERATION_LABELS names seen are kept
 * (our web app uses a handful), anything later or malformed becomes "other", and a
 * flood of made-up names cannot grow the metrics without bound.
 */
export class OperationMetrics {
  readonly #metrics: Metrics;
  readonly #known = new Set<string>();
  // The label an execution was counted under, so its errors carry the same one.
  readonly #labelOf = new WeakMap<object, string>();

  constructor(metrics: Metrics) {
    this.#metrics = metrics;
  }

  /** Counts each operation once, when it has passed validation and is about to run. */
  register(app: FastifyInstance): void {
    app.graphql.addHook('preExecution', async (_schema, document, context) => {
      this.#countOperation(document, context);
    });
  }

  /** Called by the error formatter with the codes of the errors it answers. */
  countErrors(context: MercuriusContext, codes: string[]): void {
    const operation = this.#labelOf.get(context) ?? this.#label(requestedName(context));
    for (const code of codes) this.#metrics.graphqlErrors.inc({ operation, code });
  }

  #countOperation(document: DocumentNode, context: MercuriusContext): void {
    const requested = requestedName(context);
    const operation = getOperationAST(document, requested);
    if (!operation) return;
    const label = this.#label(operation.name?.value);
    this.#labelOf.set(context, label);
    this.#metrics.graphqlOperations.inc({ operation: label, type: operation.operation });
  }

  #label(name: string | undefined): string {
    if (name === undefined) return 'anonymous';
    if (!OPERATION_NAME.test(name)) return 'other';
    if (this.#known.has(name)) return name;
    if (this.#known.size >= MAX_OPERATION_LABELS) return 'other';
    this.#known.add(name);
    return name;
  }
}

// The operationName of the request body, when the client sent one.
function requestedName(context: MercuriusContext): string | undefined {
  const body = context.reply?.request.body as { operationName?: unknown } | undefined;
  return typeof body?.operationName === 'string' ? body.operationName : undefined;
}
