import { describe, expect, it } from 'vitest';
import { fieldsFrom, paiseOf, serverProblem, settingsInput, type SettingsFields } from './settings-form';

const stored = {
  contact: {
    legal_name: 'Surakshit Learning Private Limited',
    address: '12 MG Road, Bengaluru',
    support_email: 'help@course.example.com',
    support_phone: null,
    grievance_officer: null,
    gstin: null,
  },
  price: 4900,
  reference_price: { paise: 499_900, charged_since: '2025-01-01', charged_until: '2025-06-30' },
  offer_ends_at: '2026-12-31T18:29:59Z',
  sample_lesson: { module_id: 'web-application', number: 5 },
};

const form = (change: Partial<SettingsFields> = {}): SettingsFields => ({
  ...fieldsFrom(stored),
  reason: 'Year-end offer',
  ...change,
});

describe('settings form', () => {
  it('shows the stored settings in rupees and India dates', () => {
    expect(fieldsFrom(stored)).toMatchObject({ price: '49', referencePrice: '4999', offerEndsOn: '2026-12-31' });
    expect(fieldsFrom({ ...stored, price: 4950 }).price).toBe('49.50');
  });

  it('sends paise, a dated reference price and the end of the offer day in India', () => {
    const checked = settingsInput(form({ price: '₹99', referencePrice: '1,999' }), '2026-11-23');
    expect(checked).toEqual({
      reason: 'Year-end offer',
      input: expect.objectContaining({
        price: 9900,
        reference_price: { paise: 199_900, charged_since: '2025-01-01', charged_until: '2025-06-30' },
        offer_ends_at: '2026-12-31T18:29:59Z',
        support_phone: null,
        grievance_officer: null,
      }),
    });
  });

  it('refuses a "was" price without its date, or not above the price, and a short reason', () => {
    expect(settingsInput(form({ chargedSince: '' }), '2026-11-23')).toMatchObject({ field: 'chargedSince' });
    expect(settingsInput(form({ chargedSince: '2026-12-01' }), '2026-11-23')).toMatchObject({ field: 'chargedSince' });
    expect(settingsInput(form({ chargedUntil: '' }), '2026-11-23')).toMatchObject({ field: 'chargedUntil' });
    expect(settingsInput(form({ chargedUntil: '2026-12-01' }), '2026-11-23')).toMatchObject({ field: 'chargedUntil' });
    expect(settingsInput(form({ chargedUntil: '2024-12-31' }), '2026-11-23')).toMatchObject({ field: 'chargedUntil' });
    expect(settingsInput(form({ referencePrice: '49' }), '2026-11-23')).toMatchObject({ field: 'referencePrice' });
    expect(settingsInput(form({ officerName: 'Priya' }), '2026-11-23')).toMatchObject({ field: 'officerContact' });
    expect(settingsInput(form({ reason: 'why' }), '2026-11-23')).toMatchObject({ field: 'reason' });
    expect(paiseOf('49.999')).toBeNull();
  });

  it('ties a server message to the field it names', () => {
    const gstin = 'GSTIN must be a 15-character GSTIN such as 29ABCDE1234F1Z5.';
    expect(serverProblem(gstin)).toEqual({ field: 'gstin', message: gstin });
    const since = 'Reference price “charged since” date must be a real day, not in the future.';
    expect(serverProblem(since)).toEqual({ field: 'chargedSince', message: since });
    const both = 'Reference price needs both dates: from when and until when it was charged.';
    expect(serverProblem(both)).toEqual({ field: 'chargedUntil', message: both });
    expect(serverProblem('Reference price must be more than the price, or left empty.').field).toBe('referencePrice');
    expect(serverProblem('Please give a reason (5 to 500 characters).')).toMatchObject({ field: null });
  });

  it('sends the free sample lesson the seller picked, or none, and asks for its number', () => {
    expect(fieldsFrom(stored)).toMatchObject({ sampleModule: 'web-application', sampleNumber: '5' });
    const picked = settingsInput(form({ sampleModule: 'cryptography', sampleNumber: ' 3 ' }), '2026-11-23');
    expect(picked).toMatchObject({ input: { sample_lesson: { module_id: 'cryptography', number: 3 } } });
    const none = settingsInput(form({ sampleModule: '', sampleNumber: '5' }), '2026-11-23');
    expect(none).toMatchObject({ input: { sample_lesson: null } });
    for (const number of ['', '0', 'five', '05']) {
      expect(settingsInput(form({ sampleNumber: number }), '2026-11-23')).toMatchObject({ field: 'sampleNumber' });
    }
    const missing = 'Sample lesson must be a lesson of the course: web-application has no lesson 99.';
    expect(serverProblem(missing)).toEqual({ field: 'sampleNumber', message: missing });
  });
});
