import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { summarizeCredential, type CredentialSummary } from './open-badge';
import { expandStatusList, statusBit } from './status-list';

/**
 * Checks a signed Open Badges credential (a VC-JWT) using only the issuer's published keys
 * (its JWKS) and its public status list: nothing else about the issuer is trusted. The
 * verify page runs this in the browser and `npm run verify-credential` in Node.
 */

export interface CheckOptions {
  /** The issuer's published keys (/.well-known/jwks.json). */
  jwks: JSONWebKeySet;
  /**
   * The origin the verifier expects the credential to come from (this site, for the verify
   * page and the server). Without it any issuer is accepted, but its keys and status list
   * must still be its own.
   */
  issuer?: string;
  /**
   * Gets the status list credential (a compact JWT) at a URL. Leave out to skip the
   * revocation check (it is then reported as not checked). Throw to report it unreachable.
   */
  loadStatusList?: (url: string) => Promise<string>;
  /** The time to check validity against (default: now). */
  now?: Date;
}

export type StatusResult =
  { state: 'active' } | { state: 'revoked' } | { state: 'unknown'; reason: string } | { state: 'none' };

export type CredentialCheck =
  | {
      signatureValid: true;
      /** The id of the published key that made the signature. */
      kid: string;
      credential: CredentialSummary;
      /** The verified payload, for checks such as the holder's email. */
      payload: JWTPayload;
      status: StatusResult;
    }
  | { signatureValid: false; kid: string | null; reason: string };

/** Verifies the compact JWS `jwt` against `options.jwks` and its revocation status. */
export async function checkCredential(jwt: string, options: CheckOptions): Promise<CredentialCheck> {
  const compact = jwt.trim();
  let kid: string | null = null;
  try {
    const header = decodeProtectedHeader(compact);
    kid = typeof header.kid === 'string' ? header.kid : null;
  } catch {
    return {
      signatureValid: false,
      kid,
      reason: 'This is not a signed credential (a compact JWS, three dot-separated parts).',
    };
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await verifySigned(compact, options));
  } catch (error) {
    return { signatureValid: false, kid, reason: explain(error) };
  }
  let credential: CredentialSummary;
  let issuerOrigin: string;
  try {
    credential = summarizeCredential(payload);
    checkClaims(payload, credential);
    issuerOrigin = checkOrigins(payload, kid!, options.issuer);
  } catch (error) {
    return { signatureValid: false, kid, reason: error instanceof Error ? error.message : String(error) };
  }
  return {
    signatureValid: true,
    kid: kid!,
    credential,
    payload,
    status: await checkStatus(payload, options, issuerOrigin),
  };
}

/** The origin of an absolute http(s) URL, or null. */
export function originOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * A credential speaks for its issuer (`iss`) only with a key the issuer publishes: a key id
 * that is an address must be on the issuer's own site, and so must its status list (checked
 * in checkStatus). Otherwise anyone could sign with their own key, name a JWKS of their own in
 * the key id, and claim to be the issuer. Returns the issuer's origin.
 */
function checkOrigins(payload: JWTPayload, kid: string, expected: string | undefined): string {
  const issuer = originOf(payload.iss);
  if (!issuer) throw new Error('The credential names no issuer address (iss), so its keys cannot be found.');
  if (expected !== undefined && issuer !== expected) {
    throw new Error(`The credential was issued by ${issuer}, not by ${expected}.`);
  }
  // A key id may be a plain name, looked up in the issuer's key set; one that is an address
  // must be on the issuer's site.
  const kidOrigin = originOf(kid);
  if (kidOrigin !== null && kidOrigin !== issuer) {
    throw new Error(
      `The credential was signed with a key that ${issuer} does not publish (the key id points elsewhere).`,
    );
  }
  return issuer;
}

