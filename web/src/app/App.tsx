import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useRoutes } from 'react-router';
import { markFirstScreenLive } from '../lib/first-screen';
import { SessionProvider } from '../lib/session';
import { ForgetPageProgressOnMove } from './ForgetPageProgressOnMove';
import { PageSuspense } from './lazy-pages';
import { routes } from './router';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The first screen is live: React has adopted the page the server rendered, lazily loaded
 * parts included (they are inside the same Suspense boundary), or painted it. A learner's
 * rendered page arrives `inert` (docs/decisions/0043), so nothing on it could be pressed
 * before its handlers existed: it is lifted now, and from now on the router follows Back
 * and Forward (lib/first-screen.ts). `data-live` says so to whoever drives the page from
 * outside (the end-to-end tests wait for it).
 */
function FirstScreenLive() {
  useEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('inert');
    root?.setAttribute('data-live', '');
    markFirstScreenLive();
  }, []);
  return null;
}

interface AppProps {
  /** The page's query cache: the browser's one client, or one per page the server renders. */
  queryClient: QueryClient;
  /** BrowserRouter in the browser (boot.tsx); a StaticRouter at one address on the server (entry-server.tsx). */
  Router: ComponentType<{ children: ReactNode }>;
}

export function App({ queryClient, Router }: AppProps) {
  return (
    // Server state lives in one query cache (decisions/0040); the session provider clears it
    // when the learner signs out.
    <QueryClientProvider client={queryClient}>
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
          <Router>
            <ForgetPageProgressOnMove />
            <FirstScreenLive />
            <AppRoutes />
          </Router>
        </PageSuspense>
      </SessionProvider>
    </QueryClientProvider>
  );
}
