import { useQuery } from '@tanstack/react-query';
import { MODULE_COUNT } from '@ehc/common';
import { CheckList } from '../../components/CheckList';
import { CloseButton } from '../../components/CloseButton';
import { Dialog } from '../../components/Dialog';
import { formatPrice, pricingQuery, offerEndsLabel, type Pricing } from '../../lib/pricing-api';
import { lessonCountLabel } from './lesson-count';

interface PersuasionPopupProps {
  /** On the dashboard the button reads "Grab This Offer Now"; elsewhere "Grab This Offer Now!". */
  variant: 'dashboard' | 'page';
  /** Lessons in the catalogue, so the number on screen is true. */
  lessonCount: number | null;
  onGrab(): void;
  onClose(): void;
}

/** The two buttons share size and weight: declining is as easy to see as accepting. */
const CHOICE = 'min-h-12 w-full rounded-xl border-2 px-3 py-2.5 text-base font-bold';

/** "Wait! Don't Miss Out!" (spec §2), stating only what the price settings make true. */
export function PersuasionPopup({ variant, lessonCount, onGrab, onClose }: PersuasionPopupProps) {
  const pricing = useQuery(pricingQuery);
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
      <div className="mx-auto w-full max-w-lg p-4">
        <section className="relative rounded-3xl border border-amber-400/50 bg-slate-900 p-6 shadow-2xl sm:p-7">
          <CloseButton
            onClick={onClose}
            className="min-h-11 min-w-11 text-slate-300 hover:bg-slate-800 hover:text-white"
          />
          <h2 className="pr-10 text-2xl font-extrabold text-white">Wait! Don&apos;t Miss Out!</h2>
          {pricing.data && <OfferLine pricing={pricing.data} />}
          <CheckList items={benefits} className="mt-5 grid gap-2 text-sm sm:grid-cols-2" />
          <div className="mt-6 grid grid-cols-2 gap-3">
            <button
              type="button"
              data-autofocus
              onClick={onGrab}
              className={`${CHOICE} border-amber-400 bg-amber-400 text-slate-950 hover:bg-amber-300`}
            >
              {variant === 'dashboard' ? 'Grab This Offer Now' : 'Grab This Offer Now!'}
            </button>
            <button
              type="button"
              onClick={onClose}
              className={`${CHOICE} border-slate-300 text-white hover:bg-slate-800`}
            >
              Maybe Later
            </button>
          </div>
        </section>
      </div>
    </Dialog>
  );
}

/** "99% off, from ₹4,999 to ₹49." — limited-time and an end date only while the offer runs. */
function OfferLine({ pricing }: { pricing: Pricing }) {
  const price = <strong className="text-white">{formatPrice(pricing.price)}</strong>;
  return (
    <div className="mt-2 text-amber-200">
      <p>
        {pricing.offer_ends_at && 'Limited-time offer: '}
        {pricing.reference_price !== null && pricing.discount_percent !== null ? (
          <>
            {pricing.discount_percent}% off, from <s>{formatPrice(pricing.reference_price)}</s> to {price}.
          </>
        ) : (
          <>
            All {MODULE_COUNT} modules for {price}, one-time.
          </>
        )}
      </p>
      {pricing.offer_ends_at && <p className="mt-1 font-semibold">{offerEndsLabel(pricing.offer_ends_at)}</p>}
    </div>
  );
}
