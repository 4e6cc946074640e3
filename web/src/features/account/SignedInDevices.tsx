import { ACCOUNT_MESSAGES } from '@ehc/common';
import { useId, useState } from 'react';
import { FormMessage } from '../../components/FormMessage';
import { logoutOtherSessions, type SignedInDevice } from '../../lib/account-api';
import { formatLocalDateTime } from '../../lib/indian-format';
import { buttonStyles } from '../../components/button-styles';
import { accountErrorMessage } from './account-errors';

interface SignedInDevicesProps {
  devices: SignedInDevice[];
  /** Called once the server has ended every session but this one. */
  onOthersSignedOut(): void;
}

/** The learner's active sessions, and "Sign out of all other devices". */
export function SignedInDevices({ devices, onOthersSignedOut }: SignedInDevicesProps) {
  const ids = useId();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function signOutOthers() {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await logoutOtherSessions();
      setDone(true);
      onOthersSignedOut();
    } catch (failure) {
      setError(accountErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800">
        {devices.map((device) => (
          <li key={`${device.created_at}-${device.last_seen_at}`} className="px-4 py-3 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-white">
              {device.current ? 'This device' : 'Another device'}
              {device.current && (
                <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300">
                  You are here
                </span>
              )}
            </p>
            <p className="mt-1 text-slate-300">Signed in {formatLocalDateTime(device.created_at)}</p>
            <p className="text-slate-300">Last used {formatLocalDateTime(device.last_seen_at)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-4 space-y-3">
        <button type="button" onClick={signOutOthers} disabled={busy} className={buttonStyles.secondary}>
          {busy ? 'Processing...' : 'Sign out of all other devices'}
        </button>
        <FormMessage id={`${ids}-error`} error={error} success={done ? ACCOUNT_MESSAGES.otherSessionsEnded : null} />
      </div>
    </>
  );
}
