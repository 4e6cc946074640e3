import { MODULE_COUNT } from '@ehc/common';
import { useEffect, useRef } from 'react';
import { CloseButton } from '../../components/CloseButton';

// Per learner and device: once dismissed, or once a module is opened, it has done its job.
const doneKey = (userId: string) => `premium-welcome-done:${userId}`;

/** Whether the welcome-to-premium message still has something to say to this learner. */
export function premiumWelcomeDue(userId: string, startedAModule: boolean): boolean {
  return !startedAModule && localStorage.getItem(doneKey(userId)) !== '1';
}

/** Remembers that the learner has moved on (dismissed it, or opened a module). */
export function retirePremiumWelcome(userId: string): void {
  localStorage.setItem(doneKey(userId), '1');
}

/** "Welcome to Premium!" after a payment, with the page's h1 and a way to put it away. */
export function PremiumWelcome({ onDismiss }: { onDismiss(): void }) {
  // The learner may have paid from a sheet opened far down the page: bring the news into
  // view, and to screen readers, by moving focus to it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby="premium-welcome"
      className="relative mb-8 rounded-2xl border border-amber-400/40 bg-gradient-to-r from-amber-500/15 to-emerald-500/10 p-6 pr-14"
    >
      <CloseButton onClick={onDismiss} className="min-h-11 min-w-11 text-slate-200 hover:bg-slate-800" />
      <h1
        id="premium-welcome"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-extrabold text-white outline-none"
      >
        Welcome to Premium! 🎉
      </h1>
      <p className="mt-2 text-slate-200">
        Your payment is confirmed and all {MODULE_COUNT} modules are unlocked. Pick a module below to start.
      </p>
    </section>
  );
}
