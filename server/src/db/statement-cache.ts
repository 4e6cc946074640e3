import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

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
  const statements = new Map<string, Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Re-inserting moves it to the end: the Map's order is the recency order.
        statements.delete(sql);
      } else {
        statement = connection.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      connection.close();
    },
  };
}
