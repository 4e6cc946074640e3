import { gql } from './graphql';
import { cachedRequest } from './request-cache';

/** The price and what may honestly be said about it (the server decides; product-decisions §7). */
export interface Pricing {
  /** In paise: the total a learner pays, GST included when the seller is registered. */
  price: number;
  /** The "was" price in paise, or null when none is configured: then nothing is struck out. */
  reference_price: number | null;
  discount_percent: number | null;
  /** The days (YYYY-MM-DD) the "was" price was really charged, when the seller gave them. */
  reference_charged_since: string | null;
  reference_charged_until: string | null;
  /** ISO time; only present while the offer really runs. */
  offer_ends_at: string | null;
  gst_registered: boolean;
}

const pricing = cachedRequest(async () => {
  const data = await gql<{ pricing: Pricing }>(
    'GetPricing',
    `query GetPricing { pricing {
      price reference_price discount_percent reference_charged_since reference_charged_until offer_ends_at gst_registered
    } }`,
  );
  return data.pricing;
});

/** The price as it stands, fetched once per visit. */
export const fetchPricing = pricing.get;

/** Forgets the price after the seller changed it in the console, so this tab shows the new one. */
export const clearPricingCache = pricing.clear;

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
