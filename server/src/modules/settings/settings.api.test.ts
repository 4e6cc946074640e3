import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, signUp, signUpAdmin, type Learner } from '../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { SimulatedGateway } from '../billing/simulated-gateway';

const UPDATE = `mutation UpdateSettings($input: BusinessSettingsInput!, $reason: String!) {
  updateBusinessSettings(input: $input, reason: $reason) {
    contact { legal_name address support_email support_phone grievance_officer { name contact } gstin }
    price reference_price { paise charged_since charged_until } offer_ends_at } }`;
const SETTINGS = `query BusinessSettings { businessSettings { contact { legal_name gstin } price reference_price { paise charged_since } offer_ends_at } }`;
const PRICING = `query Pricing { pricing { price reference_price discount_percent reference_charged_since reference_charged_until offer_ends_at gst_registered } }`;

const VALID = {
  legal_name: 'Shiksha Labs Pvt Ltd',
  address: '12 MG Road, Bengaluru 560001',
  support_email: 'help@shiksha.example',
  support_phone: '+91 98765 43210',
  grievance_officer: { name: 'R. Iyer', contact: 'grievance@shiksha.example' },
  gstin: null,
  price: 4900,
  reference_price: null,
  offer_ends_at: null,
};
const REASON = 'Price change for the new batch';

let t: TestApp;
let admin: Learner;

beforeAll(async () => {
  t = await createTestApp();
  (t.services.gateway as SimulatedGateway).deliver = async () => {};
  admin = await signUpAdmin(t);
});
beforeEach(async () => {
  // Each case starts from the defaults (no settings saved yet).
  await t.services.db.deleteFrom('business_settings').execute();
});
afterAll(async () => {
  await t.close();
});

async function save(input: Record<string, unknown>) {
  return t.graphql(UPDATE, { input: { ...VALID, ...input }, reason: REASON }, { cookie: admin.cookie });
}

async function pricing() {
  const result = await t.graphql(PRICING);
  expect(result.body.errors).toBeUndefined();
  return result.body.data?.pricing;
}

describe('updateBusinessSettings', () => {
  it('saves the settings and records before and after in the audit log', async () => {
    const result = await save({ gstin: '29ABCDE1234F1Z5', price: 9900 });
    expect(result.body.errors).toBeUndefined();
    const read = await t.graphql(SETTINGS, {}, { cookie: admin.cookie });
    expect(read.body.data?.businessSettings).toEqual({
      contact: { legal_name: 'Shiksha Labs Pvt Ltd', gstin: '29ABCDE1234F1Z5' },
      price: 9900,
      reference_price: null,
      offer_ends_at: null,
    });
    const entry = await t.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'update_settings')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_ref: admin.userRef,
      actor_email: admin.email,
      target_user_ref: null,
      target: 'business_settings',
      reason: REASON,
    });
    const details = JSON.parse(entry.details);
    expect(details.before).toMatchObject({ pricePaise: 4900, gstin: null });
    expect(details.after).toMatchObject({
      pricePaise: 9900,
      gstin: '29ABCDE1234F1Z5',
      legalName: 'Shiksha Labs Pvt Ltd',
    });
  });

  it.each([
    ['legal name', { legal_name: '   ' }, 'Legal name is required.'],
    [
      'support email',
      { support_email: 'not an email' },
      'Support email must be an email address such as support@example.com.',
    ],
    ['support phone', { support_phone: 'call me' }, 'Support phone must be a phone number such as +91 98765 43210.'],
    [
      'grievance contact',
      { grievance_officer: { name: 'R. Iyer', contact: 'x' } },
      'Grievance officer’s contact must be at least 3 characters.',
    ],
    ['GSTIN', { gstin: '29ABCDE1234' }, 'GSTIN must be a 15-character GSTIN such as 29ABCDE1234F1Z5.'],
    ['price below ₹1', { price: 99 }, 'Price must be at least 100 paise (₹1).'],
    [
      'reference price not above the price',
      { reference_price: { paise: 4900, charged_since: '2026-01-01' } },
      'Reference price must be more than the price, or left empty.',
    ],
    [
      'reference price charged since a future day',
      { reference_price: { paise: 9900, charged_since: '2999-01-01' } },
      'Reference price “charged since” date must be a real day, not in the future.',
    ],
    [
      'reference price charged since a day that does not exist',
      { reference_price: { paise: 9900, charged_since: '2025-02-30' } },
      'Reference price “charged since” date must be a real day, not in the future.',
    ],
    [
      'reference price charged until a future day',
      { reference_price: { paise: 9900, charged_since: '2025-01-01', charged_until: '2999-01-01' } },
      'Reference price “charged until” date must be a real day, not in the future.',
    ],
    [
      'reference price with only its first day',
      { reference_price: { paise: 9900, charged_since: '2025-01-01' } },
      'Reference price needs both dates: from when and until when it was charged.',
    ],
    [
      'reference price with only its last day',
      { reference_price: { paise: 9900, charged_until: '2025-01-01' } },
      'Reference price needs both dates: from when and until when it was charged.',
    ],
    [
      'reference price charged until a day before it started',
      { reference_price: { paise: 9900, charged_since: '2025-03-01', charged_until: '2025-02-28' } },
      'Reference price “charged until” date must not be before the “charged since” date.',
    ],
    ['offer end', { offer_ends_at: 'next Friday' }, 'Offer end must be a time such as 2026-12-31T18:29:59Z.'],
  ])('refuses a bad %s with a clear VALIDATION_FAILED message and saves nothing', async (_field, change, message) => {
    const audited = await t.services.db.selectFrom('audit_log').select('id').execute();
    const result = await save(change);
    expect(codeOf(result)).toBe('VALIDATION_FAILED');
    expect(result.body.errors![0]!.message).toBe(message);
    expect(await t.services.db.selectFrom('business_settings').selectAll().execute()).toEqual([]);
    expect(await t.services.db.selectFrom('audit_log').select('id').execute()).toEqual(audited);
  });

  it('refuses a short reason and saves nothing', async () => {
    const result = await t.graphql(UPDATE, { input: VALID, reason: 'ok' }, { cookie: admin.cookie });
    expect(codeOf(result)).toBe('VALIDATION_FAILED');
    expect(await t.services.db.selectFrom('business_settings').selectAll().execute()).toEqual([]);
  });
});

