// Boots one lab host process. Run it through `npm run labs` (labs/src/host/supervise.ts),
// which starts it under Node's permission model and restarts it if it dies.
import { LabEnvError, loadLabEnv } from './lab-env';
import { buildLabHost } from './lab-host';
import { initSqlSandbox } from './sql-sandbox';

async function main(): Promise<void> {
  const env = loadLabEnv();
  await initSqlSandbox();
  const app = buildLabHost(env);
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port: env.port, host: env.host });
  app.log.info({ origin: env.labOrigin, permissions: Boolean(process.permission) }, `labs ready on ${env.labOrigin}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof LabEnvError ? error.message : error);
  process.exit(1);
});
