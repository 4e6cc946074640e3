import type { GetAppConfigQuery } from '../gql/graphql';
import { gql, graphql } from './graphql';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';

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

/** Public settings from the server (payments mode, tracking ids), fetched once per visit. */
export function fetchAppConfig(): Promise<AppConfig> {
  return queryClient.query({
    queryKey: queryKeys.appConfig,
    queryFn: async () => (await gql(GetAppConfig)).appConfig,
    staleTime: Infinity,
    retry: false,
  });
}
