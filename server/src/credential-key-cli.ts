import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { appOriginOnly, loadEnv } from './lib/env';
import { generateSigningKey, retireDatabaseKey } from './modules/credentials/signing-keys';

// `npm run credential-key -- generate [--origin https://course.example.com]`: prints a new
//   Ed25519 signing key for CREDENTIAL_SIGNING_KEY (and its public half). Nothing is stored.
// `npm run credential-key -- rotate`: retires the signing key a development database keeps
//   (it stays published, so what it signed still verifies); the next start makes a new one.
// Production rotation is done in the environment: docs/credentials.md, "Rotating the key".
const USAGE =
  'Usage: npm run credential-key -- generate [--origin <APP_ORIGIN>]   |   npm run credential-key -- rotate';

const [command, ...rest] = process.argv.slice(2);
if (command === 'generate') {
  const originFlag = rest.indexOf('--origin');
  const origin = originFlag >= 0 ? appOriginOnly({ APP_ORIGIN: rest[originFlag + 1] }) : appOriginOnly();
  if (!origin) {
    console.error(
      'Give the public origin the key ids point to: --origin https://course.example.com (or set APP_ORIGIN).',
    );
    process.exit(2);
  }
  const { privateJwk, publicJwk } = await generateSigningKey(origin);
  console.log(
    '# Private key: set as CREDENTIAL_SIGNING_KEY in the server environment; keep it secret, never commit it.',
  );
  console.log(`CREDENTIAL_SIGNING_KEY='${JSON.stringify(privateJwk)}'`);
  console.log(
    '# Its public key (the JWKS publishes it; list it in CREDENTIAL_PREVIOUS_PUBLIC_KEYS when you rotate it out):',
  );
  console.log(JSON.stringify(publicJwk));
  process.exit(0);
}
if (command !== 'rotate' || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
const env = loadEnv();
if (env.credentials.signingKey) {
  console.error(
    'CREDENTIAL_SIGNING_KEY is set: rotate it in the environment (docs/credentials.md), not in the database.',
  );
  process.exit(1);
}
const handle = openDatabase(env.databaseUrl, console);
try {
  await migrateToLatest(handle.db);
  const retired = await retireDatabaseKey(handle.db);
  console.log(
    retired
      ? `Retired ${retired}. It stays published; each server signs with a new key once restarted.`
      : 'No key signs at the moment: the next server to start makes one.',
  );
} finally {
  await handle.close();
}
