import { ACCOUNT_MESSAGES, RESET_LINK_VALID_MINUTES, VALIDATION_MESSAGES, validateCredentials } from '@ehc/common';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormMessage } from '../../components/FormMessage';
import { PublicShell } from '../../components/PublicShell';
import { TextField } from '../../components/TextField';
import { requestPasswordReset } from '../../lib/account-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { accountErrorMessage } from './account-errors';

/** Only the email rule of the login form applies here (spec §5 rule 1). */
function emailProblem(email: string): string | null {
  const problem = validateCredentials('login', { email, password: 'x'.repeat(8) });
  return problem === VALIDATION_MESSAGES.email ? problem : null;
}

/**
 * `/forgot-password`: asks for the email and always gives the same answer, so the page
 * never tells whether an address has an account.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password · Ethical Hacking Course');
  const ids = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = emailProblem(email);
    if (problem) {
      setError(problem);
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (failure) {
      setError(accountErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicShell>
      <h1 className="text-2xl font-extrabold text-white">Forgot your password?</h1>
      {sent ? (
        <>
          <p role="status" className="mt-4 text-slate-200">
            {ACCOUNT_MESSAGES.resetRequested}
          </p>
          <p className="mt-3 text-sm text-slate-400">
            The link works for {RESET_LINK_VALID_MINUTES} minutes and only once. Nothing arrived? Check the spam folder,
            or ask again in a few minutes.
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-300">
            Enter the email you signed up with and we will send you a link to choose a new password.
          </p>
          <form noValidate onSubmit={submit} className="mt-6 space-y-4">
            <TextField
              id={`${ids}-email`}
              inputRef={emailRef}
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              errorId={error ? `${ids}-error` : null}
              onChange={(value) => {
                setEmail(value);
                setError(null);
              }}
            />
            <FormMessage id={`${ids}-error`} error={error} />
            <button
              type="submit"
              disabled={busy}
              className="min-h-11 w-full rounded-xl bg-emerald-500 px-4 py-3 font-semibold text-slate-950 transition hover:bg-emerald-400 disabled:cursor-wait disabled:opacity-70"
            >
              {busy ? 'Processing...' : 'Send reset link'}
            </button>
          </form>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center font-semibold text-emerald-400 underline-offset-4 hover:underline"
        >
          Back to Login
        </Link>
      </p>
    </PublicShell>
  );
}
