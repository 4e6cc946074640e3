import type { GetPricingQuery } from '../gql/graphql';
import { fieldQuery, graphql } from './graphql';
import { queryKeys } from './query-keys';

/**
 * The price and what may honestly be said about it (the server decides; product-decisions §7):
 * paise, GST included when the seller is registered; no "was" price unless one is configured,
 * with the days it was really charged; `offer_ends_at` only while the offer really runs.
 */
export type Pricing = GetPricingQuery['pricing'];

const GetPricing = graphql(`
  query GetPricing {
    pricing {
      price
      reference_price
      discount_percent
      reference_charged_since
      reference_charged_until
      offer_ends_at
      gst_registered
    }
  }
`);

/**
 * The price as it stands, fetched once per visit; the console invalidates it when the
 * seller changes it, so this tab shows the new one.
 */
export const pricing = fieldQuery(queryKeys.pricing, GetPricing, {}, 'pricing', Infinity);
export const pricingQuery = pricing.options;

/** "₹49", "₹4,999", or "₹49.50" when the amount has paise. */
export function formatPrice(paise: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: paise % 100 === 0 ? 0 : 2,
  }).format(paise / 100);
}

const offerDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** "Offer ends 31 Dec 2026": the day in India, where the offer is made. */
export function offerEndsLabel(iso: string): string {
  return `Offer ends ${offerDate.format(new Date(iso))}`;
}
