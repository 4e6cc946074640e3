// `npm run dev`: the API with reload on :3000, Vite's dev server on :5173 and the lab host
// on :3001, together.
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { ensureDependencies } from './lib/ensure-dependencies.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
await ensureDependencies(root);

const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: root, stdio: 'inherit' }),
  spawn('node', ['--import', 'tsx', 'labs/src/host/supervise.ts'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
