import { useQuery } from '@tanstack/react-query';
import { MODULE_COUNT } from '@ehc/common';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckList } from '../../components/CheckList';
import { CloseButton } from '../../components/CloseButton';
import { ErrorPanel } from '../../components/ErrorPanel';
import { formatPrice, pricingQuery, offerEndsLabel, type Pricing } from '../../lib/pricing-api';
import { lessonCountLabel } from './lesson-count';

interface SubscriptionScreenProps {
  /** Total lessons in the catalogue, so the claim on screen is always true. */
  lessonCount: number | null;
  onBack(): void;
  /** Given in the dashboard's sheet: a close button (×) in the screen's corner. */
  onClose?(): void;
  /** h1 where the screen is the page (/subscription, the paywall), h2 in the dashboard's sheet. */
  titleLevel: 'h1' | 'h2';
  /** The pay button and its messages; supplied by the checkout. */
  children?: ReactNode;
}

/**
 * What the course costs and buys (spec §2 Subscription screen). The figures come from the
 * server's `pricing`: a struck-out price and "N% OFF" only with a configured reference
 * price, "limited-time" only while a configured offer end date lies ahead.
 */
export function SubscriptionScreen({
  lessonCount,
  onBack,
  onClose,
  titleLevel: Title,
  children,
}: SubscriptionScreenProps) {
  const pricing = useQuery(pricingQuery);
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
  const discount = pricing.data && pricing.data.reference_price !== null ? pricing.data.discount_percent : null;
  return (
    <div className="mx-auto w-full max-w-xl p-4 sm:p-6">
      <button
        type="button"
        onClick={onBack}
        className="mb-4 inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-emerald-300 hover:bg-slate-800"
      >
        ← Back to Dashboard
      </button>
      <section
        aria-labelledby="subscription-title"
        className="relative rounded-3xl border border-slate-700 bg-slate-900 p-6 shadow-2xl sm:p-8"
      >
        {onClose && (
          <CloseButton
            onClick={onClose}
            className="min-h-11 min-w-11 text-slate-300 hover:bg-slate-800 hover:text-white"
          />
        )}
        <div className={`flex items-start justify-between gap-4 ${onClose ? 'pr-10' : ''}`}>
          <Title id="subscription-title" className="text-2xl font-extrabold text-white">
            Unlock the full course
          </Title>
          {discount !== null && (
            <span className="shrink-0 rounded-full bg-rose-600 px-3 py-1 text-xs font-bold text-white">
              {discount}% OFF
            </span>
          )}
        </div>
        <CheckList items={features} className="mt-6 space-y-3" />
        {pricing.status === 'pending' && <p className="mt-8 text-slate-300">Loading...</p>}
        {pricing.status === 'error' && <ErrorPanel onRetry={() => void pricing.refetch()} />}
        {pricing.data && (
          <>
            <PriceSummary pricing={pricing.data} />
            {/* Nobody is asked to pay before the price is on screen. */}
            <div className="mt-6">{children}</div>
          </>
        )}
        <p className="mt-4 text-center text-xs text-slate-300">
          🔒 Secure payment by Razorpay: UPI, cards, net banking and wallets. We never see your card details.
        </p>
        <p className="mt-2 text-center text-xs text-slate-300">
          <Link to="/terms" className="inline-flex min-h-11 items-center px-1 underline underline-offset-2">
            Terms of use
          </Link>
          {' · '}
          <Link to="/refunds" className="inline-flex min-h-11 items-center px-1 underline underline-offset-2">
            Refund policy
          </Link>
          {' · '}
          <Link to="/contact" className="inline-flex min-h-11 items-center px-1 underline underline-offset-2">
            Contact us
          </Link>
        </p>
      </section>
    </div>
  );
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "1 Jun 2025" from "2025-06-01". */
function dayLabel(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** The price line: the total, the honest "was" price when there is one, and a real end date. */
function PriceSummary({ pricing }: { pricing: Pricing }) {
  return (
    <div className="mt-8">
      <p className="flex flex-wrap items-end gap-x-3 gap-y-1">
        {pricing.reference_price !== null && (
          <>
            <span className="sr-only">Earlier price</span>
            <s className="text-lg text-slate-400">{formatPrice(pricing.reference_price)}</s>
            <span className="sr-only">, now</span>
          </>
        )}
        <span className="text-4xl font-extrabold text-white">{formatPrice(pricing.price)}</span>
        <span className="pb-1 text-sm text-slate-300">one-time</span>
      </p>
      {pricing.reference_price !== null && pricing.reference_charged_since && pricing.reference_charged_until && (
        <p className="mt-1 text-xs text-slate-400" data-testid="reference-charged">
          {formatPrice(pricing.reference_price)} was the price from {dayLabel(pricing.reference_charged_since)} to{' '}
          {dayLabel(pricing.reference_charged_until)}.
        </p>
      )}
      <p className="mt-2 text-sm text-slate-300">
        {pricing.gst_registered ? 'GST included. ' : ''}This is the total: nothing is added at checkout.
      </p>
      {pricing.offer_ends_at && (
        <p className="mt-2 text-sm font-semibold text-amber-300">
          Limited-time offer · {offerEndsLabel(pricing.offer_ends_at)}
        </p>
      )}
    </div>
  );
}
