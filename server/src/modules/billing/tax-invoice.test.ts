import { describe, expect, it } from 'vitest';
import { invoiceRows, taxLine } from './receipts';
import { taxInvoiceFor } from './tax-invoice';

const KARNATAKA_GSTIN = '29ABCDE1234F1Z5';
const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

describe('taxInvoiceFor', () => {
  it('is null while the seller has no GSTIN', () => {
    expect(taxInvoiceFor(4900, null, '29')).toBeNull();
    expect(taxLine(null)).toBe('GST not charged: supplier not registered under GST.');
  });

  it('charges CGST and SGST, 9% each, to a learner in the seller’s state', () => {
    // 4900 × 100/118 = 4152.54… → 4153 taxable; 747 tax split 373 + 374.
    expect(taxInvoiceFor(4900, KARNATAKA_GSTIN, '29')).toEqual({
      gstin: KARNATAKA_GSTIN,
      supplierStateCode: '29',
      placeOfSupplyCode: '29',
      placeFromLearner: true,
      sac: '999293',
      ratePercent: 18,
      taxablePaise: 4153,
      cgstPaise: 373,
      sgstPaise: 374,
      igstPaise: 0,
    });
  });

  it('charges IGST at 18% to a learner in another state', () => {
    expect(taxInvoiceFor(4900, KARNATAKA_GSTIN, '27')).toMatchObject({
      placeOfSupplyCode: '27',
      placeFromLearner: true,
      taxablePaise: 4153,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 747,
    });
  });

  it('takes the seller’s state as the place of supply when the learner gave none (or an unknown code)', () => {
    for (const state of [null, '99']) {
      expect(taxInvoiceFor(4900, KARNATAKA_GSTIN, state)).toMatchObject({
        placeOfSupplyCode: '29',
        placeFromLearner: false,
        cgstPaise: 373,
        sgstPaise: 374,
      });
    }
  });

  it('always adds up to the amount paid, with the taxable value within half a paisa of amount × 100/118', () => {
    const wrong: number[] = [];
    for (let paise = 1; paise <= 20_000; paise += 1) {
      for (const state of ['29', '07']) {
        const i = taxInvoiceFor(paise, KARNATAKA_GSTIN, state)!;
        const sum = i.taxablePaise + i.cgstPaise + i.sgstPaise + i.igstPaise;
        if (sum !== paise || Math.abs(i.taxablePaise - (paise * 100) / 118) > 0.5) wrong.push(paise);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('invoiceRows', () => {
  it('prints the place of supply, the SAC and each tax at its rate', () => {
    expect(invoiceRows(taxInvoiceFor(4900, KARNATAKA_GSTIN, '27')!, rupees)).toEqual([
      ['Seller GSTIN', KARNATAKA_GSTIN],
      ['Place of supply', 'Maharashtra (27)'],
      ['SAC', '999293 (commercial training and coaching services)'],
      ['Taxable value', '₹41.53'],
      ['IGST @ 18%', '₹7.47'],
    ]);
    expect(invoiceRows(taxInvoiceFor(4900, KARNATAKA_GSTIN, null)!, rupees).slice(1)).toEqual([
      ['Place of supply', 'Karnataka (29) (seller’s state: no state on record)'],
      ['SAC', '999293 (commercial training and coaching services)'],
      ['Taxable value', '₹41.53'],
      ['CGST @ 9%', '₹3.73'],
      ['SGST @ 9%', '₹3.74'],
    ]);
  });
});
