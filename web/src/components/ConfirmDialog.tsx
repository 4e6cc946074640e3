import { buttonStyles } from './button-styles';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * An in-app "are you sure?" (never `window.confirm`, which blocks the page and cannot be
 * styled or tested like the rest). Focus starts on the safe choice; Escape cancels.
 */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog label={title} onClose={onCancel}>
      <div className="mx-auto w-full max-w-sm p-4">
        <section className="rounded-2xl border border-slate-700 bg-slate-900 p-6 shadow-2xl">
          <h2 className="text-lg font-bold text-white">{title}</h2>
          <p className="mt-2 text-sm text-slate-300">{message}</p>
          <div className="mt-6 grid gap-2 sm:grid-cols-2">
            <button type="button" data-autofocus onClick={onCancel} className={buttonStyles.primary}>
              {cancelLabel}
            </button>
            <button type="button" onClick={onConfirm} className={buttonStyles.secondary}>
              {confirmLabel}
            </button>
          </div>
        </section>
      </div>
    </Dialog>
  );
}
