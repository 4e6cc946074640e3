import type { CheckScore } from './course-api';
import { gql } from './graphql';

export interface Certificate {
  certificate_id: string;
  /** Null for the full-course certificate. */
  module_id: string | null;
  title: string;
  holder_name: string;
  completed_at: string;
  verify_url: string;
  image_url: string;
  file_name: string;
  /** The module's (or the course's) knowledge checks; null without questions. */
  knowledge_checks: CheckScore | null;
  /** Shown only when the holder chose to show their evidence. */
  labs_solved: { solved: number; total: number } | null;
  /** The signed Open Badges credential (VC-JWT) as a file. */
  credential_url: string;
  credential_eddsa_url: string;
  study_hours: number;
  issuer_name: string;
  /** LinkedIn's add-to-profile form, filled in. */
  linkedin_url: string;
}

/** The server's check of a certificate's signed credential against its published keys and status list. */
export interface CredentialCheckResult {
  signature_valid: boolean;
  key_id: string | null;
  status: 'active' | 'revoked' | 'unknown';
}

export interface PublicCertificate {
  certificate_id: string;
  holder_name: string;
  title: string;
  kind: 'module' | 'course';
  completed_at: string;
  /** Set once the certificate was revoked (for example, its holder deleted the account). */
  revoked_at: string | null;
  study_hours: number;
  issuer_name: string;
  issuer_url: string;
  /** Null for a revoked certificate. */
  credential_check: CredentialCheckResult | null;
  /** Null when revoked or without questions. */
  knowledge_checks: CheckScore | null;
  /** Shown only when the holder chose to show their evidence. */
  labs_solved: { solved: number; total: number } | null;
}

/** "4 of 6 right at the first attempt", the knowledge-check line of a certificate. */
export function checkScoreText(score: CheckScore): string {
  // "0 of 24" would read as a failed test: checks never tried were simply not attempted.
  if (score.answered === 0) return 'not attempted';
  return `${score.first_time_right} of ${score.total} right at the first attempt`;
}

export function labsSolvedText(labs: { solved: number; total: number }): string {
  return `${labs.solved} of ${labs.total}`;
}

export async function fetchCertificates(): Promise<Certificate[]> {
  const data = await gql<{ certificates: Certificate[] }>(
    'GetCertificates',
    `query GetCertificates { certificates { certificate_id module_id title holder_name completed_at verify_url image_url file_name credential_url credential_eddsa_url study_hours issuer_name linkedin_url knowledge_checks { total answered first_time_right } labs_solved { solved total } } }`,
  );
  return data.certificates;
}

export async function verifyCertificate(id: string): Promise<PublicCertificate | null> {
  const data = await gql<{ verifyCertificate: PublicCertificate | null }>(
    'VerifyCertificate',
    `query VerifyCertificate($id: String!) { verifyCertificate(certificate_id: $id) { certificate_id holder_name title kind completed_at revoked_at study_hours issuer_name issuer_url credential_check { signature_valid key_id status } knowledge_checks { total answered first_time_right } labs_solved { solved total } } }`,
    { id },
  );
  return data.verifyCertificate;
}
