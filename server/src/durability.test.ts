import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startServerProcess } from './test/server-process';

// A real server process on a shared 2-core machine: allow for a slow start under load.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const dir = mkdtempSync(join(tmpdir(), 'ehc-durability-'));
const databaseFile = join(dir, 'app.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const startServer = () =>
  startServerProcess({
    DATABASE_URL: `sqlite:${databaseFile}`,
    LOG_LEVEL: 'silent',
    AUTH_MAX_FAILURES_PER_IP: '100000',
  });

describe('durability (security.md case 19)', () => {
  it('keeps every acknowledged sign-up after kill -9 and a restart, without duplicates', async () => {
    const server = await startServer();
    const acknowledged: string[] = [];
    let tenAcknowledged!: () => void;
    const enough = new Promise<void>((resolve) => (tenAcknowledged = resolve));
    const writes = Array.from({ length: 40 }, async (_, i) => {
      const email = `durable.${i}@example.com`;
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation S($input: SignupInput!) { signupUser(input: $input) { user_id } }',
          variables: {
            input: { email, password: 'secret12', confirm_password: 'secret12', full_name: 'D', phone: '9876543210' },
          },
        }),
      }).catch(() => null);
      const body = response ? ((await response.json().catch(() => null)) as { data?: unknown } | null) : null;
      if (body?.data) acknowledged.push(email);
      if (acknowledged.length === 10) tenAcknowledged();
    });
    // Kill the server hard while the rest of the writes are still arriving.
    await Promise.race([Promise.all(writes), enough]);
    server.child.kill('SIGKILL');
    await Promise.allSettled(writes);
    expect(acknowledged.length).toBeGreaterThan(0);

    // The restarted server opens the file, and its migrations and recovery run on it.
    const restarted = await startServer();
    await restarted.stop();
    const db = new SQLite(databaseFile, { readonly: true });
    const stored = db.prepare("select user_id from app_user where user_id like 'durable.%'").all() as {
      user_id: string;
    }[];
    db.close();
    const emails = stored.map((row) => row.user_id);
    for (const email of acknowledged) expect(emails).toContain(email);
    expect(new Set(emails).size).toBe(emails.length);
  });
});
