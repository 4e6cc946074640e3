import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { SignJWT, type JWTPayload } from 'jose';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { OB_CONTEXT, VC_CONTEXT, checkCredential, statusBits, type CredentialCheck } from '@ehc/common/credentials';
import type { Database } from '../../db/schema';
import type { CertificateRow } from '../certificates/certificate-service';
import type { Catalogue } from '../courses/catalogue';
import type { BusinessSettings } from '../settings/business-settings';
import { buildCredential, credentialTime, issuerProfile, statusListUrl, type IssuerFacts } from './credential-builder';
import { type SigningAlgorithm, type SigningKeys } from './signing-keys';
import { LIST_SIZE, lastList, revokedPlaces } from './status-entries';

/**
 * The signature the certificate image, the .jwt download and the status lists carry: RS256,
 * which every Open Badges 3.0 verifier must accept. The EdDSA copy is a download of its own
 * (docs/decisions/0035).
 */
export const PRIMARY_ALGORITHM: SigningAlgorithm = 'RS256';

/** How long verifiers may keep a status list before asking again (its `ttl` and Cache-Control). */
export const STATUS_LIST_TTL_SECONDS = 300;

// Credentials kept signed (a few KB each), the least recently used dropped first.
const SIGNED_MEMO_SIZE = 1000;

export interface SignedStatusList {
  jwt: string;
  etag: string;
}

interface Deps {
  db: Kysely<Database>;
  appOrigin: string;
  catalogue: Catalogue;
  keys: SigningKeys;
  settings(): Promise<BusinessSettings>;
}

/**
 * Issues certificates as signed Open Badges credentials (VC-JWT, RS256 and EdDSA) and publishes what
 * anyone needs to check them without our database: the keys and the status lists.
 */
export class CredentialIssuer {
  readonly #signed = new LRUCache<string, string>({ max: SIGNED_MEMO_SIZE });

  constructor(private readonly deps: Deps) {}

  /** The key id of the signature the certificate image carries. */
  get kid(): string {
    return this.kidOf(PRIMARY_ALGORITHM);
  }

  kidOf(alg: SigningAlgorithm): string {
    return this.deps.keys.signers[alg].kid;
  }

  jwks() {
    return this.deps.keys.jwks();
  }

  /** The seller as the issuer, from the business settings in force. */
  async issuer(): Promise<IssuerFacts> {
    const settings = await this.deps.settings();
    return {
      appOrigin: this.deps.appOrigin,
      legalName: settings.legalName,
      supportEmail: settings.supportEmail,
      supportPhone: settings.supportPhone,
    };
  }

  async issuerProfile() {
    return issuerProfile(await this.issuer());
  }

  /** The certificate's signed credential (compact JWS). The same inputs give the same bytes. */
  async credentialFor(
    certificate: CertificateRow,
    holderEmail: string,
    alg: SigningAlgorithm = PRIMARY_ALGORITHM,
  ): Promise<string> {
    const credential = buildCredential(
      {
        certificateId: certificate.certificate_id,
        scope: certificate.scope,
        holderName: certificate.holder_name,
        holderEmail,
        completedAt: Number(certificate.completed_at),
        issuedAt: Number(certificate.credential_issued_at),
        identitySalt: certificate.identity_salt,
        subjectId: certificate.subject_id,
        statusList: Number(certificate.status_list),
        statusIndex: Number(certificate.status_index),
      },
      await this.issuer(),
      this.deps.catalogue,
    );
    return this.sign(credential as unknown as JWTPayload & { id: string; validFrom: string }, alg);
  }

  /**
   * Signs a credential as a VC-JWT the way Open Badges 3.0 §8.2 asks: the header names the
   * key (kid, a URL of our JWKS) and nothing else; the payload is the credential itself
   * with iss, jti, nbf and sub repeating its issuer, id, validFrom and subject. No `iat`:
   * a credential signed again is byte for byte the same (Ed25519 and RSASSA-PKCS1-v1_5
   * signatures are both deterministic).
   */
  async sign(
    credential: JWTPayload & { id: string; validFrom: string },
    alg: SigningAlgorithm = PRIMARY_ALGORITHM,
  ): Promise<string> {
    // Signing is deterministic, so a credential signed before is looked up, not signed again:
    // every view of a certificate image carries its credential.
    const signer = this.deps.keys.signers[alg];
    const memoKey = `${signer.kid} ${JSON.stringify(credential)}`;
    const signed = this.#signed.get(memoKey);
    if (signed !== undefined) return signed;
    const jwt = await this.#signFresh(credential, alg);
    this.#signed.set(memoKey, jwt);
    return jwt;
  }

