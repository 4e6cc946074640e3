import type { GetAppConfigQuery } from '../gql/graphql';
import { gql, graphql } from './graphql';
import { cachedRequest } from './request-cache';

/** Public settings: `payments_mode` is "razorpay" or "simulated"; `tracking` is null without ids. */
export type AppConfig = GetAppConfigQuery['appConfig'];

export type TrackingConfig = NonNullable<AppConfig['tracking']>;

const GetAppConfig = graphql(`
  query GetAppConfig {
    appConfig {
      payments_mode
      tracking {
        ads_id
        signup_label
        purchase_label
        ga4_id
      }
    }
  }
`);

const config = cachedRequest(async () => (await gql(GetAppConfig)).appConfig);

/** Public settings from the server (payments mode, tracking ids), fetched once. */
export const fetchAppConfig = config.get;
