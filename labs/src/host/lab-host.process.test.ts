import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLabHostProcess, TEST_LAB_SECRETS, type LabHostProcess } from '../../../server/src/test/lab-host-process';
import { labFlag } from '../flags';
import { signLabToken } from '../lab-token';

// The lab host as it runs for learners: a supervised process under Node's permission
// model, spoken to over plain HTTP, like anyone could check it from outside.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let host: LabHostProcess;
beforeAll(async () => {
  host = await startLabHostProcess();
});
afterAll(async () => {
  await host.stop();
});

async function startUrl(learner: string, labId = 'web-sqli-login-bypass'): Promise<string> {
  const { token } = await signLabToken(TEST_LAB_SECRETS.LAB_TOKEN_SECRET, {
    learner,
    labId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return `${host.url}/i/${token}/`;
}

async function login(start: string, username: string, password = 'x'): Promise<Response> {
  return fetch(new URL('login', start), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
}

describe('the lab host process', () => {
  it('runs under the permission model: no file writes, no child processes, no workers, no addons', async () => {
    // The host says so once it listens; the line may reach us after the first answer does.
    const ready = await vi.waitFor(() => {
      const line = host.lines.find((candidate) => candidate.includes('labs ready'));
      if (!line) throw new Error('no "labs ready" line yet');
      return line;
    });
    expect(JSON.parse(ready)).toMatchObject({ permissions: true });
  });

  it('serves the canonical lab over plain HTTP: a form posting to `login`, the flag for administrator', async () => {
    const start = await startUrl('learner-canonical');
    const home = await fetch(start);
    const html = await home.text();
    expect(html).toMatch(/<form method="post" action="login"/);
    expect(html).toContain('name="username"');
    expect(html).toContain('name="password"');
    const answer = await login(start, "administrator'--");
    expect(await answer.text()).toContain(
      labFlag(TEST_LAB_SECRETS.LAB_FLAG_SECRET, 'learner-canonical', 'web-sqli-login-bypass'),
    );
  });

  it('refuses ATTACH and load_extension in the lab database, and creates no file', async () => {
    const start = await startUrl('learner-escape');
    const file = join(tmpdir(), `ehc-lab-attach-${process.pid}.db`);
    const attach = await login(start, `x'; ATTACH DATABASE '${file}' AS loot; --`);
    expect(await attach.text()).toContain('not authorized');
    const vacuum = await login(start, `x'; VACUUM INTO '${file}'; --`);
    expect(await vacuum.text()).toMatch(/not authorized|authorization denied/);
    const extension = await login(start, `x' UNION SELECT load_extension('/tmp/evil'), 1 --`);
    expect(await extension.text()).toMatch(/no such function: load_extension|not authorized/);
    expect(existsSync(file)).toBe(false);
  });

  it("stops a runaway recursive query with a lab error, while another learner's lab answers within a second", async () => {
    const runaway = await startUrl('learner-runaway');
    const other = await startUrl('learner-bystander');
    const cte = `x' OR (WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT count(*) FROM c) --`;
    const stopped = login(runaway, cte);
    const began = performance.now();
    const bystander = await fetch(other);
    const bystanderMs = performance.now() - began;
    const answer = await stopped;
    expect(answer.status).toBe(503);
    expect(await answer.text()).toContain('was stopped');
    expect(bystander.status).toBe(200);
    expect(bystanderMs).toBeLessThan(1000);
  });

  it('refuses a forged or expired token with "This lab has ended"', async () => {
    const forged = await signLabToken('not-the-lab-secret-but-long-enough-000', {
      learner: 'x',
      labId: 'web-sqli-login-bypass',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const expired = await signLabToken(TEST_LAB_SECRETS.LAB_TOKEN_SECRET, {
      learner: 'x',
      labId: 'web-sqli-login-bypass',
      expiresAt: new Date(Date.now() - 1000),
    });
    for (const { token } of [forged, expired]) {
      const answer = await fetch(`${host.url}/i/${token}/`);
      expect(answer.status).toBe(410);
      expect(await answer.text()).toContain('This lab has ended');
    }
  });

  it('is restarted when killed mid-use, and the same lab link keeps working', async () => {
    const start = await startUrl('learner-restart');
    expect((await fetch(start)).status).toBe(200);
    const pid = host.hostPid();
    process.kill(pid, 'SIGKILL');
    const next = await host.restartedAfter(pid);
    expect(next).not.toBe(pid);
    const answer = await login(start, "administrator'--");
    expect(await answer.text()).toContain(
      labFlag(TEST_LAB_SECRETS.LAB_FLAG_SECRET, 'learner-restart', 'web-sqli-login-bypass'),
    );
  });
});
