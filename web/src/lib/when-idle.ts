/**
 * Runs `task` once the browser has nothing more urgent to do: for work a page wants soon
 * but not before it has shown itself (prefetching what comes next, loading trackers), so
 * a phone's link and main thread carry the page first. Safari has no requestIdleCallback:
 * there, half a second.
 */
export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => task());
  else setTimeout(task, 500);
}
