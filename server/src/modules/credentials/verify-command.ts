import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { checkCredential, credentialFromFile, originOf, type CredentialCheck } from '@ehc/common/credentials';
import { decodeJwt, type JSONWebKeySet } from 'jose';
import { invocationDirectory } from '../../lib/env';

/**
 * `npm run verify-credential -- <file> [--jwks <file-or-url>] [--status-list <file-or-url>] [--offline]`:
 * checks a credential file (.jwt) or a baked certificate image (.png) with nothing but the
 * issuer's public keys and, when reachable, its status list. Exit codes: 0 valid and not
 * revoked, 1 invalid or revoked, 2 the input could not be read, 3 valid signature but the
 * revocation status could not be checked.
 */
export const USAGE = `Usage: npm run verify-credential -- <credential.jwt | certificate.png> [options]

  --jwks <file-or-url>         the issuer's public keys (JWKS), e.g. saved earlier for an
                               offline check. Default: /.well-known/jwks.json on the site of
                               the credential's issuer (iss). Either way, only keys whose id
                               is on the issuer's site are accepted
  --status-list <file-or-url>  the status list credential, e.g. saved earlier for an
                               offline check. Default: fetched from the URL in the credential
  --offline                    fetch nothing; without --status-list, revocation is not checked

Exit status: 0 valid and not revoked, 1 not valid or revoked, 2 could not read the input,
3 valid signature but revocation not checked.`;

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  /** Fetches a URL's body as text (tests pass a stand-in). */
  fetchText(url: string): Promise<string>;
  /** Where relative paths start: npm runs scripts from the repository root, so the caller's folder. */
  baseDir: string;
}

export const defaultIo: CommandIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  async fetchText(url) {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
    return response.text();
  },
  baseDir: invocationDirectory(),
};

interface Options {
  file: string;
  jwks: string | null;
  statusList: string | null;
  offline: boolean;
}

function parseArgs(args: string[]): Options | null {
  const options: Options = { file: '', jwks: null, statusList: null, offline: false };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--offline') options.offline = true;
    else if (arg === '--jwks' || arg === '--status-list') {
      const value = args[(i += 1)];
      if (!value) return null;
      if (arg === '--jwks') options.jwks = value;
      else options.statusList = value;
    } else if (arg.startsWith('--') || options.file) return null;
    else options.file = arg;
  }
  return options.file ? options : null;
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);

export async function runVerifyCredential(args: string[], io: CommandIo = defaultIo): Promise<number> {
  const options = parseArgs(args);
  if (!options) {
    io.err(USAGE);
    return 2;
  }
  const load = async (source: string) => {
    if (!isUrl(source)) return readFile(resolve(io.baseDir, source), 'utf8');
    if (options.offline) throw new Error(`--offline: will not fetch ${source}`);
    return io.fetchText(source);
  };

  let jwt: string;
  let jwks: JSONWebKeySet;
  try {
    jwt = credentialFromFile(new Uint8Array(await readFile(resolve(io.baseDir, options.file))));
    const jwksSource = options.jwks ?? defaultJwksUrl(jwt);
    if (!jwksSource) throw new Error('The credential names no issuer address (iss); pass --jwks.');
    jwks = JSON.parse(await load(jwksSource)) as JSONWebKeySet;
    if (!Array.isArray(jwks.keys)) throw new Error(`${jwksSource} is not a JWKS (no "keys").`);
  } catch (error) {
    io.err(`Could not check ${options.file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }

  const result = await checkCredential(jwt, {
    jwks,
    loadStatusList: options.statusList
      ? () => load(options.statusList!)
      : options.offline
        ? undefined
        : (url) => io.fetchText(url),
  });
  report(result, io);
  if (!result.signatureValid || result.status.state === 'revoked') return 1;
  return result.status.state === 'unknown' ? 3 : 0;
}

/**
 * The issuer's own key set: /.well-known/jwks.json on the site of `iss`. Never the address
 * in the key id, which whoever signed the token chose (a forger would point it at theirs).
 */
function defaultJwksUrl(jwt: string): string | null {
  try {
    const origin = originOf(decodeJwt(jwt).iss);
    return origin ? `${origin}/.well-known/jwks.json` : null;
  } catch {
    return null;
  }
}

function report(result: CredentialCheck, io: CommandIo): void {
  if (!result.signatureValid) {
    io.out(`NOT VALID: ${result.reason}`);
    if (result.kid) io.out(`  Key id:       ${result.kid}`);
    return;
  }
  const c = result.credential;
  const status =
    result.status.state === 'active'
      ? 'not revoked (checked against the status list)'
      : result.status.state === 'revoked'
        ? 'REVOKED by the issuer'
        : result.status.state === 'none'
          ? 'the credential has no status list'
          : `not checked: ${result.status.reason}`;
  io.out(
    result.status.state === 'revoked'
      ? 'REVOKED: the signature is valid, but the issuer has revoked this credential.'
      : 'Signature valid.',
  );
  const rows: [string, string | null][] = [
    ['Holder', c.holderName],
    ['Achievement', c.achievementName],
    ['Study hours', c.studyHours === null ? null : String(c.studyHours)],
    ['Completed', c.awardedDate],
    ['Issued', c.validFrom],
    ['Issuer', c.issuerName ? `${c.issuerName} (${c.issuerUrl ?? c.issuerId})` : c.issuerId],
    ['Certificate', c.certificateId],
    ['Signed by key', result.kid],
    ['Revocation', status],
  ];
  for (const [label, value] of rows) if (value) io.out(`  ${`${label}:`.padEnd(15)}${value}`);
}
