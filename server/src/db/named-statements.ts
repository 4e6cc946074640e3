import { createHash } from 'node:crypto';
import type pg from 'pg';

// PostgreSQL's "cached plan must not change result type": a prepared statement whose
// tables gained or lost a column since it was prepared (another server migrated).
const STALE_PLAN = { code: '0A000', message: /cached plan must not change result type/ };
// The app has a few hundred distinct SQL texts; past this many the names are worked out afresh.
const MAX_REMEMBERED_TEXTS = 1000;

/**
 * Every parameterised query on the pool's connections runs as a named prepared statement,
 * so PostgreSQL parses and plans each SQL text once per connection instead of on every
 * request (pg prepares a name on first use and reuses it after). With the database on the
 * same machine that planning was most of a page's cost.
 *
 * A prepared statement outlives a migration made by another server; the first use after
 * a column was added to its table fails with STALE_PLAN. The text then gets a fresh name
 * on that connection, and the query is run again at once unless a transaction (which the
 * failure has aborted) is open; inside one, the transaction fails once and its retry works.
 */
export function prepareNamedStatements(pool: pg.Pool): void {
  // Every query needs its text's name: hashed once per text, not once per query.
  const hashes = new Map<string, string>();
  const hashOf = (text: string) => {
    let hash = hashes.get(text);
    if (!hash) {
      if (hashes.size >= MAX_REMEMBERED_TEXTS) hashes.clear();
      hash = `q${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
      hashes.set(text, hash);
    }
    return hash;
  };

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (
      config: unknown,
      values?: unknown,
      callback?: unknown,
    ) => Promise<pg.QueryResult>;
    const generation = new Map<string, number>();
    let inTransaction = false;
    const nameOf = (text: string) => `${hashOf(text)}_${generation.get(text) ?? 0}`;

    const named = async (text: string, values: unknown[]): Promise<pg.QueryResult> => {
      try {
        return await query({ name: nameOf(text), text, values });
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        if (code !== STALE_PLAN.code || !STALE_PLAN.message.test(message ?? '')) throw error;
        generation.set(text, (generation.get(text) ?? 0) + 1);
        if (inTransaction) throw error;
        return query({ name: nameOf(text), text, values });
      }
    };

    (client as unknown as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config !== 'string') return query(config, values, callback);
      // Kysely opens and ends transactions with these exact statements.
      if (/^(begin|start transaction)\b/i.test(config)) inTransaction = true;
      else if (/^(commit|rollback)\b/i.test(config)) inTransaction = false;
      if (!Array.isArray(values) || values.length === 0) return query(config, values, callback);
      const result = named(config, values);
      // pg's Pool#query passes a callback; Kysely awaits the promise.
      if (typeof callback !== 'function') return result;
      result.then(
        (answer) => callback(null, answer),
        (error: unknown) => callback(error),
      );
      return undefined;
    };
  });
}
