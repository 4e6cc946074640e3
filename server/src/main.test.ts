import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Boots the real server entry point and returns how it ended. */
function boot(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'ehc-boot-'));
  try {
    const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, DATABASE_URL: `sqlite:${join(dir, 'boot.db')}`, PORT: '39123', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { status: result.status, stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('server boot', () => {
  it('refuses to start on a bad setting and names the variable', () => {
    const { status, stderr } = boot({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(status).toBe(1);
    expect(stderr).toMatch(/PORT: /);
    expect(stderr).toMatch(/DATABASE_URL: must be sqlite:<path>, postgres/);
    expect(stderr).not.toMatch(/\s+at .*\.ts:\d+/);
  });

  it('refuses to start on broken content and names the problem', () => {
    const { status, stderr } = boot({ CONTENT_DIR: join(tmpdir(), 'no-such-content-folder') });
    expect(status).toBe(1);
    expect(stderr).toMatch(/Invalid course content:\n {2}- .*no-such-content-folder\/modules: folder not found/);
  });

  it('refuses to start when the configured Redis does not answer, and says so', () => {
    // Nothing listens on port 9: throttles must not silently fall back to per-server counts at boot.
    const { status, stderr } = boot({ REDIS_URL: 'redis://127.0.0.1:9' });
    expect(status).toBe(1);
    expect(stderr).toMatch(/REDIS_URL: Redis is not reachable/);
  });
});