describe('pricing follows the settings', () => {
  it('shows the spec’s defaults before anything is saved', async () => {
    expect(await pricing()).toEqual({
      price: 4900,
      reference_price: 499900,
      discount_percent: 99,
      reference_charged_since: null,
      reference_charged_until: null,
      offer_ends_at: null,
      gst_registered: false,
    });
  });

  it('claims no reference price or discount without a reference price', async () => {
    expect((await save({ reference_price: null })).body.errors).toBeUndefined();
    expect(await pricing()).toMatchObject({ price: 4900, reference_price: null, discount_percent: null });
  });

  it('computes the discount from the reference price, rounded down', async () => {
    // (10000 − 3350) / 10000 = 66.5 % → 66.
    const result = await save({
      price: 3350,
      reference_price: { paise: 10000, charged_since: '2025-06-01', charged_until: '2025-09-30' },
    });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.updateBusinessSettings).toMatchObject({
      reference_price: { paise: 10000, charged_since: '2025-06-01', charged_until: '2025-09-30' },
    });
    // The learner is told when the "was" price was really charged.
    expect(await pricing()).toMatchObject({
      price: 3350,
      reference_price: 10000,
      discount_percent: 66,
      reference_charged_since: '2025-06-01',
      reference_charged_until: '2025-09-30',
    });
  });

  it('shows an offer end only while it is in the future', async () => {
    await save({ offer_ends_at: '2020-01-31T18:29:59Z' });
    expect(await pricing()).toMatchObject({ offer_ends_at: null });
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await save({ offer_ends_at: future });
    expect(await pricing()).toMatchObject({ offer_ends_at: future });
  });

  it('says GST is included when a GSTIN is set', async () => {
    await save({ gstin: '29ABCDE1234F1Z5' });
    expect(await pricing()).toMatchObject({ gst_registered: true });
  });

  it('charges the price from the settings at checkout', async () => {
    await save({ price: 7900 });
    const learner = await signUp(t);
    const result = await t.graphql(
      `mutation CreatePaymentOrder { createPaymentOrder { order_id amount } }`,
      {},
      { cookie: learner.cookie },
    );
    const checkout = result.body.data?.createPaymentOrder as { order_id: string; amount: number };
    expect(checkout.amount).toBe(7900);
    const stored = await t.services.db
      .selectFrom('payment_order')
      .select('amount')
      .where('order_id', '=', checkout.order_id)
      .executeTakeFirstOrThrow();
    expect(stored.amount).toBe(7900);
    const atGateway = await t.services.db
      .selectFrom('simulated_gateway_order')
      .select('amount')
      .where('order_id', '=', checkout.order_id)
      .executeTakeFirstOrThrow();
    expect(atGateway.amount).toBe(7900);
  });
});
