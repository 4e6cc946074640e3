// Small process helpers for the repository scripts. Plain Node, no dependencies: these
// run before `npm ci` has installed anything.
import { spawn, spawnSync } from 'node:child_process';

export function log(message) {
  console.log(`\x1b[36m›\x1b[0m ${message}`);
}

export function fail(message) {
  console.error(`\n\x1b[31m✖ ${message}\x1b[0m\n`);
  process.exit(1);
}

/** Runs a command with inherited stdio; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and returns { status, stdout, stderr } without printing. */
export function capture(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  return { status: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}
