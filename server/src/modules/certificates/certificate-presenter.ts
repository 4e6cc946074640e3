import { isModuleId } from '@ehc/common';
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
}

export function presentCertificate(row: CertificateRow, holderEmail: string, appOrigin: string): CertificateView {
  return {
    certificateId: row.certificate_id,
    userRef: row.user_ref,
    scope: row.scope,
    moduleId: isModuleId(row.scope) ? row.scope : null,
    title: certificateTitle(row.scope),
    holderName: row.holder_name,
    completedAt: row.completed_at,
    verifyUrl: verifyUrl(appOrigin, row.certificate_id),
    imageUrl: `/certificates/${encodeURIComponent(row.certificate_id)}.png`,
    fileName: certificateFileName(holderEmail),
  };
}

export function presentPublicCertificate(row: CertificateRow): PublicCertificateView {
  return {
    certificateId: row.certificate_id,
    userRef: row.user_ref,
    scope: row.scope,
    holderName: row.holder_name,
    title: certificateTitle(row.scope),
    kind: isModuleId(row.scope) ? 'module' : 'course',
    completedAt: row.completed_at,
    revokedAt: row.revoked_at,
  };
}
