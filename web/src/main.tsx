import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startPageOfPath } from './app/lazy-pages';
import { initTracking } from './lib/tracking';
import './index.css';

initTracking();
// The page in the address loads alongside the session check, not after it.
startPageOfPath(location.pathname);

// Rendered as a transition: React renders the first screen in slices of a few
// milliseconds instead of one long task, so a phone's main thread is never blocked for
// long while the page loads (decision 0025).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
