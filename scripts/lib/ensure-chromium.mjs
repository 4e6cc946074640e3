import { existsSync } from 'node:fs';
import { fail, isRoot, log, run } from './run.mjs';

/**
 * Finds the Chromium the browser tests drive: CHROMIUM_PATH, else Debian's
 * /usr/bin/chromium, installing Debian's package when missing and running as root.
 * (Playwright's own browser download cannot work on these machines.)
 */
export async function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) fail(`CHROMIUM_PATH is set to ${configured}, but no file is there.`);
    return configured;
  }
  const debian = '/usr/bin/chromium';
  if (existsSync(debian)) return debian;
  if (!isRoot()) {
    fail(
      'Chromium is needed for the browser tests and is not installed.\n' +
        '  Install it with: sudo apt-get install -y chromium\n' +
        '  or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  log("Installing Debian's chromium package for the browser tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    (await run('apt-get', ['update', '-qq'], { env })) !== 0 ||
    (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) !== 0 ||
    !existsSync(debian)
  ) {
    fail('Installing chromium with apt-get failed: see the output above.');
  }
  return debian;
}
