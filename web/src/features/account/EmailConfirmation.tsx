import { ACCOUNT_MESSAGES } from '@ehc/common';
import { useId, useState } from 'react';
import { buttonStyles } from '../../components/button-styles';
import { FormMessage } from '../../components/FormMessage';
import { resendEmailConfirmation } from '../../lib/account-api';
import { accountErrorMessage } from './account-errors';

/** Whether the address is confirmed, and a new link for a learner who lost the first. */
export function EmailConfirmation({ email, confirmed }: { email: string; confirmed: boolean }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    setError(null);
    try {
      await resendEmailConfirmation();
      setSent(true);
    } catch (failure) {
      setError(accountErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  if (confirmed) return <p className="text-sm text-slate-300">{email} is confirmed.</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-300">
        {email} is not confirmed yet: use the link in your welcome email. Receipts and certificates reach you either
        way.
      </p>
      <button type="button" onClick={() => void resend()} disabled={busy} className={buttonStyles.secondary}>
        Send the link again
      </button>
      <FormMessage id={`${id}-message`} error={error} success={sent ? ACCOUNT_MESSAGES.confirmationSent : null} />
    </div>
  );
}
