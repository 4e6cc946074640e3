import { DISCOUNT_PERCENT, LIST_PRICE_RUPEES, MODULE_COUNT, PRICE_RUPEES } from '@ehc/common';
import type { ReactNode } from 'react';
import { CheckList } from '../../components/CheckList';
import { lessonCountLabel } from './lesson-count';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

interface SubscriptionScreenProps {
  /** Total lessons in the catalogue, so the claim on screen is always true. */
  lessonCount: number | null;
  onBack(): void;
  /** The pay button and its messages; supplied by the checkout. */
  children?: ReactNode;
}

/** What the ₹49 buys (spec §2 Subscription screen). */
export function SubscriptionScreen({ lessonCount, onBack, children }: SubscriptionScreenProps) {
  const label = lessonCountLabel(lessonCount);
  const lessons = label ? `${label} lessons` : 'Detailed lessons';
  const features = [
    `All ${MODULE_COUNT} modules, beginner to advanced`,
    `${lessons} with step-by-step explanations`,
    'Practical exercises in your own lab',
    'Lifetime access',
    'Regular updates as tools and attacks change',
    'A verifiable certificate for each module and the full course',
  ];
  return (
    <div className="mx-auto w-full max-w-xl p-4 sm:p-6">
      <button
        type="button"
        onClick={onBack}
        className="mb-4 rounded-lg px-2 py-1 text-sm font-medium text-emerald-300 hover:bg-slate-800"
      >
        ← Back to Dashboard
      </button>
      <section
        aria-labelledby="subscription-title"
        className="rounded-3xl border border-slate-700 bg-slate-900 p-6 shadow-2xl sm:p-8"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id="subscription-title" className="text-2xl font-extrabold text-white">
            Unlock the full course
          </h2>
          <span className="shrink-0 rounded-full bg-rose-500 px-3 py-1 text-xs font-bold text-white">
            {DISCOUNT_PERCENT}% OFF
          </span>
        </div>
        <CheckList items={features} className="mt-6 space-y-3" />
        <div className="mt-8 flex items-end gap-3">
          <s className="text-lg text-slate-500" aria-label={`Original price ${rupees.format(LIST_PRICE_RUPEES)}`}>
            {rupees.format(LIST_PRICE_RUPEES)}
          </s>
          <span className="text-4xl font-extrabold text-white">{rupees.format(PRICE_RUPEES)}</span>
          <span className="pb-1 text-sm text-slate-400">one-time</span>
        </div>
        <div className="mt-6">{children}</div>
        <p className="mt-4 text-center text-xs text-slate-400">
          🔒 Secure payment by Razorpay: UPI, cards, net banking and wallets. We never see your card details.
        </p>
      </section>
    </div>
  );
}
