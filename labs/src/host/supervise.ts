// `npm run labs`: keeps one lab host process running. The host runs in a child process
// under the permission model (process-args.ts); if it dies, whatever killed it, it is
// started again after a short pause that grows while it keeps dying. The app server is a
// different process and never notices.
import { spawn, type ChildProcess } from 'node:child_process';
import { bundleLabHost, labHostNodeArgs, repoRoot } from './process-args';

let child: ChildProcess | undefined;
let stopping = false;
let failures = 0;

function start(): void {
  const startedAt = Date.now();
  child = spawn(process.execPath, labHostNodeArgs(), { cwd: repoRoot, stdio: 'inherit' });
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'lab host started', pid: child.pid }));
  child.on('exit', (code, signal) => {
    child = undefined;
    if (stopping) return;
    // A host that ran a minute was healthy: start again at once.
    failures = Date.now() - startedAt > 60_000 ? 0 : failures + 1;
    const delay = Math.min(200 * 2 ** Math.max(0, failures - 1), 10_000);
    console.error(
      JSON.stringify({ level: 50, time: Date.now(), msg: 'lab host exited; restarting', code, signal, inMs: delay }),
    );
    setTimeout(start, delay);
  });
}

function stop(signal: NodeJS.Signals): void {
  stopping = true;
  if (!child) process.exit(0);
  child.once('exit', () => process.exit(0));
  child.kill(signal);
}

process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
await bundleLabHost();
start();
