import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test/test-database';

// `npm run admin -- grant <email>` is how the first admin is made: run the script as npm
// would, against this run's database (SQLite or PostgreSQL), and read what it wrote.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = 'server/src/admin-cli.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function learner(email: string): Promise<string> {
  const id = randomUUID();
  await database.handle.db
    .insertInto('app_user')
    .values({
      id,
      user_id: email,
      password_hash: '!test',
      full_name: 'First Admin',
      phone: '9876543210',
      created_at: Date.now(),
    })
    .execute();
  return id;
}

describe('npm run admin', () => {
  it('grant <email> makes the first admin and records it in the audit log', async () => {
    const id = await learner('owner@seller.example');
    const run = await runCli('grant', '  Owner@Seller.example ');
    expect(run).toMatchObject({ code: 0, stdout: 'owner@seller.example is now an admin.\n' });
    const row = await database.handle.db
      .selectFrom('app_user')
      .select('role')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
    const entries = await database.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_user_ref', '=', id)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_ref: 'cli',
      actor_email: 'command line',
      action: 'grant_admin',
      target: null,
      reason: 'changed from the command line',
    });
    expect(JSON.parse(entries[0]!.details)).toEqual({ before: 'learner', after: 'admin' });
  });

  it('exits 1 with a clear message for an email no account has, changing nothing', async () => {
    const before = await database.handle.db.selectFrom('audit_log').select('id').execute();
    const run = await runCli('grant', 'nobody@seller.example');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No account has the email nobody@seller.example. The learner must sign up first.');
    expect(run.stdout).toBe('');
    expect(await database.handle.db.selectFrom('audit_log').select('id').execute()).toEqual(before);
  });
});
