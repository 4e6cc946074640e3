import { useParams } from 'react-router';
import { certificateDate } from '../../components/CertificateDialog';
import { ErrorPanel } from '../../components/ErrorPanel';
import { SiteFooter } from '../../components/SiteFooter';
import { checkScoreText, verifyCertificate, type PublicCertificate } from '../../lib/certificate-api';
import { useAsync } from '../../lib/use-async';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SiteHeader } from '../../components/SiteHeader';

function pageTitle(status: string, certificate: PublicCertificate | null | undefined): string {
  if (certificate?.revoked_at) return 'Certificate revoked';
  if (certificate) return `Certificate: ${certificate.holder_name} · ${certificate.title}`;
  return status === 'ready' ? 'Certificate not found' : 'Verify a certificate';
}

/** `/verify/:certificateId`: public, and shows only what a certificate claims. */
export function VerifyPage() {
  const { certificateId = '' } = useParams();
  const result = useAsync(() => verifyCertificate(certificateId), certificateId);
  const certificate = result.data;
  // The server fills the same titles into the HTML for link previews (http/web-app.ts).
  useDocumentTitle(pageTitle(result.status, certificate));

  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-6 pb-16">
        <h1 className="text-2xl font-extrabold text-white">Certificate verification</h1>
        {result.status === 'loading' && <p className="mt-8 text-slate-300">Loading...</p>}
        {result.status === 'error' && <ErrorPanel onRetry={result.reload} />}
        {result.status === 'ready' && !certificate && <NotFoundPanel certificateId={certificateId} />}
        {certificate?.revoked_at && <RevokedPanel certificate={certificate} revokedAt={certificate.revoked_at} />}
        {certificate && !certificate.revoked_at && <ValidPanel certificate={certificate} />}
      </main>
      <SiteFooter />
    </div>
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
        <div>
          <dt className="text-sm text-slate-400">Certificate ID</dt>
          <dd className="font-mono text-sm break-all text-slate-200">{certificate.certificate_id}</dd>
        </div>
      </dl>
    </section>
  );
}
