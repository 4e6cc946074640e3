import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { capture, fail, isRoot, log, run } from './run.mjs';

const LOCAL_CANDIDATES = ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/postgres'];

/**
 * Finds a PostgreSQL server for the API tests, in this order: TEST_DATABASE_URL; a
 * server answering at 127.0.0.1:5432; a throwaway cluster started from the installed
 * binaries (installing Debian's postgresql when missing, as root). Returns its URL and
 * a stop function that removes a throwaway cluster again.
 */
export async function ensurePostgres() {
  const pg = (await import('pg')).default;
  const canConnect = async (url) => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  };

  const configured = process.env.TEST_DATABASE_URL;
  if (configured) {
    if (await canConnect(configured)) return { url: configured, stop: async () => {} };
    fail(`TEST_DATABASE_URL is set but PostgreSQL does not answer there (${redact(configured)}).`);
  }
  for (const url of LOCAL_CANDIDATES) {
    if (await canConnect(url)) return { url, stop: async () => {} };
  }
  return startThrowawayCluster(canConnect);
}

export async function startThrowawayCluster(canConnect) {
  let bin = findPostgresBin();
  if (!bin && isRoot()) {
    log("No PostgreSQL found: installing Debian's postgresql package…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update', '-qq'], { env });
    await run('apt-get', ['install', '-y', '-qq', 'postgresql'], { env });
    bin = findPostgresBin();
  }
  if (!bin) {
    fail(
      'The API tests need PostgreSQL and none was found.\n' +
        '  Start the local server: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n' +
        '  or install it: sudo apt-get install -y postgresql\n' +
        '  or set TEST_DATABASE_URL=postgres://user@host:port/db',
    );
  }

  const dir = mkdtempSync(join(tmpdir(), 'ehc-pg-'));
  const port = await freePort();
  // initdb refuses to run as root; Debian's package creates the postgres user for this.
  const asUser = isRoot() ? ['runuser', '-u', 'postgres', '--'] : [];
  if (isRoot()) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  const exec = (tool, args) => {
    const [command, ...prefix] = [...asUser, join(bin, tool)];
    return capture(command, [...prefix, ...args]);
  };

  log(`Starting a throwaway PostgreSQL cluster on port ${port}…`);
  const init = exec('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  if (init.status !== 0) fail(`initdb failed:\n${init.stderr}`);
  const start = exec('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-w',
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  if (start.status !== 0) fail(`pg_ctl start failed:\n${start.stderr}${start.stdout}`);

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  if (!(await canConnect(url))) fail('The throwaway PostgreSQL cluster started but does not accept connections.');
  return {
    url,
    stop: async () => {
      exec('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

function uidOf(user) {
  return Number(capture('id', ['-u', user]).stdout.trim());
}

function gidOf(user) {
  return Number(capture('id', ['-g', user]).stdout.trim());
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function redact(url) {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}
