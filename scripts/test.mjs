// `npm test`: every test. Installs what is missing (npm dependencies, Debian's Chromium),
// finds or starts PostgreSQL, then runs the unit and API suites (SQLite and PostgreSQL)
// with Vitest and the browser journeys with Playwright, and prints one summary line.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './lib/ensure-chromium.mjs';
import { ensureDependencies } from './lib/ensure-dependencies.mjs';
import { ensurePostgres } from './lib/ensure-postgres.mjs';
import { fail, log, run } from './lib/run.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = `${root}test-results`;
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

await ensureDependencies(root);
const chromiumPath = await ensureChromium();
const postgres = await ensurePostgres();
log(`PostgreSQL for the API tests: ${postgres.url.replace(/:[^:@/]+@/, ':***@')}`);

let unitCode;
let e2eCode;
try {
  log('Unit and API tests (Vitest; API suites on SQLite and PostgreSQL)…');
  unitCode = await run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsDir}/vitest.json`],
    { cwd: root, env: { ...process.env, TEST_DATABASE_URL: postgres.url } },
  );

  log('Building the web app for the browser tests…');
  const build = run('npm', ['run', 'build', '-w', 'web', '--silent'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if ((await build) !== 0) {
    fail('The web build failed: see the output above.');
  }
  log('Browser journeys (Playwright, Chromium)…');
  e2eCode = await run('npx', ['playwright', 'test'], {
    cwd: `${root}e2e`,
    // The build above is the one the journeys use; the Playwright config skips its own.
    env: { ...process.env, CHROMIUM_PATH: chromiumPath, E2E_WEB_BUILT: '1' },
  });
} finally {
  await postgres.stop();
}

const unit = readJson(`${resultsDir}/vitest.json`);
const e2e = readJson(`${resultsDir}/playwright.json`);
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const ok = unitCode === 0 && e2eCode === 0 && failed === 0 && passed > 0;
console.log(
  `\nvitest: ${unit ? `${unit.numPassedTests} passed, ${unit.numFailedTests} failed` : 'no report'}` +
    ` · playwright: ${e2e ? `${e2e.stats.expected} passed, ${e2e.stats.unexpected} failed` : 'no report'}`,
);
console.log(`${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed`);
process.exit(ok ? 0 : 1);

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}
