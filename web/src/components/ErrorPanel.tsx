import { MESSAGES } from '@ehc/common';

/** A failed load: the generic message and a way to try again. */
export function ErrorPanel({ onRetry }: { onRetry(): void }) {
  return (
    <div
      role="alert"
      className="mx-auto my-16 max-w-md rounded-2xl border border-rose-900 bg-rose-950/40 p-6 text-center"
    >
      <p className="text-rose-200">{MESSAGES.generic}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 rounded-lg bg-slate-800 px-4 py-2 text-sm font-semibold text-slate-100 hover:bg-slate-700"
      >
        Try again
      </button>
    </div>
  );
}
