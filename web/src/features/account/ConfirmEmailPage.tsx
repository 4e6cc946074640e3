import { ACCOUNT_MESSAGES } from '@ehc/common';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/button-styles';
import { PublicShell } from '../../components/PublicShell';
import { gql, graphql } from '../../lib/graphql';
import { useDocumentTitle } from '../../lib/use-document-title';
import { accountErrorMessage, isApiError } from './account-errors';

const ConfirmEmail = graphql(`
  mutation ConfirmEmail($token: String!) {
    confirmEmail(token: $token)
  }
`);

/**
 * `/confirm-email?token=…`: the page the welcome email's link opens. The learner presses
 * the button: mail scanners that open every link in a message then confirm nothing.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm your email address · Ethical Hacking Course');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'ready' | 'busy' | 'done' | 'invalid' | 'failed'>(token ? 'ready' : 'invalid');
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setState('busy');
    try {
      await gql(ConfirmEmail, { token });
      setState('done');
    } catch (error) {
      if (isApiError(error, 'RESET_LINK_INVALID')) setState('invalid');
      else {
        setFailure(accountErrorMessage(error));
        setState('failed');
      }
    }
  }

  return (
    <PublicShell>
      <h1 className="text-2xl font-extrabold text-white">Confirm your email address</h1>
      {state === 'done' && (
        <div className="mt-4">
          <p role="status" className="text-emerald-200">
            {ACCOUNT_MESSAGES.emailConfirmed}
          </p>
          <Link to="/dashboard" className={`${buttonStyles.primary} mt-6 w-full`}>
            Go to your dashboard
          </Link>
        </div>
      )}
      {state === 'invalid' && (
        <p role="alert" className="mt-4 text-rose-200">
          {ACCOUNT_MESSAGES.confirmationLinkInvalid}
        </p>
      )}
      {(state === 'ready' || state === 'busy' || state === 'failed') && (
        <div className="mt-4">
          <p className="text-slate-300">Press the button to confirm that this address is yours.</p>
          {failure && (
            <p role="alert" className="mt-3 text-rose-200">
              {failure}
            </p>
          )}
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={state === 'busy'}
            className={`${buttonStyles.primary} mt-6 w-full`}
          >
            {state === 'busy' ? 'Processing...' : 'Confirm my email address'}
          </button>
        </div>
      )}
    </PublicShell>
  );
}
