import { LIST_PRICE_RUPEES, PRICE_PAISE } from '@ehc/common';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Env } from '../../lib/env';

const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const PHONE = /^\+?[\d ()-]{6,20}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What the seller sets in the console (stored in `business_settings`, first filled from the
 * environment): who they are, for receipts, emails and the legal pages, and the price.
 * A "was" price is shown struck out only with the date since which it was really charged,
 * and "limited-time" only until a real end date (product-decisions §7).
 */
export const businessSettingsSchema = z.object({
  legalName: z.string().trim().min(1).max(200),
  address: z.string().trim().min(1).max(500),
  supportEmail: z.email().max(254),
  supportPhone: z.string().regex(PHONE, 'must be a phone number such as +91 98765 43210').nullable(),
  grievanceOfficer: z
    .object({ name: z.string().trim().min(1).max(100), contact: z.string().trim().min(3).max(200) })
    .nullable(),
  gstin: z.string().regex(GSTIN, 'must be a 15-character GSTIN such as 29ABCDE1234F1Z5').nullable(),
  /** What a learner pays, GST included when registered. */
  pricePaise: z.number().int().min(100).max(10_000_000),
  /** The earlier price, and since when it was really charged (null: never shown as "was"). */
  referencePrice: z
    .object({ paise: z.number().int().min(100).max(100_000_000), chargedSince: z.string().regex(DAY).nullable() })
    .nullable(),
  /** The offer's real end (ISO time); "limited-time" is claimed only before it. */
  offerEndsAt: z.iso.datetime().nullable(),
});

export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

/** Who sells: the part of the settings printed on receipts and in every email. */
export type Seller = Pick<BusinessSettings, 'legalName' | 'address' | 'supportEmail' | 'supportPhone' | 'gstin'>;

/** The settings before the seller edits any: the environment's seller, the spec's price. */
export function defaultSettings(env: Pick<Env, 'seller'>): BusinessSettings {
  return {
    legalName: env.seller.legalName,
    address: env.seller.address,
    supportEmail: env.seller.supportEmail,
    supportPhone: env.seller.supportPhone,
    grievanceOfficer: null,
    gstin: env.seller.gstin,
    pricePaise: PRICE_PAISE,
    // The spec's ₹4,999, with no date: shown, and warned about in production, until the
    // seller says since when it was charged or removes it.
    referencePrice: { paise: LIST_PRICE_RUPEES * 100, chargedSince: null },
    offerEndsAt: null,
  };
}

/** The settings in force: the stored ones, or the defaults until the seller saves some. */
export async function loadBusinessSettings(db: Kysely<Database>, env: Pick<Env, 'seller'>): Promise<BusinessSettings> {
  const row = await db.selectFrom('business_settings').select('data').where('id', '=', 1).executeTakeFirst();
  if (!row) return defaultSettings(env);
  // Written only through saveBusinessSettings, which validates; parse anyway so a hand edit cannot break pages.
  const parsed = businessSettingsSchema.safeParse(JSON.parse(row.data));
  return parsed.success ? parsed.data : defaultSettings(env);
}

export async function saveBusinessSettings(
  db: Kysely<Database>,
  settings: BusinessSettings,
  updatedBy: string,
): Promise<void> {
  const data = JSON.stringify(businessSettingsSchema.parse(settings));
  const now = Date.now();
  await db
    .insertInto('business_settings')
    .values({ id: 1, data, updated_at: now, updated_by: updatedBy })
    .onConflict((oc) => oc.column('id').doUpdateSet({ data, updated_at: now, updated_by: updatedBy }))
    .execute();
}

export function sellerOf(settings: BusinessSettings): Seller {
  const { legalName, address, supportEmail, supportPhone, gstin } = settings;
  return { legalName, address, supportEmail, supportPhone, gstin };
}

/** The price as the subscription screen and pop-up may state it, at `now`. */
export interface PublicPricing {
  pricePaise: number;
  /** Shown struck out only when configured (and in production, only honestly: see the boot warning). */
  referencePricePaise: number | null;
  /** Computed from the reference price, rounded down: never more than the truth. */
  discountPercent: number | null;
  /** Only while the offer really runs. */
  offerEndsAt: string | null;
  gstRegistered: boolean;
}

export function publicPricing(settings: BusinessSettings, now = Date.now()): PublicPricing {
  const reference =
    settings.referencePrice && settings.referencePrice.paise > settings.pricePaise ? settings.referencePrice : null;
  const offerRuns = settings.offerEndsAt !== null && Date.parse(settings.offerEndsAt) > now;
  return {
    pricePaise: settings.pricePaise,
    referencePricePaise: reference?.paise ?? null,
    discountPercent: reference ? Math.floor(((reference.paise - settings.pricePaise) / reference.paise) * 100) : null,
    offerEndsAt: offerRuns ? settings.offerEndsAt : null,
    gstRegistered: settings.gstin !== null,
  };
}

/** Why a production start warns: a "was" price without the date it was charged is what the rules target. */
export function pricingWarnings(settings: BusinessSettings): string[] {
  if (settings.referencePrice && settings.referencePrice.chargedSince === null) {
    return [
      'A struck-out reference price is shown without the date since which it was charged. The Guidelines for Prevention and Regulation of Dark Patterns, 2023 (CCPA) treat a misleading reference price as a dark pattern: set since when it was charged, or remove it, in the console’s business settings.',
    ];
  }
  return [];
}
