import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateway } from './gateway';

/**
 * The logger for anything about payments. When a production server runs the simulated
 * gateway (PAYMENTS_ALLOW_SIMULATED=true) every such line says that no money is taken.
 */
export function paymentLogger(
  base: FastifyBaseLogger,
  gateway: PaymentGateway,
  isProduction: boolean,
): FastifyBaseLogger {
  const bindings: Record<string, string> = { component: 'payments', gateway: gateway.mode };
  if (isProduction && gateway.mode === 'simulated') bindings.warning = 'SIMULATED PAYMENTS: no real money is taken';
  return base.child(bindings);
}
