/**
 * The Open Badges 3.0 credential our certificates are issued as (an `OpenBadgeCredential`
 * on W3C Verifiable Credentials 2.0), and how a verifier reads one back. The server builds
 * it (server/src/modules/credentials); the verify page and `npm run verify-credential`
 * read it. See docs/credentials.md for a field-by-field description.
 */

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
/** Open Badges' own extension terms, among them the credentialSchema type below. */
export const OB_EXTENSIONS_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/extensions.json';
/**
 * Where an issuer publishes the JSON-LD context of our own terms (estimatedStudyHours), so
 * that a JSON-LD processor in safe mode can read every field of the credential.
 */
export const termsContextUrl = (appOrigin: string) => `${appOrigin}/credentials/contexts/v1.json`;
/** The official JSON Schema of an AchievementCredential; a copy ships in server/src/modules/credentials/schema. */
export const OB_SCHEMA_ID =
  'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';

export interface IdentityObject {
  type: 'IdentityObject';
  identityType: string;
  hashed: boolean;
  identityHash: string;
  salt?: string;
}

export interface IssuerProfile {
  id: string;
  type: ['Profile'];
  name: string;
  url: string;
  email: string;
  phone?: string;
}

export interface BitstringStatusListEntry {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: 'revocation';
  statusListIndex: string;
  statusListCredential: string;
}

export interface OpenBadgeCredential {
  /** The last one is the issuer's terms context (termsContextUrl). */
  '@context': [typeof VC_CONTEXT, typeof OB_CONTEXT, typeof OB_EXTENSIONS_CONTEXT, string];
  id: string;
  type: ['VerifiableCredential', 'OpenBadgeCredential'];
  name: string;
  description: string;
  issuer: IssuerProfile;
  validFrom: string;
  awardedDate: string;
  credentialSubject: {
    id: string;
    type: ['AchievementSubject'];
    activityEndDate: string;
    identifier: IdentityObject[];
    achievement: {
      id: string;
      type: ['Achievement'];
      achievementType: 'CertificateOfCompletion';
      name: string;
      description: string;
      criteria: { narrative: string };
      fieldOfStudy: string;
      inLanguage: string;
      creator: IssuerProfile;
      /**
       * Our own term (Open Badges has no study-time field), defined in the context at
       * termsContextUrl: the estimated hours of study the achievement took.
       */
      estimatedStudyHours: number;
    };
  };
  credentialStatus: BitstringStatusListEntry;
  credentialSchema: [{ id: typeof OB_SCHEMA_ID; type: '1EdTechJsonSchemaValidator2019' }];
}

/** What a person checking a credential wants to read from it. */
export interface CredentialSummary {
  credentialId: string;
  /** The certificate id printed on the image, when the credential id is our /verify/<id> page. */
  certificateId: string | null;
  holderName: string | null;
  /** Whether the holder's email is in it (hashed with a salt; never in clear). */
  hasHashedEmail: boolean;
  achievementName: string;
  achievementType: string | null;
  achievementDescription: string | null;
  studyHours: number | null;
  issuerId: string;
  issuerName: string | null;
  issuerUrl: string | null;
  /** When the achievement was awarded (the completion), ISO time. */
  awardedDate: string | null;
  /** When this version of the credential was issued (its validFrom), ISO time. */
  validFrom: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** The readable facts of a credential payload, or an error naming what is missing. */
export function summarizeCredential(payload: unknown): CredentialSummary {
  if (!isObject(payload)) throw new Error('The credential is not a JSON object.');
  const types = asArray(payload.type);
  if (
    !types.includes('VerifiableCredential') ||
    !types.some((t) => t === 'OpenBadgeCredential' || t === 'AchievementCredential')
  ) {
    throw new Error('This is not an Open Badges credential (its type is not OpenBadgeCredential).');
  }
  const id = text(payload.id);
  const validFrom = text(payload.validFrom);
  const issuer = isObject(payload.issuer) ? payload.issuer : { id: payload.issuer };
  const issuerId = text(issuer.id);
  const subject = isObject(payload.credentialSubject) ? payload.credentialSubject : null;
  const achievement = subject && isObject(subject.achievement) ? subject.achievement : null;
  if (!id || !validFrom || !issuerId || !achievement || !text(achievement.name)) {
    throw new Error('The credential lacks its id, issuer, validFrom or achievement.');
  }
  const identifiers = asArray(subject!.identifier).filter(isObject);
  const name = identifiers.find((i) => i.identityType === 'name' && i.hashed === false);
  const hours = achievement.estimatedStudyHours;
  return {
    credentialId: id,
    certificateId: certificateIdFrom(id),
    holderName: name ? text(name.identityHash) : null,
    hasHashedEmail: identifiers.some((i) => i.identityType === 'emailAddress' && i.hashed === true),
    achievementName: text(achievement.name)!,
    achievementType: text(achievement.achievementType),
    achievementDescription: text(achievement.description),
    studyHours: typeof hours === 'number' && Number.isFinite(hours) && hours >= 0 ? hours : null,
    issuerId,
    issuerName: text(issuer.name),
    issuerUrl: text(issuer.url),
    awardedDate: text(payload.awardedDate),
    validFrom,
  };
}

function certificateIdFrom(credentialId: string): string | null {
  try {
    const url = new URL(credentialId);
    const match = /^\/verify\/([^/]+)$/.exec(url.pathname);
    return match ? decodeURIComponent(match[1]!) : null;
  } catch {
    return null;
  }
}

/**
 * Open Badges' IdentityHash of an email: "sha256$" and the hex SHA-256 of the address
 * followed by the salt. Lets someone who knows the holder's email confirm it is theirs.
 */
export async function identityHash(identity: string, salt: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(identity + salt));
  return `sha256$${Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Whether `email` is the one hashed into the credential's subject. */
export async function credentialNamesEmail(payload: unknown, email: string): Promise<boolean> {
  if (!isObject(payload) || !isObject(payload.credentialSubject)) return false;
  for (const identifier of asArray(payload.credentialSubject.identifier).filter(isObject)) {
    if (identifier.identityType !== 'emailAddress' || identifier.hashed !== true) continue;
    const salt = text(identifier.salt) ?? '';
    if ((await identityHash(email.trim().toLowerCase(), salt)) === identifier.identityHash) return true;
  }
  return false;
}
