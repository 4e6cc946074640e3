import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** Which database this Vitest project runs the API suites on (set in vitest.config.ts). */
export function testDatabaseKind(): DatabaseKind {
  const kind = process.env.TEST_DB;
  if (kind !== 'sqlite' && kind !== 'postgres') {
    throw new Error('TEST_DB must be "sqlite" or "postgres"; run the API suites through `npm test` or `npx vitest`.');
  }
  return kind;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  url: string;
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated database of the current kind, used by one test file only. */
export async function createTestDatabase(kind: DatabaseKind = testDatabaseKind()): Promise<TestDatabase> {
  return kind === 'sqlite' ? createSqlite() : createPostgresDatabase();
}

async function createSqlite(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'ehc-sqlite-'));
  const url = `sqlite:${join(dir, 'test.db')}`;
  const handle = openDatabase(url, console);
  await migrateToLatest(handle.db);
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const POSTGRES_HELP =
  'PostgreSQL is not reachable for the API tests. Run them through `npm test` (it finds or starts one), ' +
  'or start the local server: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start, ' +
  'or set TEST_DATABASE_URL (a user allowed to create databases).';

/** The PostgreSQL server the tests use, as a user allowed to create databases. */
export function postgresAdminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

// Each test file gets its own database on the shared test server, so files can run in
// parallel and every run starts empty.
async function createPostgresDatabase(): Promise<TestDatabase> {
  const adminUrl = postgresAdminUrl();
  const name = `ehc_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);

  const url = withDatabase(adminUrl, name);
  // A test that cuts connections sees them reported on stderr.
  const handle = openDatabase(url, console);
  await migrateToLatest(handle.db);
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`${POSTGRES_HELP} (${(error as Error).message})`);
  }
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
