import { useLayoutEffect, useRef } from 'react';

/** Positions are kept in session storage: this tab's, through a reload, gone with the tab. */
const PREFIX = 'scroll:';

/** Saves the window's scroll position as the page `key`'s (before leaving it, say). */
export function saveScroll(key: string): void {
  sessionStorage.setItem(PREFIX + key, String(Math.round(window.scrollY)));
}

interface ScrollMemory {
  /** Names the page, and the position kept for it. */
  key: string;
  /**
   * The page's address (or addresses). Positions are saved only while the window's is
   * one of them: leaving, a page can stay mounted a moment while the next one loads, and
   * the window then scrolls to the top of a shorter page, which is not this page's place.
   */
  page: string | RegExp;
  /**
   * The content the saved position was measured on is on screen. Screens load their
   * data after they mount: restoring before then would meet a short page and stop at its
   * end, and saving before then would write that over the real place.
   */
  ready: boolean;
  /** Whether to return to the saved position (a reload, Back or Forward) or stay where the window is. */
  restore: boolean;
}

/**
 * Keeps a page's scroll position as the learner scrolls, and each time its content
 * becomes ready returns to the position saved for it.
 */
export function useScrollMemory({ key, page, ready, restore }: ScrollMemory): void {
  // The key whose content is on screen and was restored: a later render of the same
  // content (a link to a heading in it, say) leaves the window where it is.
  const restored = useRef<string | null>(null);

  // Before the browser paints, so the page does not flash its top first.
  useLayoutEffect(() => {
    if (!ready) {
      restored.current = null;
      return;
    }
    if (restored.current === key) return;
    restored.current = key;
    const saved = Number(sessionStorage.getItem(PREFIX + key));
    if (restore && saved > 0) window.scrollTo({ top: saved, behavior: 'instant' });
  }, [key, ready, restore]);

  // A layout effect too, so a page replaced by another (the session-ended prompt, say)
  // stops listening in the same commit, before the shorter page scrolls the window to 0.
  useLayoutEffect(() => {
    if (!ready) return;
    const isThisPage = () =>
      typeof page === 'string' ? window.location.pathname === page : page.test(window.location.pathname);
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (isThisPage()) saveScroll(key);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [key, page, ready]);
}
