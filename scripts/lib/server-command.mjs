// The node arguments that run the app server: `npm start` uses them, and so do the bench
// and the Lighthouse run, which measure the server as production runs it.
export const SERVER_NODE_ARGS = [
  // V8's memory reducer shrinks the heap of a process that has gone quiet for a few
  // seconds. Afterwards the server cost a third more CPU a request under load, for as
  // long as it was measured (decision 0029). A server expects its traffic back. V8 takes
  // this flag only on the command line, not from NODE_OPTIONS or once running.
  '--no-memory-reducer',
  '--import',
  'tsx',
  'server/src/main.ts',
];

/** The node arguments of the lab supervisor (`npm run labs`), which keeps a lab host running. */
export const LAB_SUPERVISOR_ARGS = ['--import', 'tsx', 'labs/src/host/supervise.ts'];
