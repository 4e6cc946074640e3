import { useState, type FormEvent } from 'react';
import type { CredentialCheck } from '@ehc/common/credentials';
import { buttonStyles } from '../../components/button-styles';
import { TextAreaField } from '../../components/TextAreaField';
import { certificateDate } from '../../components/CertificateDialog';
import { useHydrated } from '../../lib/use-hydrated';

type Outcome =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'unreadable'; message: string }
  | { state: 'checked'; result: CredentialCheck };

/**
 * Checks a credential someone was given (a baked certificate PNG, a .jwt file, or pasted
 * text) in this browser, against this site's published keys and status list only; the
 * certificate table is never asked and the file never leaves the browser
 * (docs/decisions/0011). The same code runs in `npm run verify-credential`.
 */
export function CredentialFileCheck() {
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const hydrated = useHydrated();

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome({ state: 'checking' });
    // The JOSE library loads only when someone checks a file.
    const credentials = await import('@ehc/common/credentials');
    let jwt: string;
    try {
      const bytes = file ? new Uint8Array(await file.arrayBuffer()) : new TextEncoder().encode(pasted);
      jwt = credentials.credentialFromFile(bytes);
    } catch (error) {
      setOutcome({ state: 'unreadable', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    try {
      const jwks = await fetchText('/.well-known/jwks.json');
      const result = await credentials.checkCredential(jwt, {
        jwks: JSON.parse(jwks),
        // This page checks this site's credentials, with this site's keys.
        issuer: window.location.origin,
        loadStatusList: async (url) => {
          // Only this site's lists: a credential must not make the page contact another site.
          if (new URL(url).origin !== window.location.origin) {
            throw new Error(`the list is on another site (${new URL(url).origin})`);
          }
          return fetchText(url);
        },
      });
      setOutcome({ state: 'checked', result });
    } catch (error) {
      console.warn('credential check failed', error);
      setOutcome({ state: 'unreadable', message: 'The published keys could not be fetched. Please try again.' });
    }
  };

  return (
    <section
      aria-labelledby="file-check"
      className="mt-10 rounded-2xl border border-slate-700 bg-slate-900/60 p-5 sm:p-6"
    >
      <h2 id="file-check" className="text-xl font-bold text-white">
        Check a credential file
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        Were you given a certificate image (PNG) or a signed credential (.jwt)? Check it here. Your browser verifies its
        signature against this site’s published keys and its revocation list; the file is not uploaded.
      </p>
      <noscript>
        <p className="mt-4 text-sm text-amber-200">Checking a file happens in your browser, and needs JavaScript.</p>
      </noscript>
      <form onSubmit={(event) => void check(event)} className="mt-4">
        {/* Disabled until the page's code runs (the server renders /verify). */}
        <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
          <div>
            <label htmlFor="credential-file" className="mb-1.5 block text-sm font-medium text-slate-200">
              Certificate image or credential file
            </label>
            <input
              id="credential-file"
              type="file"
              accept=".png,.jwt,.jws,.txt,image/png,text/plain"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-300 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-700 file:px-4 file:font-semibold file:text-slate-100"
            />
          </div>
          <TextAreaField
            id="credential-text"
            label="Or paste the credential"
            hint="The text of a .jwt file: three parts separated by dots."
            value={pasted}
            onChange={setPasted}
            rows={3}
            spellCheck={false}
          />
          <button
            type="submit"
            disabled={outcome.state === 'checking' || (!file && pasted.trim() === '')}
            className={buttonStyles.primary}
          >
            {outcome.state === 'checking' ? 'Checking…' : 'Check credential'}
          </button>
        </fieldset>
      </form>
      <div aria-live="polite">
        {outcome.state === 'unreadable' && (
          <p role="alert" className="mt-5 rounded-xl border border-rose-800 bg-rose-950/40 p-4 text-rose-200">
            {outcome.message}
          </p>
        )}
        {outcome.state === 'checked' && <CheckResult result={outcome.result} />}
      </div>
    </section>
  );
}

async function fetchText(url: string): Promise<string> {
  // Revalidated every time (a 304 while nothing changed): a revocation must show at once, not after the cache's 5 minutes.
  const response = await fetch(url, { credentials: 'omit', cache: 'no-cache' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

function CheckResult({ result }: { result: CredentialCheck }) {
  if (!result.signatureValid) {
    return (
      <section aria-label="Check result" className="mt-5 rounded-2xl border border-rose-800 bg-rose-950/40 p-5">
        <p className="text-lg font-bold text-rose-200">✗ Not a valid credential</p>
        <p className="mt-2 text-slate-200">{result.reason}</p>
        {result.kid && <KeyLine kid={result.kid} label="Key it names" />}
      </section>
    );
  }
  const { credential: c, status } = result;
  const revoked = status.state === 'revoked';
  const tone = revoked ? 'border-amber-700 bg-amber-950/40' : 'border-emerald-700 bg-emerald-950/40';
  return (
    <section aria-label="Check result" className={`mt-5 rounded-2xl border p-5 ${tone}`}>
      <p className={`text-lg font-bold ${revoked ? 'text-amber-200' : 'text-emerald-300'}`}>
        {revoked ? 'Credential revoked' : '✓ Valid credential'}
      </p>
      <ul className="mt-2 space-y-1 text-sm text-slate-200">
        <li>✓ Signature valid: signed by this site’s published key.</li>
        <li>
          {status.state === 'active' && '✓ Not revoked (checked against the published status list).'}
          {revoked && '✗ Revoked by the issuer: it no longer attests a completion.'}
          {status.state === 'unknown' && `? Revocation not checked: ${status.reason}`}
          {status.state === 'none' && '? This credential has no revocation list.'}
        </li>
      </ul>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <Fact label="Awarded to" value={c.holderName} />
        <Fact label="Achievement" value={c.achievementName} />
        <Fact label="Completed on" value={c.awardedDate && certificateDate.format(new Date(c.awardedDate))} />
        <Fact
          label="Estimated study time"
          value={c.studyHours === null ? null : `${c.studyHours} ${c.studyHours === 1 ? 'hour' : 'hours'}`}
        />
        <Fact label="Issued by" value={c.issuerName ?? c.issuerId} />
        <Fact label="Certificate ID" value={c.certificateId} mono />
      </dl>
      <KeyLine kid={result.kid} label="Signed by key" />
      {c.hasHashedEmail && <EmailCheck payload={result.payload} />}
    </section>
  );
}

/**
 * The credential holds the holder's email only as a salted hash: someone who knows the
 * email (from a CV, say) can confirm it is the one it was issued to, and nobody can read it.
 */
function EmailCheck({ payload }: { payload: unknown }) {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<{ email: string; matches: boolean } | null>(null);
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const { credentialNamesEmail } = await import('@ehc/common/credentials');
    setAnswer({ email: email.trim(), matches: await credentialNamesEmail(payload, email) });
  };
  return (
    <form onSubmit={(event) => void confirm(event)} className="mt-4 border-t border-slate-700/60 pt-4">
      <label htmlFor="holder-email" className="mb-1.5 block text-sm font-medium text-slate-200">
        Confirm the holder’s email (optional)
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="holder-email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-slate-700 bg-slate-950 px-4 text-slate-100 focus:border-emerald-500"
        />
        <button type="submit" disabled={email.trim() === ''} className={buttonStyles.secondary}>
          Confirm email
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-200">
        {answer &&
          (answer.matches
            ? `✓ This credential was issued to ${answer.email}.`
            : `✗ This credential was not issued to ${answer.email}.`)}
      </p>
    </form>
  );
}

function Fact({ label, value, mono = false }: { label: string; value: string | null; mono?: boolean }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-slate-400">{label}</dt>
      <dd className={mono ? 'font-mono text-xs break-all text-slate-200' : 'font-semibold text-white'}>{value}</dd>
    </div>
  );
}

function KeyLine({ kid, label }: { kid: string; label: string }) {
  return (
    <p className="mt-3 text-xs text-slate-400">
      {label}: <span className="font-mono break-all text-slate-300">{kid}</span>
    </p>
  );
}
