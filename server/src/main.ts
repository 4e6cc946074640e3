import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './http/app';
import { EnvError, loadEnv } from './lib/env';
import { ContentError, loadCatalogue } from './modules/courses/content-loader';
import { createServices } from './services';

// Boot order: configuration, database and migrations, then the HTTP server. Any
// failure before listening stops the process with a message saying what to fix.
async function main(): Promise<void> {
  const env = loadEnv();
  // Content first: a broken lesson file should stop the boot before anything else starts.
  const catalogue = loadCatalogue(env.contentDir);
  const database = openDatabase(env.databaseUrl);
  await migrateToLatest(database.db);
  const app = await buildApp({ services: createServices(env, database, catalogue) });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
