import type { FastifyInstance } from 'fastify';
import { makeJsonPostGuard } from '../../http/csrf-guard';
import { AppError } from '../../lib/errors';
import type { Metrics } from '../../lib/metrics';
import { billingDeps, type BillingServices } from './billing-deps';
import { SimulatedGateway, type SimulatedCheckoutResult } from './simulated-gateway';
import { handleRazorpayWebhook, WebhookSignatureError, type WebhookResult } from './webhook-service';

/** What the payment routes use: payment code's services, and the webhook counter. */
export interface PaymentRouteServices extends BillingServices {
  metrics: BillingServices['metrics'] & Pick<Metrics, 'webhookEvents'>;
}

/**
 * POST /webhooks/razorpay, and in simulated mode the stand-in checkout endpoint. The
 * webhook route reads its body as raw bytes: the signature covers those exact bytes, and
 * a parsed-and-re-serialised body would not match. Razorpay reads only the status: 400 for
 * a delivery that will never verify, 500 for one worth retrying; the body is the one error
 * shape (http/error-answers.ts).
 */
export async function registerPaymentRoutes(app: FastifyInstance, services: PaymentRouteServices): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/webhooks/razorpay', async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const count = (event: string, result: WebhookResult | 'rejected' | 'failed') =>
        services.metrics.webhookEvents.inc({ event, result });
      try {
        const result = await handleRazorpayWebhook(billingDeps(services, request.log), {
          rawBody,
          signature: header('x-razorpay-signature'),
          eventId: header('x-razorpay-event-id'),
        });
        count(webhookEventLabel(rawBody), result);
        return reply.code(200).send({ status: result });
      } catch (error) {
        if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
          // Unverified or unreadable: nothing in the body is trusted, not even as a label.
          count('unknown', 'rejected');
          throw new AppError('BAD_REQUEST', error instanceof SyntaxError ? 'invalid JSON' : 'invalid signature');
        }
        count(webhookEventLabel(rawBody), 'failed');
        // Logged and answered 500 by the error handler: a non-2xx answer makes Razorpay
        // retry later, which is what a passing failure needs.
        throw error;
      }
    });
  });

  const gateway = services.gateway;
  if (!(gateway instanceof SimulatedGateway)) return;

  // The simulated gateway posts its signed webhooks to our own endpoint, as Razorpay would.
  gateway.deliver = async (webhook) => {
    setImmediate(() => {
      app
        .inject({
          method: 'POST',
          url: '/webhooks/razorpay',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': webhook.signature,
            'x-razorpay-event-id': webhook.eventId,
          },
          payload: webhook.body,
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'simulated webhook delivery failed'));
    });
  };

  // Stands in for Razorpay's checkout: the "Test payment" dialog's two buttons land here.
  const guard = makeJsonPostGuard(services.env.appOrigin);
  app.post<{ Body: { order_id?: unknown; outcome?: unknown } }>(
    '/simulated-razorpay/pay',
    { onRequest: guard },
    async (request) => {
      const { order_id: orderId, outcome } = request.body ?? {};
      if (typeof orderId !== 'string' || (outcome !== 'success' && outcome !== 'failure')) {
        throw new AppError('BAD_REQUEST', 'order_id and outcome are required');
      }
      let result: SimulatedCheckoutResult | null;
      try {
        result = await gateway.pay(orderId, outcome);
      } catch {
        throw new AppError('BAD_REQUEST', 'The id provided does not exist');
      }
      // Like Razorpay's checkout, a declined payment is an answer, not a refused request.
      return result ?? { status: 'failed', order_id: orderId };
    },
  );
}

// The events Razorpay is set up to send us (README); anything else is counted as "other"
// so the label set stays fixed. Only called once the signature has been verified.
const WEBHOOK_EVENTS = new Set(['order.paid', 'payment.captured', 'payment.failed', 'refund.processed']);

function webhookEventLabel(rawBody: Buffer): string {
  try {
    const event = (JSON.parse(rawBody.toString('utf8')) as { event?: unknown }).event;
    return typeof event === 'string' && WEBHOOK_EVENTS.has(event) ? event : 'other';
  } catch {
    return 'unknown';
  }
}
