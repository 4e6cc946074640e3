import type { GetCertificatesQuery, VerifyCertificateQuery } from '../gql/graphql';
import { CheckScoreFields, type CheckScore } from './course-api';
import { fieldQuery, gql, graphql, withFragments } from './graphql';
import { queryKeys } from './query-keys';

/**
 * One of the learner's certificates: `module_id` is null for the full-course one;
 * `knowledge_checks` is null without questions, `labs_solved` unless the holder chose to
 * show their evidence; `credential_url` is the signed Open Badges credential (VC-JWT).
 */
export type Certificate = GetCertificatesQuery['certificates'][number];

/**
 * A certificate as anyone may check it: `kind` is "module" or "course"; `credential_check`
 * is the server's check of its signed credential, null once revoked.
 */
export type PublicCertificate = NonNullable<VerifyCertificateQuery['verifyCertificate']>;

/** The server's check of a certificate's signed credential against its published keys and status list. */
export type CredentialCheckResult = NonNullable<PublicCertificate['credential_check']>;

/** "4 of 6 right at the first attempt", the knowledge-check line of a certificate. */
export function checkScoreText(score: CheckScore): string {
  // "0 of 24" would read as a failed test: checks never tried were simply not attempted.
  if (score.answered === 0) return 'not attempted';
  return `${score.first_time_right} of ${score.total} right at the first attempt`;
}

export function labsSolvedText(labs: { solved: number; total: number }): string {
  return `${labs.solved} of ${labs.total}`;
}

const GetCertificates = withFragments(
  graphql(`
    query GetCertificates {
      certificates {
        certificate_id
        module_id
        title
        holder_name
        completed_at
        verify_url
        image_url
        file_name
        credential_url
        credential_eddsa_url
        study_hours
        issuer_name
        linkedin_url
        knowledge_checks {
          ...CheckScoreFields
        }
        labs_solved {
          solved
          total
        }
      }
    }
  `),
  CheckScoreFields,
);

export async function fetchCertificates(): Promise<Certificate[]> {
  return (await gql(GetCertificates)).certificates;
}

const VerifyCertificate = withFragments(
  graphql(`
    query VerifyCertificate($id: String!) {
      verifyCertificate(certificate_id: $id) {
        certificate_id
        holder_name
        title
        kind
        completed_at
        revoked_at
        study_hours
        issuer_name
        issuer_url
        credential_check {
          signature_valid
          key_id
          status
        }
        knowledge_checks {
          ...CheckScoreFields
        }
        labs_solved {
          solved
          total
        }
      }
    }
  `),
  CheckScoreFields,
);

/**
 * A certificate as anyone may check it, kept for five minutes: the server renders
 * `/verify/<id>` with it, and every lookup spends the visitor's lookup budget.
 */
export function verifyQuery(id: string) {
  return fieldQuery(queryKeys.verify(id), VerifyCertificate, { id }, 'verifyCertificate', 5 * 60_000);
}
