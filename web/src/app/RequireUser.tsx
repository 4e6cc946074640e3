import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { useSession } from '../lib/session';
import { SessionEnded } from './SessionEnded';

/**
 * Protected routes: "Loading..." while the session loads, then the page. A visitor who
 * arrives signed out goes to the landing page with the address in `?next=`, where signing
 * in comes back to it; a learner who signs out here simply goes to the landing page; one
 * whose session the server ended meanwhile is told so, with a Log in that comes back.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { state, ended } = useSession();
  const location = useLocation();
  const wasSignedIn = useRef(false);
  if (state.status === 'loading') return <LoadingScreen />;
  if (!state.user) {
    if (ended) return <SessionEnded />;
    if (wasSignedIn.current) return <Navigate to="/" replace />;
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/?next=${encodeURIComponent(next)}`} replace />;
  }
  wasSignedIn.current = true;
  return children;
}
