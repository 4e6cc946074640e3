// `npm start`: installs what is missing, builds the web app and runs the whole app: the
// server that serves it and /graphql on http://localhost:3000 (PORT overrides), and the
// lab host on http://127.0.0.1:3001 (LAB_PORT), a supervised process of its own.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './lib/ensure-dependencies.mjs';
import { fail, log, run } from './lib/run.mjs';
import { LAB_SUPERVISOR_ARGS, SERVER_NODE_ARGS } from './lib/server-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

await ensureDependencies(root);
log('Building the web app…');
if ((await run('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root })) !== 0) {
  fail('The web build failed: see the output above.');
}
log('Starting the server and the lab host…');
// The labs live in their own processes (docs/decisions/0032): the supervisor restarts a lab
// host that dies, and nothing that happens there reaches the app server.
const children = [
  spawn('node', SERVER_NODE_ARGS, { cwd: root, stdio: 'inherit' }),
  spawn('node', LAB_SUPERVISOR_ARGS, { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.exitCode === null && child.kill(signal));
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
// If either ends for good (the app server stopped, the supervisor could not start), stop both.
children.forEach((child) =>
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode ||= code ?? 0;
  }),
);
