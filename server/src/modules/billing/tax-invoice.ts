import { gstStateName } from '@ehc/common';

/**
 * The tax facts of a GST invoice for one payment, fixed when it is paid.
 *
 * The course is an online service sold to a person (B2C). Its place of supply is the
 * learner's state when we have it on record, else the seller's own state (IGST Act 2017,
 * s. 12(2)(b)). Supply within the seller's state carries CGST and SGST, 9% each; supply
 * to another state carries IGST at 18%. The price the learner sees includes the tax.
 */
export interface TaxInvoice {
  gstin: string;
  /** First two digits of the GSTIN: where the seller is registered. */
  supplierStateCode: string;
  placeOfSupplyCode: string;
  /** True when the learner gave their state; false when the seller's state stood in. */
  placeFromLearner: boolean;
  /** Services Accounting Code: 999293, commercial training and coaching services. */
  sac: string;
  ratePercent: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export const COURSE_SAC = '999293';
export const GST_RATE_PERCENT = 18;

export function taxInvoiceFor(
  amountPaise: number,
  gstin: string | null,
  learnerStateCode: string | null,
): TaxInvoice | null {
  if (!gstin) return null;
  const supplierStateCode = gstin.slice(0, 2);
  const placeFromLearner = learnerStateCode !== null && gstStateName(learnerStateCode) !== undefined;
  const placeOfSupplyCode = placeFromLearner ? learnerStateCode : supplierStateCode;
  // Taxable value = amount × 100/118, to the paisa; the tax is the rest, so they add up exactly.
  const taxablePaise = Math.round((amountPaise * 100) / (100 + GST_RATE_PERCENT));
  const tax = amountPaise - taxablePaise;
  const intraState = placeOfSupplyCode === supplierStateCode;
  const cgstPaise = intraState ? Math.floor(tax / 2) : 0;
  return {
    gstin,
    supplierStateCode,
    placeOfSupplyCode,
    placeFromLearner,
    sac: COURSE_SAC,
    ratePercent: GST_RATE_PERCENT,
    taxablePaise,
    cgstPaise,
    sgstPaise: intraState ? tax - cgstPaise : 0,
    igstPaise: intraState ? 0 : tax,
  };
}

/** Reads a stored invoice; null for a payment made while the seller was not registered. */
export function parseTaxInvoice(stored: string | null): TaxInvoice | null {
  return stored ? (JSON.parse(stored) as TaxInvoice) : null;
}

/** "Karnataka (29)" */
export function stateLabel(code: string): string {
  return `${gstStateName(code) ?? 'Unknown state'} (${code})`;
}