async function verifySigned(compact: string, options: CheckOptions) {
  const header = decodeProtectedHeader(compact);
  if (typeof header.kid !== 'string') throw new Error('The signature names no key (kid), so it cannot be checked.');
  // RS256 is what Open Badges 3.0 requires every verifier to support; EdDSA is what our
  // first credentials were signed with. jose refuses RSA keys under 2048 bits.
  return jwtVerify(compact, createLocalJWKSet(options.jwks), {
    algorithms: ['RS256', 'EdDSA', 'Ed25519'],
    currentDate: options.now,
  });
}

/** The JWT claims must repeat the credential's own fields (Open Badges 3.0 §8.2.4). */
function checkClaims(payload: JWTPayload, credential: CredentialSummary): void {
  const subject = (payload.credentialSubject ?? {}) as { id?: unknown };
  if (payload.iss !== credential.issuerId)
    throw new Error('The token issuer (iss) differs from the credential issuer.');
  if (payload.jti !== credential.credentialId) throw new Error('The token id (jti) differs from the credential id.');
  if (typeof payload.nbf !== 'number' || payload.nbf * 1000 !== Date.parse(credential.validFrom)) {
    throw new Error('The token start (nbf) differs from the credential validFrom.');
  }
  if (subject.id !== undefined && payload.sub !== subject.id) {
    throw new Error('The token subject (sub) differs from the credential subject id.');
  }
}

async function checkStatus(payload: JWTPayload, options: CheckOptions, issuer: string): Promise<StatusResult> {
  const entries = [payload.credentialStatus].flat().filter(Boolean) as Record<string, unknown>[];
  const entry = entries.find((e) => e.type === 'BitstringStatusListEntry' && e.statusPurpose === 'revocation');
  if (!entry) return { state: 'none' };
  const url = entry.statusListCredential;
  const index = Number(entry.statusListIndex);
  if (typeof url !== 'string' || typeof entry.statusListIndex !== 'string' || !Number.isInteger(index) || index < 0) {
    return { state: 'unknown', reason: 'The credential names its status list incorrectly.' };
  }
  // Only the issuer can say a credential of theirs is still in force.
  if (originOf(url) !== issuer) {
    return { state: 'unknown', reason: `The credential's status list is not on the issuer's site (${issuer}).` };
  }
  if (!options.loadStatusList) return { state: 'unknown', reason: 'The status list was not consulted.' };
  let listJwt: string;
  try {
    listJwt = await options.loadStatusList(url);
  } catch (error) {
    return { state: 'unknown', reason: `The status list could not be fetched (${explain(error)}).` };
  }
  try {
    // The list must be signed with the issuer's own published keys, like the credential.
    const { payload: list } = await verifySigned(listJwt, options);
    const types = [list.type].flat();
    const subject = (list.credentialSubject ?? {}) as Record<string, unknown>;
    if (!types.includes('BitstringStatusListCredential') || subject.type !== 'BitstringStatusList') {
      throw new Error('it is not a BitstringStatusListCredential');
    }
    if (list.id !== url) throw new Error('it is the list of another address');
    if (![subject.statusPurpose].flat().includes('revocation')) throw new Error('it does not list revocations');
    if (typeof subject.encodedList !== 'string') throw new Error('it has no encodedList');
    const bits = await expandStatusList(subject.encodedList);
    return statusBit(bits, index) ? { state: 'revoked' } : { state: 'active' };
  } catch (error) {
    return { state: 'unknown', reason: `The status list could not be checked: ${explain(error)}.` };
  }
}

function explain(error: unknown): string {
  if (error instanceof errors.JWKSNoMatchingKey) {
    return 'None of the published keys has the id this credential was signed with: it was not signed by this issuer, or with a key it no longer publishes.';
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return 'The signature does not match the content: the credential was changed after it was signed, or signed by someone else.';
  }
  if (error instanceof errors.JWTClaimValidationFailed)
    return `The credential is not valid at this time (${error.message}).`;
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
    return 'This is not a well-formed signed credential.';
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'The credential is signed with an algorithm that is not accepted.';
  return error instanceof Error ? error.message : String(error);
}
