import { useLayoutEffect, useRef } from 'react';
import { BrowserRouter, NavigationType, useLocation, useNavigationType, useRoutes } from 'react-router';
import { forgetPageProgress } from '../lib/course-api';
import { SessionProvider } from '../lib/session';
import { PageSuspense } from './lazy-pages';
import { routes } from './router';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The progress that came with the page belongs to the screen it opened on, and to a
 * redirect from it (the landing page sends a signed-in learner to the dashboard). Once
 * the learner moves on (a link, back or forward), screens ask the server again. A layout
 * effect, so it runs before the next screen's own effects ask for progress.
 */
function ForgetPageProgressOnMove() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(location);
  useLayoutEffect(() => {
    if (location === shown.current) return;
    shown.current = location;
    if (navigationType !== NavigationType.Replace) forgetPageProgress();
  }, [location, navigationType]);
  return null;
}

export function App() {
  return (
    <SessionProvider>
      {/* The first stop for a keyboard: past the header straight to the page's content
          (every page's <main> has id="main"). */}
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-emerald-500 px-4 py-3 font-semibold text-slate-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {/* Pages load as their own chunks (lazy-pages.tsx): "Loading..." until one arrives. */}
      <PageSuspense>
        <BrowserRouter>
          <ForgetPageProgressOnMove />
          <AppRoutes />
        </BrowserRouter>
      </PageSuspense>
    </SessionProvider>
  );
}
