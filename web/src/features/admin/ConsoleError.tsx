import { buttonStyles } from '../../components/button-styles';
import { adminErrorMessage } from './admin-errors';

/** A failed console load: what went wrong (by error code) and a way to try again. */
export function ConsoleError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div role="alert" className="mt-6 rounded-2xl border border-rose-900 bg-rose-950/40 p-5">
      <p className="text-rose-200">{adminErrorMessage(error)}</p>
      <button type="button" onClick={onRetry} className={`${buttonStyles.secondary} mt-4`}>
        Try again
      </button>
    </div>
  );
}
