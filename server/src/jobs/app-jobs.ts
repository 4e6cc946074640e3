import type { FastifyBaseLogger } from 'fastify';
import { billingDeps } from '../modules/billing/billing-deps';
import { retryDuplicateRefunds, sweepWaitingOrders } from '../modules/billing/payment-service';
import type { Services } from '../services';
import { purgeExpired } from './maintenance';
import type { PeriodicJob } from './scheduler';

/** The app's periodic jobs: the payment sweep (razorpay.md) and the nightly-style clean-up. */
export function appJobs(services: Services, log: FastifyBaseLogger): PeriodicJob[] {
  const { env } = services;
  return [
    {
      name: 'reconcile-payments',
      intervalMs: env.reconcileIntervalMs,
      leaseMs: Math.max(60_000, 3 * env.gatewayTimeoutMs),
      async run(signal) {
        const deps = billingDeps(services, log);
        try {
          const result = await sweepWaitingOrders(deps, { signal, callsPerSecond: env.reconcileCallsPerSecond });
          deps.log.info({ event: 'reconcile_sweep', ...result }, 'payment sweep finished');
          services.metrics.reconcilerRuns.inc({ scope: 'sweep', result: 'ok' });
        } catch (error) {
          services.metrics.reconcilerRuns.inc({ scope: 'sweep', result: 'failed' });
          throw error;
        }
      },
    },
    {
      name: 'maintenance',
      intervalMs: env.maintenanceIntervalMs,
      leaseMs: 5 * 60_000,
      async run() {
        const purged = await purgeExpired(services.db, env.session);
        log.info({ event: 'purge', ...purged }, 'expired rows purged');
        await retryDuplicateRefunds(billingDeps(services, log));
      },
    },
  ];
}
