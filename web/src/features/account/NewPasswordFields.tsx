import { PASSWORD_MIN_LENGTH, VALIDATION_MESSAGES, validateNewPassword } from '@ehc/common';
import { useId, useRef, useState } from 'react';
import { TextField } from '../../components/TextField';

type Field = 'password' | 'confirmPassword';

/**
 * State of a "new password + confirmation" pair under the sign-up rules: which field a
 * failed rule points at, and focus moved there so the learner can fix it at once.
 */
export function useNewPasswordFields(errorId: string) {
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [invalid, setInvalid] = useState<Field | null>(null);
  const refs = { password: useRef<HTMLInputElement>(null), confirmPassword: useRef<HTMLInputElement>(null) };

  function validate(): string | null {
    const problem = validateNewPassword(values);
    const field: Field | null = !problem
      ? null
      : problem === VALIDATION_MESSAGES.passwordMismatch
        ? 'confirmPassword'
        : 'password';
    setInvalid(field);
    if (field) refs[field].current?.focus();
    return problem;
  }

  return {
    values,
    invalid,
    errorId,
    refs,
    validate,
    set(field: Field, value: string) {
      setValues((current) => ({ ...current, [field]: value }));
      setInvalid(null);
    },
    clear() {
      setValues({ password: '', confirmPassword: '' });
      setInvalid(null);
    },
  };
}

interface NewPasswordFieldsProps {
  fields: ReturnType<typeof useNewPasswordFields>;
  labels: { password: string; confirm: string };
  onEdit(): void;
}

export function NewPasswordFields({ fields, labels, onEdit }: NewPasswordFieldsProps) {
  const ids = useId();
  const errorFor = (field: Field) => (fields.invalid === field ? fields.errorId : null);
  return (
    <>
      <TextField
        id={`${ids}-password`}
        inputRef={fields.refs.password}
        label={labels.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        type="password"
        autoComplete="new-password"
        value={fields.values.password}
        errorId={errorFor('password')}
        onChange={(value) => {
          fields.set('password', value);
          onEdit();
        }}
      />
      <TextField
        id={`${ids}-confirm`}
        inputRef={fields.refs.confirmPassword}
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        value={fields.values.confirmPassword}
        errorId={errorFor('confirmPassword')}
        onChange={(value) => {
          fields.set('confirmPassword', value);
          onEdit();
        }}
      />
    </>
  );
}
