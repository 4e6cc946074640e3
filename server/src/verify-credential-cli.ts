import { runVerifyCredential } from './modules/credentials/verify-command';

// `npm run verify-credential -- <file> [--jwks <file-or-url>]`: see modules/credentials/verify-command.ts.
process.exit(await runVerifyCredential(process.argv.slice(2)));
