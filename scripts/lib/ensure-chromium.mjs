import { existsSync } from 'node:fs';
import { fail, isRoot, log, run } from './run.mjs';

// Debian builds Chromium's headless shell from the same source as its `chromium` package:
// the same Blink and V8, without the desktop browser's window and compositor machinery.
// The journeys only ever run headless, and on a two-core machine the shell needs half the
// CPU (decision 0027).
const HEADLESS_SHELL = { path: '/usr/bin/chromium-headless-shell', debianPackage: 'chromium-headless-shell' };

/**
 * Finds the Chromium the browser tests drive: CHROMIUM_PATH, else Debian's
 * `chromium-headless-shell`, installing Debian's package when missing and running as
 * root. (Playwright's own browser download cannot work on these machines.)
 */
export async function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) fail(`CHROMIUM_PATH is set to ${configured}, but no file is there.`);
    return configured;
  }
  const { path, debianPackage } = HEADLESS_SHELL;
  if (existsSync(path)) return path;
  if (!isRoot()) {
    fail(
      "Chromium's headless shell is needed for the browser tests and is not installed.\n" +
        `  Install it with: sudo apt-get install -y ${debianPackage}\n` +
        '  or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  log(`Installing Debian's ${debianPackage} package for the browser tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    (await run('apt-get', ['update', '-qq'], { env })) !== 0 ||
    (await run('apt-get', ['install', '-y', '-qq', debianPackage], { env })) !== 0 ||
    !existsSync(path)
  ) {
    fail(`Installing ${debianPackage} with apt-get failed: see the output above.`);
  }
  return path;
}
