import { ACCOUNT_MESSAGES } from '@ehc/common';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { changePassword } from '../../lib/account-api';
import { buttonStyles } from '../../components/button-styles';
import { accountErrorMessage, isApiError } from './account-errors';
import { NewPasswordFields, useNewPasswordFields } from './NewPasswordFields';

const CURRENT_PASSWORD_MISSING = 'Please enter your current password.';

/** Current password, then a new one twice; the server signs every other device out. */
export function ChangePasswordForm({ onChanged }: { onChanged(): void }) {
  const ids = useId();
  const errorId = `${ids}-error`;
  const [current, setCurrent] = useState('');
  const [currentInvalid, setCurrentInvalid] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const fields = useNewPasswordFields(errorId);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);

  function edited() {
    setError(null);
    setChanged(false);
  }

  function refuseCurrent(message: string) {
    setCurrentInvalid(true);
    setError(message);
    currentRef.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (current === '') return refuseCurrent(CURRENT_PASSWORD_MISSING);
    const problem = fields.validate();
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await changePassword({ currentPassword: current, ...fields.values });
      setCurrent('');
      fields.clear();
      setChanged(true);
      onChanged();
    } catch (failure) {
      if (isApiError(failure, 'INVALID_CREDENTIALS')) refuseCurrent(accountErrorMessage(failure));
      else setError(accountErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        id={`${ids}-current`}
        inputRef={currentRef}
        label="Current Password"
        type="password"
        autoComplete="current-password"
        value={current}
        errorId={currentInvalid ? errorId : null}
        onChange={(value) => {
          setCurrent(value);
          setCurrentInvalid(false);
          edited();
        }}
      />
      <NewPasswordFields
        fields={fields}
        onEdit={edited}
        labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
      />
      <FormMessage id={errorId} error={error} success={changed ? ACCOUNT_MESSAGES.passwordChanged : null} />
      <button type="submit" disabled={busy} className={buttonStyles.primary}>
        {busy ? 'Processing...' : 'Change password'}
      </button>
    </form>
  );
}
