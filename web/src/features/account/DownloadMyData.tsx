import { useId, useState } from 'react';
import { FormMessage } from '../../components/FormMessage';
import { fetchMyData } from '../../lib/account-api';
import { saveAsFile } from '../../lib/save-as-file';
import { buttonStyles } from '../../components/button-styles';
import { accountErrorMessage } from './account-errors';

const FILE_NAME = 'my-data.json';

/** "Download my data": everything stored about the learner, as my-data.json. */
export function DownloadMyData() {
  const ids = useId();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      saveAsFile(await fetchMyData(), FILE_NAME, 'application/json');
      setDone(true);
    } catch (failure) {
      setError(accountErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <button type="button" onClick={download} disabled={busy} className={buttonStyles.secondary}>
        {busy ? 'Processing...' : 'Download my data'}
      </button>
      <FormMessage id={`${ids}-error`} error={error} success={done ? `Saved as ${FILE_NAME}.` : null} />
    </div>
  );
}
