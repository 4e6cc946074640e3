import { useEffect } from 'react';

const KEY = 'dashboard-scroll-y';

/** Remembers the dashboard's scroll position in session storage (spec §9). */
export function saveDashboardScroll(): void {
  sessionStorage.setItem(KEY, String(Math.round(window.scrollY)));
}

/** Restores the saved position once the page has content to scroll (`ready`). */
export function useRestoreDashboardScroll(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const saved = Number(sessionStorage.getItem(KEY));
    if (saved > 0) window.scrollTo({ top: saved, behavior: 'instant' });
  }, [ready]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(saveDashboardScroll);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
}
