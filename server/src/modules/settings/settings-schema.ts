import { normaliseReason } from '@ehc/common';
import { builder } from '../../graphql/builder';
import { AppError } from '../../lib/errors';
import { sampleLessonOf, type SampleLesson } from '../courses/sample-lesson';
import { reasonRule, recordAudit } from '../admin/audit-log';
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

const SampleLessonChoiceType = builder
  .objectRef<NonNullable<BusinessSettings['sampleLesson']>>('SampleLessonChoice')
  .implement({
    description: 'The lesson the seller offers as a free sample.',
    fields: (t) => ({ module_id: t.exposeString('moduleId'), number: t.exposeInt('number') }),
  });

const SampleLessonType = builder.objectRef<SampleLesson>('SampleLesson').implement({
  description: 'Public: the free sample lesson anyone may read without an account.',
  fields: (t) => ({
    module_id: t.string({ resolve: (s) => s.module.id }),
    module_title: t.string({ resolve: (s) => s.module.title }),
    number: t.int({ resolve: (s) => s.lesson.number }),
    title: t.string({ resolve: (s) => s.lesson.title }),
    summary: t.string({ resolve: (s) => s.lesson.summary }),
    path: t.exposeString('path', { description: 'Its page, e.g. /sample/web-application/5.' }),
  }),
});

const BusinessSettingsType = builder.objectRef<BusinessSettings>('BusinessSettings').implement({
  description: 'Everything the seller sets in the console.',
  fields: (t) => ({
    contact: t.field({ type: SellerContactType, resolve: (s) => s }),
    price: t.exposeInt('pricePaise'),
    reference_price: t.field({ type: ReferencePriceType, nullable: true, resolve: (s) => s.referencePrice }),
    offer_ends_at: t.exposeString('offerEndsAt', { nullable: true }),
    sample_lesson: t.field({
      type: SampleLessonChoiceType,
      nullable: true,
      description:
        'The free sample lesson in force: null when none is offered, or the chosen one is not in the content.',
      resolve: (s, _args, ctx) => (sampleLessonOf(s, ctx.services.catalogue) ? s.sampleLesson : null),
    }),
  }),
});

const SampleLessonInput = builder.inputType('SampleLessonInput', {
  fields: (t) => ({ module_id: t.string(), number: t.int() }),
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
    sample_lesson: t.field({
      type: SampleLessonInput,
      required: false,
      description: 'The free sample lesson; null offers none; left out, it stays as it is.',
    }),
  }),
});

builder.queryField('pricing', (t) =>
  t.field({
    type: PricingType,
    description: 'Public: the price and the claims the subscription screen may make about it.',
    resolve: async (_root, _args, ctx) => publicPricing(await ctx.services.settings()),
  }),
);

builder.queryField('sampleLesson', (t) =>
  t.field({
    type: SampleLessonType,
    nullable: true,
    description: 'Public: the free sample lesson, or null when the seller offers none.',
    resolve: async (_root, _args, ctx) => sampleLessonOf(await ctx.services.settings(), ctx.services.catalogue),
  }),
);

builder.queryField('sellerContact', (t) =>
  t.field({ type: SellerContactType, resolve: (_root, _args, ctx) => ctx.services.settings() }),
);

builder.queryField('businessSettings', (t) =>
  t.withAuth({ admin: true }).field({
    type: BusinessSettingsType,
    description: 'Admins only.',
    resolve: (_root, _args, ctx) => ctx.services.settings(),
  }),
);

builder.mutationField('updateBusinessSettings', (t) =>
  t.withAuth({ admin: true }).field({
    type: BusinessSettingsType,
    description: 'Admins only: saves the settings (validated) and records the change and its reason in the audit log.',
    args: { input: t.arg({ type: BusinessSettingsInput }), reason: t.arg.string({ validate: reasonRule }) },
    resolve: async (_root, { input, reason }, ctx) => {
      const admin = ctx.session.user;
      const why = normaliseReason(reason);
      const before = await ctx.services.settings();
      const sample = input.sample_lesson;
      if (sample && !ctx.services.catalogue.lesson(sample.module_id, sample.number)) {
        throw AppError.validation(
          `Sample lesson must be a lesson of the course: ${sample.module_id} has no lesson ${sample.number}.`,
        );
      }
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
        sampleLesson:
          sample === undefined ? before.sampleLesson : sample && { moduleId: sample.module_id, number: sample.number },
      });
      if ('problem' in checked) throw AppError.validation(checked.problem);
      const { settings } = checked;
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
