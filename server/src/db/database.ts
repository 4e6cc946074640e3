import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Connections of the PostgreSQL pool right now; null on SQLite, which has no pool. */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Open connections, idle or checked out. */
  total: number;
  idle: number;
  /** Queries waiting for a connection because all are checked out. */
  waiting: number;
}

/** Where the database reports connections it lost; a pino logger fits, so does console. */
export interface DatabaseLog {
  error(details: object, message: string): void;
}

// PostgreSQL returns BIGINT (int8) as a string to avoid precision loss; our bigints are
// millisecond timestamps, far below 2^53, so numbers are safe and keep both dialects alike.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens the database named by a DATABASE_URL (`sqlite:<path>` or `postgres://…`). */
export function openDatabase(url: string, log: DatabaseLog): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, log);
  throw new Error(`Unsupported DATABASE_URL scheme: ${url.split(':')[0]}`);
}

function openSqlite(path: string): DatabaseHandle {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const connection = new SQLite(file);
  // WAL lets readers run while one writer commits; NORMAL sync in WAL mode still
  // survives a process crash (only an OS crash can lose the last transactions).
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) });
  return {
    db,
    kind: 'sqlite',
    ping: pinger(db),
    poolStats: () => null,
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, log: DatabaseLog): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  keepConnectionLossFromCrashing(pool, log);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    ping: pinger(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

function pinger(db: Kysely<Database>): () => Promise<void> {
  return async () => {
    await sql`select 1`.execute(db);
  };
}

/**
 * A connection can be cut at any moment: a database restart or failover, an
 * idle-in-transaction timeout, pg_terminate_backend. pg reports that as an 'error' event
 * on the client, and an 'error' event nobody listens to ends the Node process. The pool
 * listens on idle clients only (and re-emits on itself), so a client checked out for a
 * request, say between two statements of a transaction, needs a listener of its own.
 * Its current or next query then fails, the request answers with the generic error, and
 * the pool discards the broken client when it is released; the next request connects
 * afresh.
 */
function keepConnectionLossFromCrashing(pool: pg.Pool, log: DatabaseLog): void {
  const report = (state: 'idle' | 'in use') => (error: Error & { code?: string }) =>
    log.error({ err: error, code: error.code, connection: state }, 'database connection lost');
  pool.on('error', report('idle'));
  const whileInUse = report('in use');
  pool.on('acquire', (client) => client.on('error', whileInUse));
  pool.on('release', (_error, client) => client.removeListener('error', whileInUse));
}
