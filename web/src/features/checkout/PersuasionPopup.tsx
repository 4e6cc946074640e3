import { DISCOUNT_PERCENT, LIST_PRICE_RUPEES, MODULE_COUNT, PRICE_RUPEES } from '@ehc/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckList } from '../../components/CheckList';
import { CloseButton } from '../../components/CloseButton';
import { Dialog } from '../../components/Dialog';
import { lessonCountLabel } from './lesson-count';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Spec §9: the pop-up follows 5 seconds after the payment screen closes without payment. */
export const OFFER_DELAY_MS = 5_000;

/**
 * The offer timer. `start` is called when the payment screen closes unpaid; the timer is
 * cancelled when the learner pays, or leaves (the host component unmounts).
 */
export function useOfferTimer(eligible: boolean) {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  const start = useCallback(() => {
    clearTimeout(timer.current);
    if (eligible) timer.current = setTimeout(() => setVisible(true), OFFER_DELAY_MS);
  }, [eligible]);
  useEffect(() => cancel, [cancel]);
  useEffect(() => {
    if (!eligible) {
      cancel();
      setVisible(false);
    }
  }, [eligible, cancel]);
  return { visible, start, cancel, hide: useCallback(() => setVisible(false), []) };
}

interface PersuasionPopupProps {
  /** On the dashboard the button reads "Grab This Offer Now"; elsewhere "Grab This Offer Now!". */
  variant: 'dashboard' | 'page';
  /** Lessons in the catalogue, so the number on screen is true. */
  lessonCount: number | null;
  onGrab(): void;
  onClose(): void;
}

/** "Wait! Don't Miss Out!" (spec §2). */
export function PersuasionPopup({ variant, lessonCount, onGrab, onClose }: PersuasionPopupProps) {
  const lessons = lessonCountLabel(lessonCount);
  const benefits = [
    `${MODULE_COUNT} premium modules`,
    lessons ? `${lessons} detailed lessons` : 'Detailed lessons',
    'Hands-on exercises',
    'Professional certificates',
    'Expert techniques',
    'Lifetime access',
  ];
  return (
    <Dialog label="Wait! Don't Miss Out!" onClose={onClose}>
      <div className="mx-auto w-full max-w-md p-4">
        <section className="relative rounded-3xl border border-amber-400/50 bg-slate-900 p-7 shadow-2xl">
          <CloseButton onClick={onClose} className="text-slate-400 hover:bg-slate-800 hover:text-white" />
          <h2 className="text-2xl font-extrabold text-white">Wait! Don&apos;t Miss Out!</h2>
          <p className="mt-2 text-amber-300">
            Limited-time offer: {DISCOUNT_PERCENT}% off, from <s>{rupees.format(LIST_PRICE_RUPEES)}</s> to{' '}
            <strong className="text-white">{rupees.format(PRICE_RUPEES)}</strong>.
          </p>
          <CheckList items={benefits} className="mt-5 grid grid-cols-2 gap-2 text-sm" />
          <button
            type="button"
            onClick={onGrab}
            className="mt-6 w-full rounded-xl bg-amber-400 px-5 py-3 font-bold text-slate-950 hover:bg-amber-300"
          >
            {variant === 'dashboard' ? 'Grab This Offer Now' : 'Grab This Offer Now!'}
          </button>
          <button
            type="button"
            onClick={onClose}
            className="mt-2 w-full rounded-xl px-5 py-2 text-sm text-slate-400 hover:text-white"
          >
            Maybe Later
          </button>
        </section>
      </div>
    </Dialog>
  );
}
