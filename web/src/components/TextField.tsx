import type { InputHTMLAttributes, Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Marks the field invalid and points its description at the message that says why. */
  errorId?: string | null;
  /** A short hint under the label, read with the field. */
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({
  id,
  label,
  value,
  onChange,
  errorId,
  hint,
  inputRef,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-200">
        {label}
      </label>
      {hint && (
        <p id={hintId!} className="-mt-1 mb-1.5 text-xs text-slate-400">
          {hint}
        </p>
      )}
      <input
        ref={inputRef}
        id={id}
        name={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-11 w-full rounded-xl border border-slate-700 bg-slate-950 px-4 py-2.5 text-slate-100 placeholder:text-slate-500 focus:border-emerald-500 aria-invalid:border-rose-400"
        {...rest}
      />
    </div>
  );
}
