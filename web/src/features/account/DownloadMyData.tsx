import { useId, useState } from 'react';
import { FormMessage } from '../../components/FormMessage';
import { fetchMyData } from '../../lib/account-api';
import { buttonStyles } from './AccountSection';
import { accountErrorMessage } from './account-errors';

const FILE_NAME = 'my-data.json';

/** Hands the browser a JSON text as a file, without a server route for it. */
function saveAsFile(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

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
      saveAsFile(await fetchMyData(), FILE_NAME);
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
