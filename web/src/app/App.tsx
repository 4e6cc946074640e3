import { RouterProvider } from 'react-router';
import { SessionProvider } from '../lib/session';
import { PageSuspense } from './lazy-pages';
import { router } from './router';

export function App() {
  return (
    <SessionProvider>
      {/* Pages load as their own chunks (lazy-pages.tsx): "Loading..." until one arrives. */}
      <PageSuspense>
        <RouterProvider router={router} />
      </PageSuspense>
    </SessionProvider>
  );
}
