import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail, log, run } from './run.mjs';

/**
 * Installs npm dependencies when node_modules is missing or was installed from another
 * lockfile, so `npm start` and `npm test` work on a fresh clone.
 */
export async function ensureDependencies(root) {
  const lockfile = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.installed-lock-hash');
  const wanted = createHash('sha256').update(readFileSync(lockfile)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;

  log('Installing dependencies (npm ci; the first run compiles better-sqlite3, about a minute)…');
  const code = await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root });
  if (code !== 0) fail('npm ci failed: see the output above. Check that the npm registry is reachable.');
  writeFileSync(stamp, wanted);
}
