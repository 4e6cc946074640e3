import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// graphql 16 ships both CommonJS and ESM builds. Node (and so the server) loads the
// CommonJS one, which mercurius also requires; Vite would pick the ESM one for our own
// imports, and two copies of graphql refuse each other's types. Pin tests to Node's choice.
const graphqlCjs = createRequire(import.meta.url).resolve('graphql');

// API suites (*.api.test.ts) run twice, once per database; everything else runs once.
const apiSuites = ['server/src/**/*.api.test.ts'];

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['{common,server,labs,web}/src/**/*.test.{ts,tsx}'], exclude: apiSuites },
      },
      {
        extends: true,
        test: { name: 'api:sqlite', include: apiSuites, env: { TEST_DB: 'sqlite' } },
      },
      {
        extends: true,
        test: { name: 'api:postgres', include: apiSuites, env: { TEST_DB: 'postgres' } },
      },
    ],
    // Vitest leaves a core free by default: one worker on a two-core machine. The suites
    // wait on databases, child processes and sockets much of the time, so a worker per
    // core took the run from 4.3 to 2.7 minutes here.
    maxWorkers: availableParallelism(),
    // A committed `.only` would silently skip the rest of the suite.
    allowOnly: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
