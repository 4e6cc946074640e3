import { useEffect } from 'react';
import { LAZY_PAGES } from '@ehc/common';

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
    // Only while the address is still the dashboard's. Leaving it, this page can stay
    // mounted a moment while the next one loads; the window then scrolls to the top of a
    // shorter page, and that position is not the dashboard's (an e2e test returns to it).
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (LAZY_PAGES.dashboard.path.test(window.location.pathname)) saveDashboardScroll();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
}
