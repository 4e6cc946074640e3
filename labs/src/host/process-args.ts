// How a lab host process is started. It runs as one JavaScript file bundled from
// labs/src (packages stay in node_modules), under Node's permission model: it may read
// the bundle and the installed packages and nothing else; no file writes, no child
// processes, no worker threads (they would not inherit the restrictions), no native
// addons (the lab SQLite is WebAssembly). A TypeScript loader would need a worker thread,
// hence the bundle. The supervisor and the tests start it with exactly these arguments.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const bundle = `${repoRoot}labs/.build/lab-host.mjs`;

/** Bundles labs/src/host/main.ts into labs/.build/lab-host.mjs (about a tenth of a second). */
export async function bundleLabHost(): Promise<void> {
  await build({
    entryPoints: [`${repoRoot}labs/src/host/main.ts`],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
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
