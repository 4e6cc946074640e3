import { pino } from 'pino';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './http/app';
import { appJobs } from './jobs/app-jobs';
import { startScheduler } from './jobs/scheduler';
import { EnvError, loadEnv } from './lib/env';
import { loggerOptions, stdoutLog } from './lib/logger';
import { ContentError, loadCatalogue } from './modules/courses/content-loader';
import { paymentLogger } from './modules/billing/payment-log';
import { pricingWarnings } from './modules/settings/business-settings';
import { createServices } from './services';

// Boot order: configuration, database and migrations, then the HTTP server. Any
// failure before listening stops the process with a message saying what to fix.
async function main(): Promise<void> {
  const env = loadEnv();
  // Content first: a broken lesson file should stop the boot before anything else starts.
  const catalogue = loadCatalogue(env.contentDir);
  // Written asynchronously, and flushed by pino as the process exits (shutdown, crash).
  const logStream = stdoutLog();
  // The database logs before Fastify's logger exists; same options, same stream.
  const database = openDatabase(
    env.databaseUrl,
    pino(loggerOptions(env.logLevel), logStream).child({ component: 'database' }),
  );
  await migrateToLatest(database.db);
  const services = await createServices(env, database, catalogue);
  const app = await buildApp({ services, logStream });
  if (services.gateway.mode === 'simulated') {
    paymentLogger(app.log, services.gateway, env.isProduction).warn(
      'Razorpay keys are not set: payments use the simulated gateway',
    );
  }

  const mailLog = { event: 'mail_transport', transport: services.mail.kind };
  if (services.mail.kind === 'outbox' && env.isProduction) {
    app.log.warn(mailLog, `email: ${services.mail.description} (MAIL_ALLOW_OUTBOX_IN_PRODUCTION)`);
  } else {
    app.log.info(mailLog, `email: ${services.mail.description}`);
  }

  if (env.isProduction) {
    for (const warning of pricingWarnings(await services.settings()))
      app.log.warn({ event: 'pricing_warning' }, warning);
  }

  // The payment sweep, the mail sender and the clean-up run on one server at a time (jobs/scheduler.ts).
  const scheduler = await startScheduler({ db: services.db, log: app.log, jobs: appJobs(services, app.log) });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await scheduler.stop();
    await app.close();
    await services.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.port, host: env.host });
  app.log.info(
    {
      database: database.kind,
      throttles: services.limitStore,
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
