import { ACCOUNT_MESSAGES } from '@ehc/common';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/FormMessage';
import { PublicShell } from '../../components/PublicShell';
import { resetPassword } from '../../lib/account-api';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { accountErrorMessage, isApiError } from './account-errors';
import { NewPasswordFields, useNewPasswordFields } from './NewPasswordFields';

/** `/reset-password?token=…`: the page an emailed link opens. Success signs the learner in. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password · Ethical Hacking Course');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { setUser } = useSession();
  const navigate = useNavigate();
  const ids = useId();
  const fields = useNewPasswordFields(`${ids}-error`);
  const [error, setError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(token === '');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = fields.validate();
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      const user = await resetPassword(token, fields.values.password, fields.values.confirmPassword);
      setUser(user);
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setBusy(false);
      if (isApiError(failure, 'RESET_LINK_INVALID')) setLinkInvalid(true);
      else setError(accountErrorMessage(failure));
    }
  }

  return (
    <PublicShell>
      <h1 className="text-2xl font-extrabold text-white">Choose a new password</h1>
      {linkInvalid ? (
        <div className="mt-4">
          <p role="alert" className="text-rose-200">
            {ACCOUNT_MESSAGES.resetLinkInvalid}
          </p>
          <Link
            to="/forgot-password"
            className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-emerald-500 px-4 py-3 font-semibold text-slate-950 hover:bg-emerald-400"
          >
            Send me a new link
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-6 space-y-4">
          <NewPasswordFields
            fields={fields}
            onEdit={() => setError(null)}
            labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
          />
          <FormMessage id={`${ids}-error`} error={error} />
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 w-full rounded-xl bg-emerald-500 px-4 py-3 font-semibold text-slate-950 transition hover:bg-emerald-400 disabled:cursor-wait disabled:opacity-70"
          >
            {busy ? 'Processing...' : 'Set new password'}
          </button>
        </form>
      )}
    </PublicShell>
  );
}
