import type { Ref, TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Marks the field invalid and points its description at the message that says why. */
  errorId?: string | null;
  hint?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** TextField's multi-line sibling: a labelled textarea with its hint and error tied to it. */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  errorId,
  hint,
  textareaRef,
  rows = 3,
  ...rest
}: TextAreaFieldProps) {
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
      <textarea
        ref={textareaRef}
        id={id}
        name={id}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        className="w-full rounded-xl border border-slate-700 bg-slate-950 px-4 py-2.5 text-slate-100 placeholder:text-slate-500 focus:border-emerald-500 aria-invalid:border-rose-400"
        {...rest}
      />
    </div>
  );
}
