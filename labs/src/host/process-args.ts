// How a lab host process is started. It runs as one JavaScript file bundled from
// labs/src (packages stay in node_modules), under Node's permission model: it may read
// the bundle and the installed packages and nothing else; no file writes, no child
// processes, no worker threads (they would not inherit the restrictions), no native
// addons (the lab SQLite is WebAssembly). A TypeScript loader would need a worker thread,
// hence the bundle. The supervisor and the tests start it with exactly these arguments.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const bundle = `${repoRoot}labs/.build/lab-host.mjs`;

/**
 * Bundles labs/src/host/main.ts into labs/.build/lab-host.mjs (about a tenth of a second).
 * Written beside it and renamed into place, so supervisors starting at once (tests, a
 * restart) never run a half-written bundle.
 */
export async function bundleLabHost(): Promise<void> {
  const result = await build({
    entryPoints: [`${repoRoot}labs/src/host/main.ts`],
    outfile: bundle,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  const temporary = `${bundle}.${process.pid}.tmp`;
  mkdirSync(`${repoRoot}labs/.build`, { recursive: true });
  writeFileSync(temporary, result.outputFiles[0]!.contents);
  renameSync(temporary, bundle);
}

export function labHostNodeArgs(): string[] {
  return [
    '--experimental-permission',
    `--allow-fs-read=${repoRoot}labs/`,
    `--allow-fs-read=${repoRoot}node_modules/`,
    // The permission model is still "experimental" in Node 20 and says so at every start.
    '--no-warnings=ExperimentalWarning',
    '--enable-source-maps',
    bundle,
  ];
}
