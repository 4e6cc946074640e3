import { loadEnv } from '../lib/env';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

// `npm run db:migrate`: applies pending migrations to DATABASE_URL and exits.
const env = loadEnv();
const handle = openDatabase(env.databaseUrl, console);
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await handle.close();
}
