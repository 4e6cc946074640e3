import { ACCOUNT_MESSAGES } from '@ehc/common';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { deleteAccount } from '../../lib/account-api';
import { buttonStyles } from '../../components/button-styles';
import { accountErrorMessage, isApiError } from './account-errors';

const CONFIRM_WORD = ACCOUNT_MESSAGES.deleteConfirmationWord;
const PASSWORD_MISSING = 'Please enter your password.';

interface DeleteAccountDialogProps {
  onCancel(): void;
  /** The server has deleted the account and cleared the session cookie. */
  onDeleted(): void;
}

/**
 * Asks for the password and the typed word DELETE, after saying plainly what goes and
 * what the seller must keep. The password field is the dialog's first control, so it
 * has focus when the dialog opens.
 */
export function DeleteAccountDialog({ onCancel, onDeleted }: DeleteAccountDialogProps) {
  const ids = useId();
  const errorId = `${ids}-error`;
  const [password, setPassword] = useState('');
  const [word, setWord] = useState('');
  const [error, setError] = useState<{ message: string; field: 'password' | 'word' | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = { password: useRef<HTMLInputElement>(null), word: useRef<HTMLInputElement>(null) };

  function refuse(message: string, field: 'password' | 'word' | null) {
    setError({ message, field });
    if (field) refs[field].current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password === '') return refuse(PASSWORD_MISSING, 'password');
    if (word.trim() !== CONFIRM_WORD) return refuse(ACCOUNT_MESSAGES.deleteConfirmationMismatch, 'word');
    setBusy(true);
    try {
      await deleteAccount(password, word.trim());
      onDeleted();
    } catch (failure) {
      setBusy(false);
      refuse(accountErrorMessage(failure), isApiError(failure, 'INVALID_CREDENTIALS') ? 'password' : null);
    }
  }

  const errorFor = (field: 'password' | 'word') => (error?.field === field ? errorId : null);
  return (
    <Dialog label="Delete my account" onClose={onCancel}>
      <div className="mx-auto w-full max-w-lg p-3 sm:p-4">
        <section className="rounded-2xl border border-rose-900 bg-slate-900 p-5 shadow-2xl sm:p-7">
          <h2 className="text-xl font-extrabold text-white">Delete my account</h2>
          <div className="mt-3 space-y-3 text-sm text-slate-300">
            <p>
              <strong className="text-white">Deleted for good:</strong> your name, email, phone and password, your
              progress in every module, and every device you are signed in on.
            </p>
            <p>
              <strong className="text-white">Certificates are revoked:</strong> their verification links will say
              “Certificate revoked” and no longer show your name.
            </p>
            <p>
              <strong className="text-white">Kept, as Indian tax law requires:</strong> the record of each payment
              (receipt number, date, amount and payment id), without your name, email or phone.
            </p>
            <p>This cannot be undone: to study again you would sign up and pay again.</p>
          </div>
          <form noValidate onSubmit={submit} className="mt-5 space-y-4">
            <TextField
              id={`${ids}-password`}
              inputRef={refs.password}
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              errorId={errorFor('password')}
              onChange={(value) => {
                setPassword(value);
                setError(null);
              }}
            />
            <TextField
              id={`${ids}-word`}
              inputRef={refs.word}
              label={`Type ${CONFIRM_WORD} to confirm`}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={word}
              errorId={errorFor('word')}
              onChange={(value) => {
                setWord(value);
                setError(null);
              }}
            />
            <FormMessage id={errorId} error={error?.message ?? null} />
            <div className="grid gap-3 sm:flex sm:justify-end">
              <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
                Cancel
              </button>
              <button type="submit" disabled={busy} className={buttonStyles.danger}>
                {busy ? 'Processing...' : 'Delete my account'}
              </button>
            </div>
          </form>
        </section>
      </div>
    </Dialog>
  );
}
