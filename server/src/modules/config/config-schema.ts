import { builder } from '../../graphql/builder';
import type { Env } from '../../lib/env';

type Tracking = NonNullable<Env['tracking']>;

const TrackingType = builder.objectRef<Tracking>('TrackingConfig').implement({
  description: 'Public ids for Google Ads / GA4 conversion tracking.',
  fields: (t) => ({
    ads_id: t.exposeString('adsId', { nullable: true }),
    signup_label: t.exposeString('signupLabel', { nullable: true }),
    purchase_label: t.exposeString('purchaseLabel', { nullable: true }),
    ga4_id: t.exposeString('ga4Id', { nullable: true }),
  }),
});

const AppConfigType = builder.objectRef<Env>('AppConfig').implement({
  description: 'Public settings the web app needs at start. Nothing secret.',
  fields: (t) => ({
    payments_mode: t.string({ resolve: (env) => (env.razorpay ? 'razorpay' : 'simulated') }),
    tracking: t.field({ type: TrackingType, nullable: true, resolve: (env) => env.tracking }),
  }),
});

builder.queryField('appConfig', (t) =>
  t.field({ type: AppConfigType, resolve: (_root, _args, ctx) => ctx.services.env }),
);
