import type { BusinessSettings, BusinessSettingsInput } from './admin-api';
import { endOfDayInIndia, indiaDateOf } from './admin-format';
import { REASON_MAX, REASON_MIN, reasonIsValid } from './reason-rule';

/** The form as typed: every field a string, prices in rupees, dates as YYYY-MM-DD. */
export interface SettingsFields {
  legalName: string;
  address: string;
  supportEmail: string;
  supportPhone: string;
  officerName: string;
  officerContact: string;
  gstin: string;
  price: string;
  referencePrice: string;
  chargedSince: string;
  chargedUntil: string;
  offerEndsOn: string;
  /** A module id, or '' for no free sample lesson. */
  sampleModule: string;
  sampleNumber: string;
  reason: string;
}

export type SettingsField = keyof SettingsFields;

export const FIELD_LABELS: Record<SettingsField, string> = {
  legalName: 'Legal name',
  address: 'Address',
  supportEmail: 'Support email',
  supportPhone: 'Support phone (optional)',
  officerName: 'Grievance officer name',
  officerContact: 'Grievance officer contact',
  gstin: 'GSTIN (optional)',
  price: 'Price (₹)',
  referencePrice: '“Was” price (₹, optional)',
  chargedSince: 'Charged since',
  chargedUntil: 'Charged until',
  offerEndsOn: 'Offer ends on (optional)',
  sampleModule: 'Free sample lesson: module',
  sampleNumber: 'Lesson number',
  reason: 'Reason',
};

export interface FieldProblem {
  field: SettingsField | null;
  message: string;
}

function rupeesText(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

export function fieldsFrom(settings: BusinessSettings): SettingsFields {
  const { contact } = settings;
  return {
    legalName: contact.legal_name,
    address: contact.address,
    supportEmail: contact.support_email,
    supportPhone: contact.support_phone ?? '',
    officerName: contact.grievance_officer?.name ?? '',
    officerContact: contact.grievance_officer?.contact ?? '',
    gstin: contact.gstin ?? '',
    price: rupeesText(settings.price),
    referencePrice: settings.reference_price ? rupeesText(settings.reference_price.paise) : '',
    chargedSince: settings.reference_price?.charged_since ?? '',
    chargedUntil: settings.reference_price?.charged_until ?? '',
    offerEndsOn: settings.offer_ends_at ? indiaDateOf(settings.offer_ends_at) : '',
    sampleModule: settings.sample_lesson?.module_id ?? '',
    sampleNumber: settings.sample_lesson ? String(settings.sample_lesson.number) : '',
    reason: '',
  };
}

/** "49", "49.5" or "4,999" → paise; null when it is not an amount of rupees and paise. */
export function paiseOf(rupees: string): number | null {
  const cleaned = rupees.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks the form as the server will (business-settings.ts), plus one rule of honest
 * pricing the server only warns about: a "was" price needs the date since it was charged.
 * Returns the input to send, or the first problem.
 */
export function settingsInput(
  fields: SettingsFields,
  today: string,
): { input: BusinessSettingsInput; reason: string } | FieldProblem {
  const trimmed = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value.trim()]),
  ) as SettingsFields;
  const problem = (field: SettingsField, message: string): FieldProblem => ({ field, message });

  if (!trimmed.legalName) return problem('legalName', 'Please enter the legal name printed on receipts.');
  if (!trimmed.address) return problem('address', 'Please enter the postal address.');
  if (!EMAIL.test(trimmed.supportEmail)) return problem('supportEmail', 'Please enter a valid email address.');
  if (Boolean(trimmed.officerName) !== Boolean(trimmed.officerContact)) {
    const field = trimmed.officerName ? 'officerContact' : 'officerName';
    return problem(field, 'Give the grievance officer’s name and contact, or leave both empty.');
  }
  const price = paiseOf(trimmed.price);
  if (price === null || price < 100) return problem('price', 'Please enter the price in rupees, at least ₹1.');
  let reference: BusinessSettingsInput['reference_price'] = null;
  if (trimmed.referencePrice) {
    const paise = paiseOf(trimmed.referencePrice);
    if (paise === null) return problem('referencePrice', 'Please enter the “was” price in rupees, or leave it empty.');
    if (paise <= price) return problem('referencePrice', 'The “was” price must be higher than the price.');
    if (!DAY.test(trimmed.chargedSince)) {
      return problem('chargedSince', 'Please give the date since when the “was” price was charged.');
    }
    if (trimmed.chargedSince > today) return problem('chargedSince', 'The “was” price must have been charged already.');
    if (!DAY.test(trimmed.chargedUntil)) {
      return problem('chargedUntil', 'Please give the last day the “was” price was charged.');
    }
    if (trimmed.chargedUntil > today) return problem('chargedUntil', 'The last day charged cannot be in the future.');
    if (trimmed.chargedUntil < trimmed.chargedSince) {
      return problem('chargedUntil', 'The last day charged cannot be before the first.');
    }
    reference = { paise, charged_since: trimmed.chargedSince, charged_until: trimmed.chargedUntil };
  }
  if (trimmed.offerEndsOn && !DAY.test(trimmed.offerEndsOn)) {
    return problem('offerEndsOn', 'Please choose a date, or leave it empty.');
  }
  if (trimmed.sampleModule && !/^[1-9]\d{0,3}$/.test(trimmed.sampleNumber)) {
    return problem('sampleNumber', 'Please give the number of the lesson to offer free, such as 5.');
  }
  if (!reasonIsValid(trimmed.reason)) {
    return problem(
      'reason',
      `Please give a reason (${REASON_MIN} to ${REASON_MAX} characters); it is kept in the audit log.`,
    );
  }
  return {
    reason: trimmed.reason,
    input: {
      legal_name: trimmed.legalName,
      address: trimmed.address,
      support_email: trimmed.supportEmail,
      support_phone: trimmed.supportPhone || null,
      grievance_officer: trimmed.officerName ? { name: trimmed.officerName, contact: trimmed.officerContact } : null,
      gstin: trimmed.gstin ? trimmed.gstin.toUpperCase() : null,
      price,
      reference_price: reference,
      offer_ends_at: trimmed.offerEndsOn ? endOfDayInIndia(trimmed.offerEndsOn) : null,
      sample_lesson: trimmed.sampleModule
        ? { module_id: trimmed.sampleModule, number: Number(trimmed.sampleNumber) }
        : null,
    },
  };
}

// The server words each refusal with the setting's name first ("GSTIN must be a 15-character
// GSTIN…", modules/settings/business-settings.ts) and sends no field code, so the name is
// what ties the message to its field; longer names first, as one begins with another.
const SERVER_NAMES: [prefix: string, field: SettingsField][] = [
  ['Reference price “charged since” date', 'chargedSince'],
  ['Reference price “charged until” date', 'chargedUntil'],
  ['Reference price needs both', 'chargedUntil'],
  ['Reference price', 'referencePrice'],
  ['Grievance officer’s name', 'officerName'],
  ['Grievance officer’s contact', 'officerContact'],
  ['Legal name', 'legalName'],
  ['Address', 'address'],
  ['Support email', 'supportEmail'],
  ['Support phone', 'supportPhone'],
  ['GSTIN', 'gstin'],
  ['Price', 'price'],
  ['Offer end', 'offerEndsOn'],
  ['Sample lesson', 'sampleNumber'],
];

/** A server validation message, tied to the field it names (or to the form when it names none). */
export function serverProblem(message: string): FieldProblem {
  const named = SERVER_NAMES.find(([prefix]) => message.startsWith(`${prefix} `));
  return { field: named ? named[1] : null, message };
}
