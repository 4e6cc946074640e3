import type { Kysely } from 'kysely';
import type { DatabaseHandle } from './db/database';
import type { Database } from './db/schema';
import type { Env } from './lib/env';
import type { AuthDeps } from './modules/auth/auth-service';
import { AuthThrottle, MemoryThrottleStore } from './modules/auth/throttle';
import type { Catalogue } from './modules/courses/catalogue';

/** Everything resolvers and routes need, created once per server. */
export interface Services {
  env: Env;
  database: DatabaseHandle;
  db: Kysely<Database>;
  auth: AuthDeps;
  catalogue: Catalogue;
}

export function createServices(env: Env, database: DatabaseHandle, catalogue: Catalogue): Services {
  const throttle = new AuthThrottle(new MemoryThrottleStore(), env.authThrottle);
  return {
    env,
    database,
    db: database.db,
    auth: { db: database.db, throttle, sessionPolicy: env.session },
    catalogue,
  };
}
