import { isModuleId } from '@ehc/common';
import { linkedInAddToProfileUrl } from '@ehc/common/credentials';
import { certificateFileName, certificateTitle, verifyUrl, type CertificateRow } from './certificate-service';

/** A certificate as its holder sees it. */
export interface CertificateView {
  certificateId: string;
  /** Internal (not in the API): whose certificate, and for what — for the knowledge-check score. */
  userRef: string;
  scope: string;
  moduleId: string | null;
  title: string;
  holderName: string;
  completedAt: number;
  verifyUrl: string;
  imageUrl: string;
  fileName: string;
  /** The signed Open Badges credential (VC-JWT) as a file, for its holder. */
  credentialUrl: string;
  /** The same credential signed with Ed25519 (EdDSA) instead of RS256 (docs/decisions/0035). */
  credentialEddsaUrl: string;
  studyHours: number;
  issuerName: string;
  /** LinkedIn's "Add to profile" form, filled in with this certification. */
  linkedInUrl: string;
}

/** What every certificate view adds from outside the row: the seller's name and the study hours. */
export interface CertificateContext {
  issuerName: string;
  studyHours: number;
}

/** What anyone may learn from a certificate id: no email, no phone. */
export interface PublicCertificateView {
  certificateId: string;
  /** Internal (not in the API), as in CertificateView. */
  userRef: string;
  scope: string;
  holderName: string;
  title: string;
  kind: 'module' | 'course';
  completedAt: number;
  /** When the certificate was withdrawn (its holder deleted their account, or the seller revoked it). */
  revokedAt: number | null;
  studyHours: number;
  issuerName: string;
  issuerUrl: string;
}

export function presentCertificate(
  row: CertificateRow,
  holderEmail: string,
  appOrigin: string,
  context: CertificateContext,
): CertificateView {
  const title = certificateTitle(row.scope);
  const publicUrl = verifyUrl(appOrigin, row.certificate_id);
  const path = `/certificates/${encodeURIComponent(row.certificate_id)}`;
  return {
    certificateId: row.certificate_id,
    userRef: row.user_ref,
    scope: row.scope,
    moduleId: isModuleId(row.scope) ? row.scope : null,
    title,
    holderName: row.holder_name,
    completedAt: row.completed_at,
    verifyUrl: publicUrl,
    imageUrl: `${path}.png`,
    fileName: certificateFileName(holderEmail),
    credentialUrl: `${path}/credential.jwt`,
    credentialEddsaUrl: `${path}/credential-eddsa.jwt`,
    studyHours: context.studyHours,
    issuerName: context.issuerName,
    linkedInUrl: linkedInAddToProfileUrl({
      name: title,
      organizationName: context.issuerName,
      issuedAt: new Date(row.completed_at),
      certUrl: publicUrl,
      certId: row.certificate_id,
    }),
  };
}

export function presentPublicCertificate(
  row: CertificateRow,
  context: CertificateContext & { issuerUrl: string },
): PublicCertificateView {
  return {
    certificateId: row.certificate_id,
    userRef: row.user_ref,
    scope: row.scope,
    holderName: row.holder_name,
    title: certificateTitle(row.scope),
    kind: isModuleId(row.scope) ? 'module' : 'course',
    completedAt: row.completed_at,
    revokedAt: row.revoked_at,
    studyHours: context.studyHours,
    issuerName: context.issuerName,
    issuerUrl: context.issuerUrl,
  };
}
