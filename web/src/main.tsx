import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startPageOfPath } from './app/lazy-pages';
import { initTracking } from './lib/tracking';
import './index.css';

initTracking();
// The page in the address loads alongside the session check, not after it.
startPageOfPath(location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
