import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { useSession } from '../lib/session';

/** Protected routes: "Loading..." while the session loads, then the page or a redirect to /. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { state } = useSession();
  if (state.status === 'loading') return <LoadingScreen />;
  if (!state.user) return <Navigate to="/" replace />;
  return children;
}
