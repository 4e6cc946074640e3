import { LIST_PRICE_RUPEES, PRICE_PAISE } from '@ehc/common';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Env } from '../../lib/env';

const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const PHONE = /^\+?[\d ()-]{6,20}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The free sample lesson until the seller picks another: the login bypass by SQL injection. */
export const DEFAULT_SAMPLE_LESSON = { moduleId: 'web-application', number: 5 };

/**
 * What the seller sets in the console (stored in `business_settings`, first filled from the
 * environment): who they are, for receipts, emails and the legal pages, and the price.
 * A "was" price is shown struck out only with the date since which it was really charged,
 * and "limited-time" only until a real end date (product-decisions §7).
 */
export const businessSettingsSchema = z.object({
  legalName: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  address: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
  supportEmail: z
    .email('must be an email address such as support@example.com')
    .max(254, 'must be at most 254 characters'),
  supportPhone: z.string().regex(PHONE, 'must be a phone number such as +91 98765 43210').nullable(),
  grievanceOfficer: z
    .object({
      name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
      contact: z.string().trim().min(3, 'must be at least 3 characters').max(200, 'must be at most 200 characters'),
    })
    .nullable(),
  gstin: z.string().regex(GSTIN, 'must be a 15-character GSTIN such as 29ABCDE1234F1Z5').nullable(),
  /** What a learner pays, GST included when registered. */
  pricePaise: z
    .number()
    .int('must be a whole number of paise')
    .min(100, 'must be at least 100 paise (₹1)')
    .max(10_000_000, 'must be at most 10000000 paise (₹1,00,000)'),
  /** The earlier price, and the days it was really charged (null: never shown as "was"). */
  referencePrice: z
    .object({
      paise: z
        .number()
        .int('must be a whole number of paise')
        .min(100, 'must be at least 100 paise (₹1)')
        .max(100_000_000, 'must be at most 100000000 paise (₹10,00,000)'),
      chargedSince: z.string().regex(DAY, 'must be a date such as 2026-01-31').nullable(),
      /** The last day it was charged; with chargedSince, the range a learner is told. */
      chargedUntil: z.string().regex(DAY, 'must be a date such as 2026-01-31').nullable().default(null),
    })
    .nullable(),
  /** The offer's real end (ISO time); "limited-time" is claimed only before it. */
  offerEndsAt: z.iso.datetime('must be a time such as 2026-12-31T18:29:59Z').nullable(),
  /**
   * The one lesson anyone may read without an account, at /sample/<module>/<number> (null:
   * none). Settings saved before it existed read as the default.
   */
  sampleLesson: z
    .object({
      moduleId: z.string().trim().min(1, 'needs a module').max(60, 'must name a module of the course'),
      number: z.number().int('must be a whole number').min(1, 'must be at least 1').max(9999, 'must be at most 9999'),
    })
    .nullable()
    .default(DEFAULT_SAMPLE_LESSON),
});

export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

// How the console names each setting in an error message, by its path in the settings.
const FIELD_LABELS: Record<string, string> = {
  legalName: 'Legal name',
  address: 'Address',
  supportEmail: 'Support email',
  supportPhone: 'Support phone',
  'grievanceOfficer.name': 'Grievance officer’s name',
  'grievanceOfficer.contact': 'Grievance officer’s contact',
  gstin: 'GSTIN',
  pricePaise: 'Price',
  'referencePrice.paise': 'Reference price',
  'referencePrice.chargedSince': 'Reference price “charged since” date',
  'referencePrice.chargedUntil': 'Reference price “charged until” date',
  offerEndsAt: 'Offer end',
  'sampleLesson.moduleId': 'Sample lesson',
  'sampleLesson.number': 'Sample lesson number',
};

/**
 * Checks settings the seller is saving: the stored shape, plus rules that only make sense
 * at the moment of saving (a "was" price above the price, charged since a real past day).
 * Returns the settings, or one message naming the setting, e.g. "Price must be at least 100 paise (₹1)."
 */
export function checkNewSettings(
  input: unknown,
  now = Date.now(),
): { settings: BusinessSettings } | { problem: string } {
  const parsed = businessSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.join('.');
    return { problem: `${FIELD_LABELS[path] ?? path} ${issue.message}.` };
  }
  const settings = parsed.data;
  const reference = settings.referencePrice;
  if (reference && reference.paise <= settings.pricePaise) {
    return { problem: 'Reference price must be more than the price, or left empty.' };
  }
  const since = reference?.chargedSince;
  const until = reference?.chargedUntil;
  if (since && !isPastDay(since, now)) {
    return { problem: 'Reference price “charged since” date must be a real day, not in the future.' };
  }
  if (until && !isPastDay(until, now)) {
    return { problem: 'Reference price “charged until” date must be a real day, not in the future.' };
  }
  if (reference && Boolean(since) !== Boolean(until)) {
    return { problem: 'Reference price needs both dates: from when and until when it was charged.' };
  }
  if (since && until && until < since) {
    return { problem: 'Reference price “charged until” date must not be before the “charged since” date.' };
  }
  return { settings };
}

function isPastDay(day: string, now: number): boolean {
  return isCalendarDay(day) && Date.parse(`${day}T00:00:00Z`) <= now;
}

function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
}

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
    referencePrice: { paise: LIST_PRICE_RUPEES * 100, chargedSince: null, chargedUntil: null },
    offerEndsAt: null,
    sampleLesson: DEFAULT_SAMPLE_LESSON,
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
  /** The days the reference price was charged (YYYY-MM-DD), when the seller gave them. */
  referenceCharged: { since: string; until: string } | null;
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
    referenceCharged:
      reference?.chargedSince && reference.chargedUntil
        ? { since: reference.chargedSince, until: reference.chargedUntil }
        : null,
    offerEndsAt: offerRuns ? settings.offerEndsAt : null,
    gstRegistered: settings.gstin !== null,
  };
}

/** Why a production start warns: a "was" price without the date it was charged is what the rules target. */
export function pricingWarnings(settings: BusinessSettings): string[] {
  if (
    settings.referencePrice &&
    (settings.referencePrice.chargedSince === null || settings.referencePrice.chargedUntil === null)
  ) {
    return [
      'A struck-out reference price is shown without the dates it was really charged. The Guidelines for Prevention and Regulation of Dark Patterns, 2023 (CCPA) treat a misleading reference price as a dark pattern: set from when until when it was charged, or remove it, in the console’s business settings.',
    ];
  }
  return [];
}
