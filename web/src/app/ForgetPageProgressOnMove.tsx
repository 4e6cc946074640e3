import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { forgetPageProgress } from '../lib/course-api';

/**
 * The progress that came with the page belongs to the screen it opened on, and to a
 * redirect from it (the landing page sends a signed-in learner to the dashboard). Once
 * the learner moves on (a link, back or forward), screens ask the server again. A layout
 * effect, so it runs before the next screen's own effects ask for progress.
 */
export function ForgetPageProgressOnMove() {
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