  async #signFresh(credential: JWTPayload & { id: string; validFrom: string }, alg: SigningAlgorithm): Promise<string> {
    const signer = this.deps.keys.signers[alg];
    const issuer = credential.issuer as { id: string } | string;
    const subject = credential.credentialSubject as { id?: string };
    const jwt = new SignJWT(credential)
      .setProtectedHeader({ alg, kid: signer.kid, typ: 'JWT' })
      .setIssuer(typeof issuer === 'string' ? issuer : issuer.id)
      .setJti(credential.id)
      .setNotBefore(Date.parse(credential.validFrom) / 1000);
    if (subject.id) jwt.setSubject(subject.id);
    return jwt.sign(signer.privateKey);
  }

  /**
   * Status list `list` as a signed BitstringStatusListCredential, or null when no such list
   * exists yet. Its validFrom is the last change to it, so it too is the same bytes until
   * something is revoked (and an ETag of its bytes lets caches revalidate cheaply).
   */
  async statusList(list: number): Promise<SignedStatusList | null> {
    if (!Number.isInteger(list) || list < 1 || list > (await lastList(this.deps.db))) return null;
    const { indexes, changedAt, firstIssuedAt } = await revokedPlaces(this.deps.db, list);
    const url = statusListUrl(this.deps.appOrigin, list);
    const encodedList = `u${gzipSync(statusBits(indexes, LIST_SIZE), { level: 9 }).toString('base64url')}`;
    const jwt = await this.sign({
      // Open Badges' context too: the issuer is an Open Badges Profile.
      '@context': [VC_CONTEXT, OB_CONTEXT],
      id: url,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: await this.issuerProfile(),
      validFrom: credentialTime(changedAt ?? firstIssuedAt ?? 0),
      credentialSubject: {
        id: `${url}#list`,
        type: 'BitstringStatusList',
        statusPurpose: 'revocation',
        encodedList,
        ttl: STATUS_LIST_TTL_SECONDS * 1000,
      },
    });
    return { jwt, etag: `"${createHash('sha256').update(jwt).digest('base64url').slice(0, 32)}"` };
  }

  /**
   * Checks a credential the way a verifier would, with only the published keys and status
   * list (through this server's own functions rather than HTTP). The /verify page reports
   * it for a certificate looked up by id; a file someone was given is checked in their browser.
   */
  async check(jwt: string): Promise<CredentialCheck> {
    const prefix = `${this.deps.appOrigin}/credentials/status/`;
    return checkCredential(jwt, {
      jwks: await this.jwks(),
      issuer: this.deps.appOrigin,
      loadStatusList: async (url) => {
        const list = url.startsWith(prefix) ? await this.statusList(Number(url.slice(prefix.length))) : null;
        if (!list) throw new Error('no such status list here');
        return list.jwt;
      },
    });
  }
}

/** What the /verify page reports about a certificate's signed credential. */
export interface IssuedCredentialCheck {
  signatureValid: boolean;
  kid: string | null;
  status: 'active' | 'revoked' | 'unknown';
}

/**
 * Signs the credential of a standing certificate and checks it as a verifier would, with
 * the published keys and status list only; null for a revoked or unknown certificate.
 */
export async function checkIssuedCredential(
  db: Kysely<Database>,
  credentials: CredentialIssuer,
  certificateId: string,
): Promise<IssuedCredentialCheck | null> {
  const found = await db
    .selectFrom('certificate as c')
    .innerJoin('app_user as u', 'u.id', 'c.user_ref')
    .selectAll('c')
    .select('u.user_id as email')
    .where('c.certificate_id', '=', certificateId)
    .where('c.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!found) return null;
  const { email, ...certificate } = found;
  const result = await credentials.check(await credentials.credentialFor(certificate, email));
  if (!result.signatureValid) return { signatureValid: false, kid: result.kid, status: 'unknown' };
  const status =
    result.status.state === 'active' || result.status.state === 'revoked' ? result.status.state : 'unknown';
  return { signatureValid: true, kid: result.kid, status };
}
