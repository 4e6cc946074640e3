import { useId, useState, type FormEvent, type Ref } from 'react';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/Dialog';
import { FormMessage } from '../../components/FormMessage';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { runLearnerAction, type AdminLearner, type LearnerAction } from './admin-api';
import { adminErrorMessage } from './admin-errors';
import { describeAction } from './action-copy';
import { REASON_MAX, REASON_MIN, reasonIsValid } from './reason-rule';

interface ActionDialogProps {
  action: LearnerAction;
  learner: AdminLearner;
  onCancel(): void;
  /** The server did it: the learner as they now stand, and what to announce. */
  onDone(updated: AdminLearner, message: string): void;
}

/**
 * Says what an action will do and asks why; the confirm button works only once the reason
 * is long enough. The first field has focus when it opens (native dialog), and focus
 * goes back to the button that opened it (components/Dialog.tsx).
 */
export function ActionDialog({ action, learner, onCancel, onDone }: ActionDialogProps) {
  const ids = useId();
  const copy = describeAction(action, learner.summary);
  const reissue = action.kind === 'reissueCertificate';
  const [holderName, setHolderName] = useState(reissue ? action.holderName : '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ready = reasonIsValid(reason) && (!reissue || holderName.trim() !== '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      onDone(await runLearnerAction(action, reason.trim(), holderName.trim()), copy.done);
    } catch (failure) {
      setBusy(false);
      setError(adminErrorMessage(failure));
    }
  }

  const errorId = `${ids}-error`;
  return (
    <Dialog label={copy.title} onClose={onCancel}>
      <div className="mx-auto w-full max-w-lg p-3 sm:p-4">
        <section className="rounded-2xl border border-slate-700 bg-slate-900 p-5 shadow-2xl sm:p-7">
          <h2 className="text-xl font-extrabold text-white">{copy.title}</h2>
          <p className="mt-2 text-sm text-slate-300">{copy.explanation}</p>
          <form noValidate onSubmit={submit} className="mt-5 space-y-4">
            {reissue && (
              <TextField
                id={`${ids}-name`}
                label="Name on the certificate"
                value={holderName}
                autoComplete="off"
                maxLength={100}
                errorId={error ? errorId : null}
                onChange={(value) => {
                  setHolderName(value);
                  setError(null);
                }}
              />
            )}
            <ReasonField
              id={`${ids}-reason`}
              value={reason}
              errorId={error ? errorId : null}
              onChange={(value) => {
                setReason(value);
                setError(null);
              }}
            />
            <FormMessage id={errorId} error={error} />
            <div className="grid gap-3 sm:flex sm:justify-end">
              <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
                Cancel
              </button>
              <button
                type="submit"
                disabled={!ready || busy}
                className={copy.danger ? buttonStyles.danger : buttonStyles.primary}
              >
                {busy ? 'Processing...' : copy.confirm}
              </button>
            </div>
          </form>
        </section>
      </div>
    </Dialog>
  );
}

/** "Reason": required, 5–500 characters, with a count so the limit is never a surprise. */
export function ReasonField({
  id,
  value,
  errorId,
  onChange,
  textareaRef,
}: {
  id: string;
  value: string;
  errorId: string | null;
  onChange(value: string): void;
  textareaRef?: Ref<HTMLTextAreaElement>;
}) {
  const length = value.trim().length;
  return (
    <div>
      <TextAreaField
        id={id}
        label="Reason"
        hint={`Required, ${REASON_MIN} to ${REASON_MAX} characters. Kept in the audit log with your name.`}
        required
        maxLength={REASON_MAX}
        value={value}
        errorId={errorId}
        textareaRef={textareaRef}
        onChange={onChange}
      />
      <p
        aria-hidden="true"
        className={`mt-1 text-right text-xs ${length < REASON_MIN ? 'text-amber-300' : 'text-slate-400'}`}
      >
        {length}/{REASON_MAX}
      </p>
    </div>
  );
}
