import { pino } from 'pino';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './http/app';
import { EnvError, loadEnv } from './lib/env';
import { loggerOptions } from './lib/logger';
import { ContentError, loadCatalogue } from './modules/courses/content-loader';
import { paymentLogger } from './modules/billing/payment-log';
import { reconcileOrders } from './modules/billing/payment-service';
import { createServices } from './services';

// Boot order: configuration, database and migrations, then the HTTP server. Any
// failure before listening stops the process with a message saying what to fix.
async function main(): Promise<void> {
  const env = loadEnv();
  // Content first: a broken lesson file should stop the boot before anything else starts.
  const catalogue = loadCatalogue(env.contentDir);
  // The database logs before Fastify's logger exists; same options, same stdout.
  const database = openDatabase(env.databaseUrl, pino(loggerOptions(env.logLevel)).child({ component: 'database' }));
  await migrateToLatest(database.db);
  const services = createServices(env, database, catalogue);
  const app = await buildApp({ services });
  if (services.gateway.mode === 'simulated') {
    paymentLogger(app.log, services.gateway, env.isProduction).warn(
      'Razorpay keys are not set: payments use the simulated gateway',
    );
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Periodic sweep for payments whose confirmation never reached us (see razorpay.md).
  const sweep = setInterval(() => {
    reconcileOrders({
      db: services.db,
      gateway: services.gateway,
      log: paymentLogger(app.log, services.gateway, env.isProduction),
    }).catch((error: unknown) => app.log.error({ err: error }, 'payment reconciliation sweep failed'));
  }, env.reconcileIntervalMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  await app.listen({ port: env.port, host: env.host });
  app.log.info(
    {
      database: database.kind,
      origin: env.appOrigin,
      modules: catalogue.modules.length,
      lessons: catalogue.lessonCount,
    },
    `ready on ${env.appOrigin}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof ContentError) {
    console.error(error.message);
  } else {
    console.error(`Server failed to start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
