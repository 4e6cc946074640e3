import {
  ACCOUNT_MESSAGES,
  GST_STATES,
  PHONE_INPUT_MAX_LENGTH,
  VALIDATION_MESSAGES,
  validateProfile,
} from '@ehc/common';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { updateProfile } from '../../lib/account-api';
import type { SessionUser } from '../../lib/session';
import { buttonStyles } from '../../components/button-styles';
import { accountErrorMessage } from './account-errors';

const PHONE_RULES: string[] = [VALIDATION_MESSAGES.phoneRequired, VALIDATION_MESSAGES.phoneInvalid];

/** Edits the full name and phone under the sign-up rules and messages, and the optional state for tax invoices. */
export function ProfileForm({ user, onSaved }: { user: SessionUser; onSaved(user: SessionUser): void }) {
  const ids = useId();
  const errorId = `${ids}-error`;
  const [fields, setFields] = useState({
    fullName: user.full_name,
    phone: user.phone,
    stateCode: user.state_code ?? '',
  });
  const [error, setError] = useState<{ message: string; field: 'fullName' | 'phone' | null } | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const refs = { fullName: useRef<HTMLInputElement>(null), phone: useRef<HTMLInputElement>(null) };

  function update(field: 'fullName' | 'phone' | 'stateCode', value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setError(null);
    setSaved(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = validateProfile(fields);
    if (problem) {
      const field = PHONE_RULES.includes(problem) ? 'phone' : 'fullName';
      setError({ message: problem, field });
      refs[field].current?.focus();
      return;
    }
    setBusy(true);
    try {
      const updated = await updateProfile(fields.fullName, fields.phone, fields.stateCode);
      setFields({ fullName: updated.full_name, phone: updated.phone, stateCode: updated.state_code ?? '' });
      setSaved(true);
      onSaved(updated);
    } catch (failure) {
      setError({ message: accountErrorMessage(failure), field: null });
    } finally {
      setBusy(false);
    }
  }

  const errorFor = (field: 'fullName' | 'phone') => (error?.field === field ? errorId : null);
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        id={`${ids}-name`}
        inputRef={refs.fullName}
        label="Full Name"
        autoComplete="name"
        value={fields.fullName}
        errorId={errorFor('fullName')}
        onChange={(value) => update('fullName', value)}
      />
      <TextField
        id={`${ids}-phone`}
        inputRef={refs.phone}
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        placeholder="10-digit mobile number"
        value={fields.phone}
        errorId={errorFor('phone')}
        onChange={(value) => update('phone', value)}
      />
      <div>
        <label htmlFor={`${ids}-state`} className="block text-sm font-medium text-slate-200">
          State (optional)
        </label>
        <select
          id={`${ids}-state`}
          value={fields.stateCode}
          aria-describedby={`${ids}-state-hint`}
          onChange={(event) => update('stateCode', event.target.value)}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 text-white"
        >
          <option value="">Not given</option>
          {GST_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
        <p id={`${ids}-state-hint`} className="mt-1 text-xs text-slate-400">
          Where you live: the place of supply on GST invoices for payments you make after saving it.
        </p>
      </div>
      <FormMessage id={errorId} error={error?.message ?? null} success={saved ? ACCOUNT_MESSAGES.profileSaved : null} />
      <button type="submit" disabled={busy} className={buttonStyles.primary}>
        {busy ? 'Processing...' : 'Save details'}
      </button>
    </form>
  );
}
