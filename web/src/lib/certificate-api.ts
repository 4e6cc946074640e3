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
}

export interface PublicCertificate {
  certificate_id: string;
  holder_name: string;
  title: string;
  kind: 'module' | 'course';
  completed_at: string;
  /** Set once the certificate was revoked (for example, its holder deleted the account). */
  revoked_at: string | null;
  /** Null when revoked or without questions. */
  knowledge_checks: CheckScore | null;
}

/** "4 of 6 right at the first attempt", the knowledge-check line of a certificate. */
export function checkScoreText(score: CheckScore): string {
  return `${score.first_time_right} of ${score.total} right at the first attempt`;
}

export async function fetchCertificates(): Promise<Certificate[]> {
  const data = await gql<{ certificates: Certificate[] }>(
    'GetCertificates',
    `query GetCertificates { certificates { certificate_id module_id title holder_name completed_at verify_url image_url file_name knowledge_checks { total answered first_time_right } } }`,
  );
  return data.certificates;
}

export async function verifyCertificate(id: string): Promise<PublicCertificate | null> {
  const data = await gql<{ verifyCertificate: PublicCertificate | null }>(
    'VerifyCertificate',
    `query VerifyCertificate($id: String!) { verifyCertificate(certificate_id: $id) { certificate_id holder_name title kind completed_at revoked_at knowledge_checks { total answered first_time_right } } }`,
    { id },
  );
  return data.verifyCertificate;
}
