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
}

export interface PublicCertificate {
  certificate_id: string;
  holder_name: string;
  title: string;
  kind: 'module' | 'course';
  completed_at: string;
  /** Set once the certificate was revoked (for example, its holder deleted the account). */
  revoked_at: string | null;
}

export async function fetchCertificates(): Promise<Certificate[]> {
  const data = await gql<{ certificates: Certificate[] }>(
    'GetCertificates',
    `query GetCertificates { certificates { certificate_id module_id title holder_name completed_at verify_url image_url file_name } }`,
  );
  return data.certificates;
}

export async function verifyCertificate(id: string): Promise<PublicCertificate | null> {
  const data = await gql<{ verifyCertificate: PublicCertificate | null }>(
    'VerifyCertificate',
    `query VerifyCertificate($id: String!) { verifyCertificate(certificate_id: $id) { certificate_id holder_name title kind completed_at revoked_at } }`,
    { id },
  );
  return data.verifyCertificate;
}
