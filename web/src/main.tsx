import { PAGE_ANSWERS_ID } from '@ehc/common';
// The page's stylesheet: linked in index.html by the build, so it loads with the page.
import './index.css';

const start = () => void import('./boot');
if (!document.getElementById(PAGE_ANSWERS_ID) || document.visibilityState === 'hidden') {
  // A page the browser renders: the app's code is all it will show (its `Link` header
  // preloads it for a learner's pages). Also a page opened in a background tab, which
  // paints no frame until it is shown.
  start();
} else {
  // A page the server rendered (docs/decisions/0041, 0043) shows without the app: its code
  // downloads once the page's first content is on screen, and runs in two tasks (the
  // libraries, then the app), so a phone's link and main thread carry the page first
  // (decision 0042).
  afterFirstContentfulPaint(() => void import('./framework').then(() => setTimeout(start)));
}

/**
 * Runs `then` once the browser reports the page's first content as shown: the moment it
 * reached the screen, which can come a frame or more after the main thread painted it. A
 * page that never reports it (hidden before its first frame, or a browser without paint
 * timing) starts after a second.
 */
function afterFirstContentfulPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    setTimeout(then);
  };
  const painted = (entries: PerformanceEntryList) => entries.some((entry) => entry.name === 'first-contentful-paint');
  const observer = PerformanceObserver.supportedEntryTypes?.includes('paint')
    ? new PerformanceObserver((list) => {
        if (painted(list.getEntries())) once();
      })
    : null;
  observer?.observe({ type: 'paint', buffered: true });
  setTimeout(once, 1000);
}
