import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** Spec §9: the pop-up follows 5 seconds after the payment screen closes without payment. */
export const OFFER_DELAY_MS = 5_000;

// Both in this tab's session storage, so the timer outlives leaving /subscription or the
// paywall for the dashboard, and the pop-up shows at most once per visit (decisions §7).
const DUE_AT = 'offer-popup-due-at';
const SHOWN_THIS_VISIT = 'offer-popup-shown';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function dueAt(): number | null {
  const value = Number(sessionStorage.getItem(DUE_AT));
  return value > 0 ? value : null;
}

/** The payment screen closed unpaid: the pop-up is due in 5 s, unless it showed already. */
export function startOfferTimer(): void {
  if (sessionStorage.getItem(SHOWN_THIS_VISIT) === '1') return;
  sessionStorage.setItem(DUE_AT, String(Date.now() + OFFER_DELAY_MS));
  notify();
}

/** The learner went back to paying (or paid): no pop-up. */
export function cancelOfferTimer(): void {
  if (sessionStorage.getItem(DUE_AT) === null) return;
  sessionStorage.removeItem(DUE_AT);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the pop-up is on screen here. Only screens that can show it call this (the
 * dashboard and the payment page); `eligible` is false for paid learners, and while
 * a payment is under way.
 */
export function useOfferPopup(eligible: boolean): { visible: boolean; hide(): void } {
  // Nothing is due on the server: the timer lives in this tab's session storage.
  const due = useSyncExternalStore(subscribe, dueAt, () => null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!eligible || due === null) return;
    const timer = setTimeout(
      () => {
        sessionStorage.removeItem(DUE_AT);
        sessionStorage.setItem(SHOWN_THIS_VISIT, '1');
        setVisible(true);
        notify();
      },
      Math.max(0, due - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [eligible, due]);

  return { visible: visible && eligible, hide: useCallback(() => setVisible(false), []) };
}
