import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

/** How many distinct SQL texts keep their compiled statement; the app has a few hundred. */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * The connection as Kysely sees it, with each SQL text compiled once. Kysely's driver
 * prepares every query afresh, and compiling costs more than running the small indexed
 * lookups a page makes. Kysely's queries are parameterised, so the texts repeat; the least
 * recently used is dropped past `size`, and SQLite recompiles a kept statement by itself
 * if a migration changed its tables.
 */
export function withStatementCache(connection: SqliteConnection, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new LRUCache<string, Statement>({ max: size });
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = connection.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      connection.close();
    },
  };
}
