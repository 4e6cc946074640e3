// `npm run setup`: installs the npm dependencies when they are missing or stale (what
// `npm start` and `npm test` do first), so typecheck and lint can run on a fresh clone.
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './lib/ensure-dependencies.mjs';

await ensureDependencies(fileURLToPath(new URL('..', import.meta.url)));
