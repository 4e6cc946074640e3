import { gql } from './graphql';

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

let request: Promise<AppConfig> | null = null;

/** Public settings from the server (payments mode, tracking ids), fetched once. */
export function fetchAppConfig(): Promise<AppConfig> {
  request ??= gql<{ appConfig: AppConfig }>(
    'GetAppConfig',
    `query GetAppConfig { appConfig { payments_mode tracking { ads_id signup_label purchase_label ga4_id } } }`,
  ).then(
    (data) => data.appConfig,
    (error: unknown) => {
      request = null;
      throw error;
    },
  );
  return request;
}
