import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './graphql';

/**
 * The one cache of server state in the browser (decisions/0040). A query asks again only
 * when a screen that shows it mounts after its data went stale; course text and the
 * catalogue say how long they stay fresh where they are defined (`*-api.ts`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Switching back to the tab is not a reason to ask again: the course's text does
        // not change during a visit, and a learner's data changes through this page.
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // An answer from the server (UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, a refused
        // input, a 5xx) is shown at once, with the error panel's retry button. Only a
        // request that never reached the server (a phone's link dropping) is tried once more.
        retry: (failures, error) => error instanceof ApiError && error.code === 'NETWORK' && failures < 1,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The page's client, shared by the React tree (App.tsx) and code outside it (tracking,
 * the session's requests). Logging out clears it (lib/session.tsx).
 */
export const queryClient = createQueryClient();
