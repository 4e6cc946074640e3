import { createHash } from 'node:crypto';
import { COURSE_NAME, MODULE_COUNT } from '@ehc/common';
import {
  OB_CONTEXT,
  OB_EXTENSIONS_CONTEXT,
  OB_SCHEMA_ID,
  VC_CONTEXT,
  termsContextUrl,
  type IssuerProfile,
  type OpenBadgeCredential,
} from '@ehc/common/credentials';
import { FULL_SCOPE, certificateTitle, verifyUrl } from '../certificates/certificate-service';
import type { Catalogue } from '../courses/catalogue';
import { studyHours } from './study-hours';

/** Everything about one certificate that its credential states. */
export interface CredentialFacts {
  certificateId: string;
  /** A module id, or "FULL". */
  scope: string;
  holderName: string;
  /** The holder's email: only its salted hash goes into the credential. */
  holderEmail: string;
  completedAt: number;
  /** When this version was issued (validFrom): the completion, or the latest reissue. */
  issuedAt: number;
  identitySalt: string;
  subjectId: string;
  statusList: number;
  statusIndex: number;
}

/**
 * The JSON-LD context of the terms Open Badges lacks (served at termsContextUrl). Published
 * once and never changed: a new term means a new context (v2), so credentials already signed
 * keep their meaning. `@protected` stops a later context from redefining the term.
 */
export function termsContext(appOrigin: string) {
  return {
    '@context': {
      '@protected': true,
      estimatedStudyHours: {
        '@id': `${termsContextUrl(appOrigin)}#estimatedStudyHours`,
        '@type': 'http://www.w3.org/2001/XMLSchema#decimal',
      },
    },
  };
}

/** Who issues: the seller, from the business settings, at the app's origin. */
export interface IssuerFacts {
  appOrigin: string;
  legalName: string;
  supportEmail: string;
  supportPhone: string | null;
}

export const issuerId = (appOrigin: string) => `${appOrigin}/credentials/issuer`;
export const statusListUrl = (appOrigin: string, list: number) => `${appOrigin}/credentials/status/${list}`;
export const achievementId = (appOrigin: string, scope: string) =>
  `${appOrigin}/credentials/achievements/${encodeURIComponent(scope === FULL_SCOPE ? 'full-course' : scope)}`;

/** The issuer's Open Badges Profile (also served at its id, /credentials/issuer). */
export function issuerProfile(issuer: IssuerFacts): IssuerProfile {
  return {
    id: issuerId(issuer.appOrigin),
    type: ['Profile'],
    name: issuer.legalName,
    url: issuer.appOrigin,
    email: issuer.supportEmail,
    ...(issuer.supportPhone ? { phone: issuer.supportPhone } : {}),
  };
}

/**
 * JWT times are whole seconds, and Open Badges requires `nbf` to equal `validFrom`
 * exactly, so credential times drop their milliseconds.
 */
export function credentialTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Open Badges' IdentityHash: "sha256$" + hex SHA-256 of the identity followed by the salt. */
export function identityHash(identity: string, salt: string): string {
  return `sha256$${createHash('sha256')
    .update(identity + salt)
    .digest('hex')}`;
}

/** The Open Badges Achievement of a scope (also served at its id, /credentials/achievements/<id>). */
export function buildAchievement(scope: string, issuer: IssuerFacts, catalogue: Catalogue) {
  const full = scope === FULL_SCOPE;
  const title = certificateTitle(scope);
  const hours = studyHours(catalogue, scope);
  const module = full ? null : catalogue.module(scope);
  const lessons = full ? catalogue.lessonCount : (module?.lessons.length ?? 0);
  const hoursText = `Estimated study time: ${hours} ${hours === 1 ? 'hour' : 'hours'}.`;
  const recorded = 'Lessons are marked complete by the learner as they study them; the server records each completion.';
  return {
    id: achievementId(issuer.appOrigin, scope),
    type: ['Achievement'] as ['Achievement'],
    achievementType: 'CertificateOfCompletion' as const,
    name: title,
    description: `${full ? `The complete ${COURSE_NAME} course: every module, from WiFi hacking to cryptography.` : (module?.description ?? title)} ${hoursText}`,
    criteria: {
      narrative: full
        ? `Complete every one of the ${lessons} lessons of all ${MODULE_COUNT} modules. ${recorded} ${hoursText}`
        : `Complete every one of the ${lessons} lessons of the module. ${recorded} ${hoursText}`,
    },
    fieldOfStudy: 'Cybersecurity',
    inLanguage: 'en',
    creator: issuerProfile(issuer),
    estimatedStudyHours: hours,
    // The knowledge-check score is not in the credential yet: it can still grow after the
    // certificate is issued (a learner may answer later), and /verify shows it live. Putting
    // it in would mean an Open Badges Result in credentialSubject.result and a
    // resultDescription here.
  };
}

/**
 * The certificate as an Open Badges 3.0 OpenBadgeCredential (unsigned). A function of its
 * inputs only, so signing it again gives the same bytes (Ed25519 signatures are deterministic).
 */
export function buildCredential(
  facts: CredentialFacts,
  issuer: IssuerFacts,
  catalogue: Catalogue,
): OpenBadgeCredential {
  const full = facts.scope === FULL_SCOPE;
  const title = certificateTitle(facts.scope);
  const listUrl = statusListUrl(issuer.appOrigin, facts.statusList);
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT, OB_EXTENSIONS_CONTEXT, termsContextUrl(issuer.appOrigin)],
    id: verifyUrl(issuer.appOrigin, facts.certificateId),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${full ? COURSE_NAME : title}: certificate of completion`,
    description: full
      ? `Awarded for completing all ${MODULE_COUNT} modules of the ${COURSE_NAME} course. Certificate ${facts.certificateId}.`
      : `Awarded for completing the ${title} module of the ${COURSE_NAME} course. Certificate ${facts.certificateId}.`,
    issuer: issuerProfile(issuer),
    validFrom: credentialTime(facts.issuedAt),
    awardedDate: credentialTime(facts.completedAt),
    credentialSubject: {
      id: facts.subjectId,
      type: ['AchievementSubject'],
      activityEndDate: credentialTime(facts.completedAt),
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: facts.holderName },
        {
          type: 'IdentityObject',
          identityType: 'emailAddress',
          hashed: true,
          identityHash: identityHash(facts.holderEmail, facts.identitySalt),
          salt: facts.identitySalt,
        },
      ],
      achievement: buildAchievement(facts.scope, issuer, catalogue),
    },
    credentialStatus: {
      id: `${listUrl}#${facts.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(facts.statusIndex),
      statusListCredential: listUrl,
    },
    credentialSchema: [{ id: OB_SCHEMA_ID, type: '1EdTechJsonSchemaValidator2019' }],
  };
}
