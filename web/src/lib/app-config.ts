import { gql } from './graphql';
import { cachedRequest } from './request-cache';

export interface TrackingConfig {
  ads_id: string | null;
  signup_label: string | null;
  purchase_label: string | null;
  ga4_id: string | null;
}

export interface AppConfig {
  payments_mode: 'razorpay' | 'simulated';
  tracking: TrackingConfig | null;
}

const config = cachedRequest(async () => {
  const data = await gql<{ appConfig: AppConfig }>(
    'GetAppConfig',
    `query GetAppConfig { appConfig { payments_mode tracking { ads_id signup_label purchase_label ga4_id } } }`,
  );
  return data.appConfig;
});

/** Public settings from the server (payments mode, tracking ids), fetched once. */
export const fetchAppConfig = config.get;
