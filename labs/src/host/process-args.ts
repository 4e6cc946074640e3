// How a lab host process is started: under Node's permission model, allowed to read its
// own code and packages and nothing else; no file writes, no child processes, no worker
// threads, no native addons (the lab SQLite is WebAssembly). The supervisor and the tests
// start it with exactly these arguments.
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export function labHostNodeArgs(): string[] {
  return [
    '--experimental-permission',
    `--allow-fs-read=${repoRoot}labs/`,
    `--allow-fs-read=${repoRoot}node_modules/`,
    // Module resolution reads the workspace's package.json and base tsconfig.
    `--allow-fs-read=${repoRoot}package.json`,
    `--allow-fs-read=${repoRoot}tsconfig.base.json`,
    // The permission model is still "experimental" in Node 20 and says so at every start.
    '--no-warnings=ExperimentalWarning',
    '--import',
    'tsx',
    `${repoRoot}labs/src/host/main.ts`,
  ];
}

export { repoRoot };
