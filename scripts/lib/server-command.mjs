// The node arguments that run the app server: `npm start` uses them, and so do the bench
// and the Lighthouse run, which measure the server as production runs it.
export const SERVER_NODE_ARGS = ['--import', 'tsx', 'server/src/main.ts'];

/** The node arguments of the lab supervisor (`npm run labs`), which keeps a lab host running. */
export const LAB_SUPERVISOR_ARGS = ['--import', 'tsx', 'labs/src/host/supervise.ts'];
