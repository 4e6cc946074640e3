import type { FastifyBaseLogger } from 'fastify';
import { billingDeps } from '../modules/billing/billing-deps';
import { retryDuplicateRefunds } from '../modules/billing/duplicate-payments';
import { sweepWaitingOrders } from '../modules/billing/reconciler';
import { sendDueMail } from '../modules/mail/mail-sender';
import { sellerOf } from '../modules/settings/business-settings';
import type { Services } from '../services';
import { purgeExpired } from './maintenance';
import type { PeriodicJob } from './scheduler';

/** The app's periodic jobs: the payment sweep (razorpay.md), the mail sender and the nightly-style clean-up. */
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
      // Sends what mail-queue.ts queued; a row is also claimed before it is sent, so even
      // two servers that both think they hold this turn send each message once.
      name: 'send-mail',
      intervalMs: env.mail.sendIntervalMs,
      leaseMs: 60_000,
      async run(signal) {
        const summary = await sendDueMail(
          {
            db: services.db,
            transport: services.mail,
            // The seller as saved in the console at this moment, not at boot.
            seller: sellerOf(await services.settings()),
            appOrigin: env.appOrigin,
            from: env.mail.from,
            log,
          },
          { signal },
        );
        if (summary.sent + summary.retried + summary.failed > 0) {
          log.info({ event: 'mail_run', ...summary }, 'mail sender finished');
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
