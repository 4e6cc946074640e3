import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { queryKeys } from '../lib/query-keys';

/**
 * The progress that came with the page belongs to the screen it opened on, and to a
 * redirect from it (the landing page sends a signed-in learner to the dashboard). Once
 * the learner moves on (a link, back or forward), the progress is marked stale, so the next
 * screen that shows it asks the server again. A layout effect, so it runs before the next
 * screen's queries subscribe.
 */
export function ForgetPageProgressOnMove() {
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(location);
  useLayoutEffect(() => {
    if (location === shown.current) return;
    shown.current = location;
    if (navigationType !== NavigationType.Replace) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProgress, refetchType: 'none' });
    }
  }, [location, navigationType, queryClient]);
  return null;
}
