import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../services';
import { paymentLogger } from './payment-log';
import type { BillingDeps } from './payment-service';

/** What payment code needs, with the payments logger made from `log` (a request's or the app's). */
export function billingDeps(services: Services, log: FastifyBaseLogger): BillingDeps {
  return {
    db: services.db,
    gateway: services.gateway,
    log: paymentLogger(log, services.gateway, services.env.isProduction),
    limits: services.billingLimits,
    metrics: services.metrics,
    appOrigin: services.env.appOrigin,
    settings: services.settings,
  };
}
