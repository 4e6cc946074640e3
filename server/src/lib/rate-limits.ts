import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { CompiledQuery, type Kysely } from 'kysely';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '../db/schema';

/**
 * Named budgets ("10 failed sign-ins per email per 10 minutes") counted by
 * rate-limiter-flexible in one store that every app server shares: Redis when configured,
 * else PostgreSQL, else (the embedded SQLite default, one server) this process's memory.
 * Each check-and-count is one atomic store operation, so parallel requests cannot all slip
 * under a limit; keys expire with their window and are never evicted early.
 */
export type LimitStore = 'memory' | 'postgres' | 'redis';

export interface BudgetSpec {
  /** Attempts allowed per key within the window. */
  points: number;
  windowMs: number;
}

export class Budget {
  constructor(
    readonly name: string,
    private readonly limiter: RateLimiterAbstract,
    private readonly onRefused: (name: string) => void = () => {},
  ) {}

  /** Counts one attempt for `key`; false (and nothing counted beyond it) when spent. */
  async take(key: string): Promise<boolean> {
    try {
      await this.limiter.consume(storeKey(key));
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) {
        this.onRefused(this.name);
        return false;
      }
      throw refusal;
    }
  }

  /** How many attempts `key` has made in its current window (0 when it has none). */
  async attempts(key: string): Promise<number> {
    const state = await this.limiter.get(storeKey(key));
    return state?.consumedPoints ?? 0;
  }

  /** Gives back one attempt taken for `key` (it turned out not to be a failure). */
  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(storeKey(key), 1);
  }

  /** Forgets `key`'s attempts (e.g. a successful sign-in clears that email's failures). */
  async clear(key: string): Promise<void> {
    await this.limiter.delete(storeKey(key));
  }
}

export interface BudgetStoreOptions {
  store: LimitStore;
  db: Kysely<Database>;
  redis?: Redis | null;
  /** Prefix of every Redis key (REDIS_KEY_PREFIX). */
  redisKeyPrefix?: string;
  /** Called with the budget's name whenever an attempt is refused (for metrics). */
  onRefused?: (name: string) => void;
}

/** Makes budgets on one store; call once per server with the store its settings choose. */
export function budgetFactory(options: BudgetStoreOptions): (name: string, spec: BudgetSpec) => Budget {
  const postgresClient = options.store === 'postgres' ? kyselyQueryClient(options.db) : null;
  return (name, spec) => {
    const common = { keyPrefix: name, points: spec.points, duration: Math.ceil(spec.windowMs / 1000) };
    // If the shared store is briefly unreachable, each server counts on its own until it
    // is back: slightly looser limits beat refusing every learner's sign-in.
    const insuranceLimiter = new RateLimiterMemory(common);
    let limiter: RateLimiterAbstract;
    if (options.store === 'redis') {
      if (!options.redis) throw new Error('the redis budget store needs a Redis client');
      limiter = new RateLimiterRedis({
        ...common,
        keyPrefix: `${options.redisKeyPrefix ?? ''}${name}`,
        storeClient: options.redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter,
      });
    } else if (postgresClient) {
      limiter = new RateLimiterPostgres({
        ...common,
        storeClient: postgresClient,
        storeType: 'pool',
        tableName: 'rate_limit',
        // Created by migration 0005; expired rows are purged by the maintenance job.
        tableCreated: true,
        clearExpiredByTimeout: false,
        insuranceLimiter,
      });
    } else {
      limiter = new RateLimiterMemory(common);
    }
    return new Budget(name, limiter, options.onRefused);
  };
}

// Keys hold emails and addresses: hash them, so the shared store holds no personal data
// and every key fits the table's 255 characters.
function storeKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * The one method rate-limiter-flexible calls on a pg pool, answered through Kysely's own
 * pool, so throttles share the app's connections and their error handling.
 */
function kyselyQueryClient(db: Kysely<Database>) {
  return {
    async query(query: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(query.text, query.values ?? []));
      const rows = result.rows as Record<string, unknown>[];
      return { rows, rowCount: rows.length > 0 ? rows.length : Number(result.numAffectedRows ?? 0) };
    },
  };
}
