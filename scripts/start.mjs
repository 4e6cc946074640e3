// `npm start`: installs what is missing, builds the web app and runs the server that
// serves it and /graphql on http://localhost:3000 (PORT overrides).
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './lib/ensure-dependencies.mjs';
import { fail, log, run } from './lib/run.mjs';
import { SERVER_NODE_ARGS } from './lib/server-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

await ensureDependencies(root);
log('Building the web app…');
if ((await run('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root })) !== 0) {
  fail('The web build failed: see the output above.');
}
log('Starting the server…');
const code = await run('node', SERVER_NODE_ARGS, { cwd: root });
process.exit(code);
