// The baselines of `npm run bench`: a bare Fastify server in a process of its own, as the
// app runs, so each gets the same cores the app gets while the load generator runs in the
// bench's process. (Served from the bench's own process, a baseline shares one event loop
// with the load generator and reads about half its true rate, which flatters every ratio.)
// Run with `node --import tsx`; prints the port once listening; ends on SIGTERM.
//   hello                              answers { hello: 'world' }
//   hello-logged                       the same, with Fastify's own default logger (pino at
//                                      `info`, its two lines a request, Fastify's default
//                                      settings) writing to /dev/null
//   query <DATABASE_URL>               one trivial query per request
//   dashboard-read <DATABASE_URL> <session token>
//                                      the dashboard's database read (getSessionLearner, the
//                                      server's own function, with its progress cache) and
//                                      nothing of the app around it
//   replay <url>                       the app's answer at <url> (brotli taken), fetched once
//                                      and sent back byte for byte, headers included
//   replay-logged <url>                the same, with Fastify's own default logger as in
//                                      hello-logged: stock Fastify sending the app's answer
import { get } from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';

const [mode, databaseUrl, sessionToken] = process.argv.slice(2);
const logged = mode === 'hello-logged' || mode === 'replay-logged';
const app = logged ? Fastify({ logger: { file: '/dev/null' } }) : Fastify();
let close = async () => {};

if (mode === 'hello' || mode === 'hello-logged') {
  app.get('/', async () => ({ hello: 'world' }));
} else if (mode === 'query' && databaseUrl.startsWith('sqlite:')) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true });
  const statement = db.prepare('select ? as hello');
  app.get('/', async () => statement.get('world'));
  close = async () => db.close();
} else if (mode === 'query') {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  app.get(
    '/',
    async () => (await pool.query({ name: 'bare', text: 'select $1::text as hello', values: ['world'] })).rows[0],
  );
  close = () => pool.end();
} else if (mode === 'dashboard-read') {
  const [
    { openDatabase },
    { getSessionLearner },
    { ProgressCache },
    { loadCatalogue },
    { hashSessionToken },
    { sessionRows },
    { DEFAULT_CONTENT_DIR },
  ] = await Promise.all([
    import('../../server/src/db/database.ts'),
    import('../../server/src/modules/progress/progress-service.ts'),
    import('../../server/src/modules/progress/progress-cache.ts'),
    import('../../server/src/modules/courses/content-loader.ts'),
    import('../../server/src/modules/auth/session-token.ts'),
    import('../../server/src/modules/auth/session-rows.ts'),
    import('../../server/src/lib/env.ts'),
  ]);
  const handle = openDatabase(databaseUrl, console);
  const deps = {
    db: handle.db,
    sessionRows: sessionRows(handle),
    catalogue: loadCatalogue(DEFAULT_CONTENT_DIR),
    progressCache: new ProgressCache(),
  };
  const tokenHash = hashSessionToken(sessionToken);
  const policy = { idleTimeoutMs: 3_600_000, maxAgeMs: 86_400_000 };
  app.get('/', async () => getSessionLearner(deps, tokenHash, policy));
  close = () => handle.close();
} else if (mode === 'replay' || mode === 'replay-logged') {
  const { status, headers, body } = await fetchRaw(process.argv[3]);
  app.get('/', (_request, reply) => {
    reply.code(status).headers(headers).send(body);
  });
} else {
  throw new Error(`bare-server: unknown mode ${mode}`);
}

await app.listen({ port: 0, host: '127.0.0.1' });
console.log(app.server.address().port);
process.once('SIGTERM', async () => {
  await app.close();
  await close();
  process.exit(0);
});

/** One answer as it came over the wire: fetch() would decompress it. */
function fetchRaw(url) {
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => !perConnection.has(name))),
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}
