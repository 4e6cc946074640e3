import { builder } from '../../graphql/builder';
import { requireAdmin } from '../../graphql/guards';
import { AppError } from '../../lib/errors';
import { recordAudit, requireReason } from '../admin/audit-log';
import {
  checkNewSettings,
  publicPricing,
  saveBusinessSettings,
  type BusinessSettings,
  type PublicPricing,
} from './business-settings';

const PricingType = builder.objectRef<PublicPricing>('Pricing').implement({
  description: 'The price and what may honestly be said about it right now (product-decisions §7).',
  fields: (t) => ({
    price: t.exposeInt('pricePaise', { description: 'In paise; the total, GST included when registered.' }),
    reference_price: t.exposeInt('referencePricePaise', { nullable: true, description: 'The "was" price, in paise.' }),
    discount_percent: t.exposeInt('discountPercent', { nullable: true }),
    reference_charged_since: t.string({
      nullable: true,
      description: 'First day the "was" price was charged (YYYY-MM-DD), when the seller gave the range.',
      resolve: (p) => p.referenceCharged?.since ?? null,
    }),
    reference_charged_until: t.string({
      nullable: true,
      description: 'Last day the "was" price was charged (YYYY-MM-DD).',
      resolve: (p) => p.referenceCharged?.until ?? null,
    }),
    offer_ends_at: t.exposeString('offerEndsAt', { nullable: true, description: 'Only while the offer runs.' }),
    gst_registered: t.exposeBoolean('gstRegistered'),
  }),
});

const GrievanceOfficerType = builder
  .objectRef<NonNullable<BusinessSettings['grievanceOfficer']>>('GrievanceOfficer')
  .implement({ fields: (t) => ({ name: t.exposeString('name'), contact: t.exposeString('contact') }) });

const SellerContactType = builder.objectRef<BusinessSettings>('SellerContact').implement({
  description: 'Who sells the course and how to reach them: public, for the footer and the contact page.',
  fields: (t) => ({
    legal_name: t.exposeString('legalName'),
    address: t.exposeString('address'),
    support_email: t.exposeString('supportEmail'),
    support_phone: t.exposeString('supportPhone', { nullable: true }),
    grievance_officer: t.field({ type: GrievanceOfficerType, nullable: true, resolve: (s) => s.grievanceOfficer }),
    gstin: t.exposeString('gstin', { nullable: true }),
  }),
});

const ReferencePriceType = builder
  .objectRef<NonNullable<BusinessSettings['referencePrice']>>('ReferencePrice')
  .implement({
    fields: (t) => ({
      paise: t.exposeInt('paise'),
      charged_since: t.exposeString('chargedSince', { nullable: true, description: 'YYYY-MM-DD' }),
      charged_until: t.exposeString('chargedUntil', {
        nullable: true,
        description: 'YYYY-MM-DD, the last day charged',
      }),
    }),
  });

const BusinessSettingsType = builder.objectRef<BusinessSettings>('BusinessSettings').implement({
  description: 'Everything the seller sets in the console.',
  fields: (t) => ({
    contact: t.field({ type: SellerContactType, resolve: (s) => s }),
    price: t.exposeInt('pricePaise'),
    reference_price: t.field({ type: ReferencePriceType, nullable: true, resolve: (s) => s.referencePrice }),
    offer_ends_at: t.exposeString('offerEndsAt', { nullable: true }),
  }),
});

const GrievanceOfficerInput = builder.inputType('GrievanceOfficerInput', {
  fields: (t) => ({ name: t.string(), contact: t.string() }),
});
const ReferencePriceInput = builder.inputType('ReferencePriceInput', {
  fields: (t) => ({
    paise: t.int(),
    charged_since: t.string({ required: false }),
    charged_until: t.string({ required: false }),
  }),
});
const BusinessSettingsInput = builder.inputType('BusinessSettingsInput', {
  fields: (t) => ({
    legal_name: t.string(),
    address: t.string(),
    support_email: t.string(),
    support_phone: t.string({ required: false }),
    grievance_officer: t.field({ type: GrievanceOfficerInput, required: false }),
    gstin: t.string({ required: false }),
    price: t.int({ description: 'In paise.' }),
    reference_price: t.field({ type: ReferencePriceInput, required: false }),
    offer_ends_at: t.string({ required: false, description: 'ISO 8601 time, e.g. 2026-12-31T18:29:59Z.' }),
  }),
});

builder.queryField('pricing', (t) =>
  t.field({
    type: PricingType,
    description: 'Public: the price and the claims the subscription screen may make about it.',
    resolve: async (_root, _args, ctx) => publicPricing(await ctx.services.settings()),
  }),
);

builder.queryField('sellerContact', (t) =>
  t.field({ type: SellerContactType, resolve: (_root, _args, ctx) => ctx.services.settings() }),
);

builder.queryField('businessSettings', (t) =>
  t.field({
    type: BusinessSettingsType,
    description: 'Admins only.',
    resolve: (_root, _args, ctx) => {
      requireAdmin(ctx);
      return ctx.services.settings();
    },
  }),
);

builder.mutationField('updateBusinessSettings', (t) =>
  t.field({
    type: BusinessSettingsType,
    description: 'Admins only: saves the settings (validated) and records the change and its reason in the audit log.',
    args: { input: t.arg({ type: BusinessSettingsInput }), reason: t.arg.string() },
    resolve: async (_root, { input, reason }, ctx) => {
      const admin = requireAdmin(ctx);
      const why = requireReason(reason);
      const checked = checkNewSettings({
        legalName: input.legal_name,
        address: input.address,
        supportEmail: input.support_email,
        supportPhone: input.support_phone || null,
        grievanceOfficer: input.grievance_officer ?? null,
        gstin: input.gstin || null,
        pricePaise: input.price,
        referencePrice: input.reference_price
          ? {
              paise: input.reference_price.paise,
              chargedSince: input.reference_price.charged_since || null,
              chargedUntil: input.reference_price.charged_until || null,
            }
          : null,
        offerEndsAt: input.offer_ends_at || null,
      });
      if ('problem' in checked) throw AppError.validation(checked.problem);
      const { settings } = checked;
      const before = await ctx.services.settings();
      await ctx.services.db.transaction().execute(async (trx) => {
        await saveBusinessSettings(trx, settings, admin.user_id);
        await recordAudit(trx, {
          actor: { ref: admin.id, email: admin.user_id },
          action: 'update_settings',
          targetUserRef: null,
          target: 'business_settings',
          reason: why,
          details: { before, after: settings },
        });
      });
      return settings;
    },
  }),
);
