import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { checkScoreText, labsSolvedText, fetchCertificates } from '../lib/certificate-api';
import { queryKeys } from '../lib/query-keys';
import { Dialog } from './Dialog';
import { ErrorPanel } from './ErrorPanel';

/**
 * A certificate's day as the certificate image prints it: in India, whatever the reader's
 * time zone, and the same on the server that renders `/verify/<id>` as in the browser.
 */
export const certificateDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

interface CertificateDialogProps {
  /** The module whose certificate to show, or null for the full-course certificate. */
  moduleId: string | null;
  /** Titles of the modules the learner has completed. */
  completedModules: string[];
  onBack(): void;
}

/**
 * The certificate screen (spec §2): the certificate, what it covers, Preview and Download;
 * then sharing it: LinkedIn's add-to-profile form, the verification link, and the signed
 * credential file (docs/credentials.md), which the downloaded image also carries inside.
 */
export function CertificateDialog({ moduleId, completedModules, onBack }: CertificateDialogProps) {
  const certificates = useQuery({
    queryKey: queryKeys.certificates,
    queryFn: fetchCertificates,
    // Asked afresh each time the screen opens (a certificate may just have been issued),
    // with "Loading..." meanwhile rather than the list from the last time.
    gcTime: 0,
  });
  const certificate = certificates.data?.find((c) => c.module_id === moduleId);

  return (
    <Dialog label="Certificate" onClose={onBack}>
      <div className="mx-auto w-full max-w-3xl p-3 sm:p-4">
        <section className="rounded-3xl border border-slate-700 bg-slate-900 p-5 shadow-2xl sm:p-7">
          {certificates.status === 'error' && <ErrorPanel onRetry={() => void certificates.refetch()} />}
          {certificates.status === 'pending' && <p className="py-16 text-center text-slate-400">Loading...</p>}
          {certificates.status === 'success' && !certificate && (
            <p className="py-10 text-center text-slate-300">
              This certificate is being issued. Please try again in a moment.
            </p>
          )}
          {certificate && (
            <>
              <h2 className="text-xl font-extrabold text-white sm:text-2xl">Your certificate: {certificate.title}</h2>
              <img
                src={certificate.image_url}
                alt={`Certificate of completion for ${certificate.holder_name}: ${certificate.title}`}
                width={1200}
                height={850}
                className="mt-4 h-auto w-full rounded-lg border border-slate-700 bg-white"
              />
              <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-400">Awarded to</dt>
                  <dd className="font-semibold text-white">{certificate.holder_name}</dd>
                </div>
                <div>
                  <dt className="text-slate-400">Completed on</dt>
                  <dd className="font-semibold text-white">
                    {certificateDate.format(new Date(certificate.completed_at))}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-400">{moduleId ? 'Module' : 'Course'}</dt>
                  <dd className="font-semibold text-white">{certificate.title}</dd>
                </div>
                {certificate.knowledge_checks && (
                  <div>
                    <dt className="text-slate-400">Knowledge checks</dt>
                    <dd className="font-semibold text-white">{checkScoreText(certificate.knowledge_checks)}</dd>
                  </div>
                )}
                {certificate.labs_solved && (
                  <div>
                    <dt className="text-slate-400">Labs solved</dt>
                    <dd className="font-semibold text-white">{labsSolvedText(certificate.labs_solved)}</dd>
                  </div>
                )}
                <div>
                  <dt className="text-slate-400">Certificate ID</dt>
                  <dd className="font-mono text-xs break-all text-slate-200">{certificate.certificate_id}</dd>
                </div>
                <div>
                  <dt className="text-slate-400">Estimated study time</dt>
                  <dd className="font-semibold text-white">
                    {certificate.study_hours} {certificate.study_hours === 1 ? 'hour' : 'hours'}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-400">Issued by</dt>
                  <dd className="font-semibold text-white">{certificate.issuer_name}</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="text-slate-400">Completed modules</dt>
                  <dd className="text-slate-200">{completedModules.join(' · ') || '—'}</dd>
                </div>
              </dl>
              <p className="mt-3 text-xs text-slate-400">
                Anyone can check it at{' '}
                <a
                  href={certificate.verify_url}
                  className="text-emerald-300 underline"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {certificate.verify_url}
                </a>
              </p>
              <ShareRow
                linkedInUrl={certificate.linkedin_url}
                verifyUrl={certificate.verify_url}
                credentialUrl={certificate.credential_url}
                credentialFileName={`${certificate.certificate_id}.jwt`}
                credentialEddsaUrl={certificate.credential_eddsa_url}
              />
            </>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            {certificate && (
              <>
                <button
                  type="button"
                  onClick={() => window.open(certificate.image_url, '_blank', 'noopener')}
                  className="rounded-xl border border-emerald-500/60 px-5 py-2.5 font-semibold text-emerald-300 hover:bg-emerald-500/10"
                >
                  Preview
                </button>
                <a
                  href={`${certificate.image_url}?download=1`}
                  download={certificate.file_name}
                  className="rounded-xl bg-emerald-500 px-5 py-2.5 font-semibold text-slate-950 hover:bg-emerald-400"
                >
                  Download
                </a>
              </>
            )}
            <button
              type="button"
              onClick={onBack}
              className="ml-auto rounded-xl border border-slate-700 px-5 py-2.5 font-semibold text-slate-200 hover:bg-slate-800"
            >
              Back to Dashboard
            </button>
          </div>
        </section>
      </div>
    </Dialog>
  );
}

const shareLinkStyle =
  'inline-flex min-h-11 items-center justify-center rounded-xl border border-slate-600 px-4 py-2 text-sm font-semibold text-slate-100 hover:border-slate-400 hover:bg-slate-800';

/** Add to LinkedIn, Copy link, and the signed credential file. */
function ShareRow(props: {
  linkedInUrl: string;
  verifyUrl: string;
  credentialUrl: string;
  credentialFileName: string;
  credentialEddsaUrl: string;
}) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(props.verifyUrl);
      setCopy('copied');
    } catch {
      // No clipboard (permission refused, or an old browser): show the link selected instead.
      setCopy('manual');
    }
  };
  return (
    <div className="mt-4 border-t border-slate-800 pt-4">
      <div className="flex flex-wrap gap-2">
        <a href={props.linkedInUrl} target="_blank" rel="noopener noreferrer" className={shareLinkStyle}>
          Add to LinkedIn
        </a>
        <button type="button" onClick={() => void copyLink()} className={shareLinkStyle}>
          Copy link
        </button>
        <a href={props.credentialUrl} download={props.credentialFileName} className={shareLinkStyle}>
          Signed credential (.jwt)
        </a>
      </div>
      <p className="mt-2 text-xs text-slate-400">
        The image and the .jwt file are signed with RS256, which every Open Badges verifier accepts.{' '}
        <a href={props.credentialEddsaUrl} download className="text-emerald-300 underline">
          Ed25519-signed copy (.jwt)
        </a>
      </p>
      <p role="status" className="mt-2 min-h-5 text-xs text-emerald-300">
        {copy === 'copied' ? 'Link copied.' : ''}
      </p>
      {copy === 'manual' && (
        <label className="mt-1 block text-xs text-slate-300">
          Copy this link:
          <input
            readOnly
            value={props.verifyUrl}
            ref={(input) => input?.select()}
            className="mt-1 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 font-mono text-xs text-slate-100"
          />
        </label>
      )}
      <p className="mt-1 text-xs text-slate-400">
        The signed credential is an Open Badges 3.0 file anyone can check without asking us; the downloaded image
        carries the same credential inside it.
      </p>
    </div>
  );
}
