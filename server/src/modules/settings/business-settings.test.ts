import { describe, expect, it } from 'vitest';
import { defaultSettings, pricingWarnings, type BusinessSettings } from './business-settings';

const seller = { legalName: 'S', address: 'A', supportEmail: 's@example.com', supportPhone: null, gstin: null };
const withReference = (reference: BusinessSettings['referencePrice']): BusinessSettings => ({
  ...defaultSettings({ seller }),
  referencePrice: reference,
});

describe('the production warning about a "was" price', () => {
  it('names the Dark Patterns Guidelines while the dates it was charged are missing', () => {
    for (const dates of [
      { chargedSince: null, chargedUntil: null },
      { chargedSince: '2025-01-01', chargedUntil: null },
    ]) {
      const warnings = pricingWarnings(withReference({ paise: 499900, ...dates }));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('Dark Patterns, 2023');
    }
  });

  it('is silent with the full date range, or with no reference price', () => {
    expect(
      pricingWarnings(withReference({ paise: 499900, chargedSince: '2025-01-01', chargedUntil: '2025-03-31' })),
    ).toEqual([]);
    expect(pricingWarnings(withReference(null))).toEqual([]);
  });
});
