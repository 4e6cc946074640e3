import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { appOriginOnly, loadEnv } from './lib/env';
import { generateSigningKey, retireDatabaseKeys } from './modules/credentials/signing-keys';

// `npm run credential-key -- generate [--origin https://course.example.com]`: prints new
//   signing keys, Ed25519 for CREDENTIAL_SIGNING_KEY and RSA for CREDENTIAL_RSA_SIGNING_KEY
//   (and their public halves). Nothing is stored.
// `npm run credential-key -- rotate`: retires the signing keys a development database keeps
//   (they stay published, so what they signed still verifies); the next start makes new ones.
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
  console.log('# Private keys: set both in the server environment; keep them secret, never commit them.');
  const publicKeys: string[] = [];
  for (const [name, alg] of [
    ['CREDENTIAL_SIGNING_KEY', 'EdDSA'],
    ['CREDENTIAL_RSA_SIGNING_KEY', 'RS256'],
  ] as const) {
    const { privateJwk, publicJwk } = await generateSigningKey(origin, alg);
    console.log(`${name}='${JSON.stringify(privateJwk)}'`);
    publicKeys.push(JSON.stringify(publicJwk));
  }
  console.log(
    '# Their public keys (the JWKS publishes them; list them in CREDENTIAL_PREVIOUS_PUBLIC_KEYS when you rotate them out):',
  );
  for (const key of publicKeys) console.log(key);
  process.exit(0);
}
if (command !== 'rotate' || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
const env = loadEnv();
if (env.credentials.signingKey || env.credentials.rsaSigningKey) {
  console.error(
    'CREDENTIAL_SIGNING_KEY or CREDENTIAL_RSA_SIGNING_KEY is set: rotate keys in the environment (docs/credentials.md), not in the database.',
  );
  process.exit(1);
}
const handle = openDatabase(env.databaseUrl, console);
try {
  await migrateToLatest(handle.db);
  const retired = await retireDatabaseKeys(handle.db);
  console.log(
    retired.length > 0
      ? `Retired ${retired.join(' and ')}. They stay published; each server signs with new keys once restarted.`
      : 'No key signs at the moment: the next server to start makes them.',
  );
} finally {
  await handle.close();
}
