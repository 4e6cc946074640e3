import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@ehc/common';
import { useParams } from 'react-router';
import { certificateDate } from '../../components/CertificateDialog';
import { ErrorPanel } from '../../components/ErrorPanel';
import { SiteFooter } from '../../components/SiteFooter';
import { SiteHeader } from '../../components/SiteHeader';
import { checkScoreText, labsSolvedText, verifyQuery, type PublicCertificate } from '../../lib/certificate-api';
import { ApiError } from '../../lib/graphql';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CredentialFileCheck } from './CredentialFileCheck';

function pageTitle(status: 'pending' | 'error' | 'success', certificate: PublicCertificate | null | undefined): string {
  if (certificate?.revoked_at) return 'Certificate revoked';
  if (certificate) return `Certificate: ${certificate.holder_name} · ${certificate.title}`;
  return status === 'success' ? 'Certificate not found' : 'Verify a certificate';
}

/**
 * `/verify/:certificateId`: public, and shows only what a certificate claims, with the check
 * of its signed credential. `/verify` and the foot of every lookup: check a credential file.
 */
export function VerifyPage() {
  const { certificateId } = useParams();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 pb-16 sm:px-6">
        <h1 className="text-2xl font-extrabold text-white">Certificate verification</h1>
        {certificateId ? <Lookup certificateId={certificateId} /> : <Intro />}
        <CredentialFileCheck />
      </main>
      <SiteFooter />
    </div>
  );
}

function Intro() {
  useDocumentTitle('Verify a certificate');
  return (
    <p className="mt-4 text-slate-300">
      Every certificate has a verification link printed on it (and in its QR code). Open it to see whether the
      certificate stands, or check the file you were given below.
    </p>
  );
}

function Lookup({ certificateId }: { certificateId: string }) {
  const result = useQuery(verifyQuery(certificateId).options);
  const certificate = result.data;
  // The server fills the same titles into the HTML for link previews (http/web-app.ts).
  useDocumentTitle(pageTitle(result.status, certificate));
  const rateLimited =
    result.status === 'error' && result.error instanceof ApiError && result.error.code === 'RATE_LIMITED';
  return (
    <>
      {result.status === 'pending' && (
        // About the height of a valid certificate's panel (without the evidence rows, which
        // only learners who chose to show them have), so the file check below does not jump
        // down the page when the answer arrives.
        <p className="mt-8 min-h-[41.5rem] text-slate-300 sm:min-h-[25rem]">Loading...</p>
      )}
      {rateLimited && (
        <p role="alert" className="mt-8 rounded-2xl border border-amber-700 bg-amber-950/40 p-6 text-amber-100">
          {MESSAGES.rateLimited}
        </p>
      )}
      {result.status === 'error' && !rateLimited && <ErrorPanel onRetry={() => void result.refetch()} />}
      {result.status === 'success' && !certificate && <NotFoundPanel certificateId={certificateId} />}
      {certificate?.revoked_at && <RevokedPanel certificate={certificate} revokedAt={certificate.revoked_at} />}
      {certificate && !certificate.revoked_at && <ValidPanel certificate={certificate} />}
    </>
  );
}

function NotFoundPanel({ certificateId }: { certificateId: string }) {
  return (
    <section className="mt-8 rounded-2xl border border-rose-800 bg-rose-950/40 p-6">
      <p className="text-xl font-bold text-rose-200">Certificate not found</p>
      <p className="mt-2 text-slate-300">
        No certificate has the id <span className="font-mono break-all">{certificateId}</span>. Check that the link was
        copied completely.
      </p>
    </section>
  );
}

/** A revoked certificate attests nothing: no holder, only that it existed and when it stopped counting. */
function RevokedPanel({ certificate, revokedAt }: { certificate: PublicCertificate; revokedAt: string }) {
  return (
    <section className="mt-8 rounded-2xl border border-amber-700 bg-amber-950/40 p-6">
      <p className="text-xl font-bold text-amber-200">Certificate revoked</p>
      <p className="mt-2 text-slate-200">
        This certificate was revoked on {certificateDate.format(new Date(revokedAt))} and no longer attests a
        completion.
      </p>
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-400">{certificate.kind === 'course' ? 'Course' : 'Module'}</dt>
          <dd className="text-lg font-semibold text-white">{certificate.title}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-400">Certificate ID</dt>
          <dd className="font-mono text-sm break-all text-slate-200">{certificate.certificate_id}</dd>
        </div>
      </dl>
    </section>
  );
}

function ValidPanel({ certificate }: { certificate: PublicCertificate }) {
  const hours = certificate.study_hours;
  return (
    <section className="mt-8 rounded-2xl border border-emerald-700 bg-emerald-950/40 p-6">
      <p className="text-xl font-bold text-emerald-300">✓ Valid certificate</p>
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-400">Awarded to</dt>
          <dd className="text-lg font-semibold text-white">{certificate.holder_name}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-400">{certificate.kind === 'course' ? 'Course' : 'Module'}</dt>
          <dd className="text-lg font-semibold text-white">{certificate.title}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-400">Completed on</dt>
          <dd className="text-lg font-semibold text-white">
            {certificateDate.format(new Date(certificate.completed_at))}
          </dd>
        </div>
        {certificate.knowledge_checks && (
          <div>
            <dt className="text-sm text-slate-400">Knowledge checks</dt>
            <dd className="text-lg font-semibold text-white">{checkScoreText(certificate.knowledge_checks)}</dd>
          </div>
        )}
        {certificate.labs_solved && (
          <div>
            <dt className="text-sm text-slate-400">Labs solved</dt>
            <dd className="text-lg font-semibold text-white" data-testid="verify-labs">
              {labsSolvedText(certificate.labs_solved)}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-sm text-slate-400">Estimated study time</dt>
          <dd className="text-lg font-semibold text-white">
            {hours} {hours === 1 ? 'hour' : 'hours'}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-400">Issued by</dt>
          <dd className="text-lg font-semibold text-white">
            {certificate.issuer_name}{' '}
            <span className="block text-sm font-normal break-all text-slate-400">{certificate.issuer_url}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-400">Certificate ID</dt>
          <dd className="font-mono text-sm break-all text-slate-200">{certificate.certificate_id}</dd>
        </div>
      </dl>
      <SignatureLine certificate={certificate} />
    </section>
  );
}

/** What the server found when it checked the certificate's signed credential as a verifier would. */
function SignatureLine({ certificate }: { certificate: PublicCertificate }) {
  const check = certificate.credential_check;
  if (!check) return null;
  if (!check.signature_valid || check.status !== 'active') {
    return (
      <p className="mt-5 rounded-xl border border-amber-700 p-3 text-sm text-amber-100">
        The signed credential of this certificate could not be confirmed just now. Check the credential file itself
        below, or ask {certificate.issuer_name}.
      </p>
    );
  }
  return (
    <p className="mt-5 text-sm text-slate-300">
      ✓ Signature checked: its signed credential verifies against the published key{' '}
      <span className="font-mono text-xs break-all text-slate-400">{check.key_id}</span> and is not revoked.
    </p>
  );
}
