import type { Kysely, Selectable, Transaction } from 'kysely';
import { lockLearner } from '../../db/learner-lock';
import type { Database, PaymentOrderTable, PaymentTable } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { queueMail } from '../mail/mail-queue';
import { GatewayError, type GatewayPayment, type GatewayRefund } from '../billing/gateway';
import type { BillingDeps } from '../billing/billing-deps';
import { recordCapturedPaymentIn, saleContext } from '../billing/captured-payments';
import { refundDuplicatePayment } from '../billing/duplicate-payments';
import { markAttempted } from '../billing/payment-orders';
import { receiptLabel, receiptMail } from '../billing/receipts';
import { parseTaxInvoice } from '../billing/tax-invoice';
import { recordRefundIn } from '../billing/refunds';
import { auditedChange, learnerRow, refuseDeleted, type Acting } from './admin-action';

const GATEWAY_DOWN = 'The payment gateway did not answer. Nothing was changed; please try again in a minute.';

/** The state a refund changes, for the audit entry's before and after. */
async function refundState(db: Kysely<Database> | Transaction<Database>, paymentId: string, userRef: string) {
  const payment = await db
    .selectFrom('payment')
    .innerJoin('payment_order', 'payment_order.order_id', 'payment.order_id')
    .innerJoin('app_user', 'app_user.id', 'payment.user_ref')
    .select(['payment.status as payment', 'payment_order.status as order', 'app_user.payment_status'])
    .where('payment.payment_id', '=', paymentId)
    .where('payment.user_ref', '=', userRef)
    .executeTakeFirstOrThrow();
  return { payment: payment.payment, order: payment.order, paid: payment.payment_status === 1 };
}

/**
 * Refunds a payment in full through the gateway and records it as the refund.processed
 * webhook would (payment and order refunded, access revoked unless another captured
 * payment holds it, the refund email queued), with the audit entry in that transaction.
 * Idempotent: the gateway is asked first what it has already refunded, and only the rest
 * is refunded, so a second call (or one after a refund made in Razorpay's dashboard)
 * refunds nothing and its entry says so. The gateway call is made before the transaction,
 * so no lock is held while waiting on the network; the webhook Razorpay sends for it
 * later finds the refund recorded and changes nothing.
 */
/** How long an admin refund holds the payment's turn if its server dies mid-way. */
const REFUND_CLAIM_MS = 2 * 60_000;
export const REFUND_IN_PROGRESS = 'A refund of this payment is already in progress. Please try again in a minute.';

export async function refundPayment(deps: BillingDeps, who: Acting, paymentId: string): Promise<string> {
  const payment = await deps.db
    .selectFrom('payment')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  if (!payment) {
    const duplicate = await deps.db
      .selectFrom('duplicate_payment')
      .select('status')
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
    if (duplicate) {
      throw AppError.validation(
        `This is a duplicate payment; it is refunded automatically (now ${duplicate.status}), so there is nothing to do here.`,
      );
    }
    throw new AppError('NOT_FOUND', 'No payment has this id.');
  }
  // One refund of a payment at a time, across servers, without a lock held over the
  // gateway call: the first claims the payment's turn, the others are told to wait.
  const now = Date.now();
  const claimed = await deps.db
    .updateTable('payment')
    .set({ refund_claimed_until: now + REFUND_CLAIM_MS })
    .where('payment_id', '=', paymentId)
    .where((eb) => eb.or([eb('refund_claimed_until', 'is', null), eb('refund_claimed_until', '<', now)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw AppError.validation(REFUND_IN_PROGRESS);
  try {
    return await refundClaimed(deps, who, payment);
  } finally {
    await deps.db
      .updateTable('payment')
      .set({ refund_claimed_until: null })
      .where('payment_id', '=', paymentId)
      .execute();
  }
}

async function refundClaimed(deps: BillingDeps, who: Acting, payment: Selectable<PaymentTable>): Promise<string> {
  const paymentId = payment.payment_id;
  const before = await refundState(deps.db, paymentId, payment.user_ref);

  let atGateway: GatewayPayment;
  let refund: GatewayRefund | null = null;
  try {
    atGateway = await deps.gateway.fetchPayment(paymentId);
    const left = payment.amount - atGateway.amount_refunded;
    if (left > 0) {
      try {
        refund = await deps.gateway.refundPayment(paymentId, left, {
          reason: 'refunded by the seller',
          order_id: payment.order_id,
        });
      } catch (error) {
        // Refunded meanwhile elsewhere (the dashboard, another server): the gateway refuses
        // to give back more than is left. Record what it now says.
        if (!(error instanceof GatewayError && error.status === 400)) throw error;
        atGateway = await deps.gateway.fetchPayment(paymentId);
      }
    }
  } catch (error) {
    deps.log.error({ err: error, paymentId }, 'admin refund: the gateway call failed');
    throw new AppError('GATEWAY_UNAVAILABLE', GATEWAY_DOWN);
  }
  const refundedNow = refund?.amount ?? 0;
  const totalRefunded = atGateway.amount_refunded + refundedNow;

  const userRef = await auditedChange(deps.db, who, 'refund_payment', async (trx) => {
    await lockLearner(trx, payment.user_ref);
    const recorded = await recordRefundIn(trx, {
      paymentId,
      refundId: refund?.id ?? null,
      // The learner's email states what went back: this refund, or what the gateway had refunded before.
      amount: refund ? refundedNow : atGateway.amount_refunded,
      totalRefunded,
    });
    return {
      userRef: payment.user_ref,
      target: paymentId,
      details: {
        before,
        after: await refundState(trx, paymentId, payment.user_ref),
        refunded_now_paise: refundedNow,
        refund_id: refund?.id ?? null,
        refunded_before_at_gateway_paise: atGateway.amount_refunded,
        recorded,
        note: refund
          ? `refunded ${refundedNow} paise through the gateway`
          : 'nothing refunded: the gateway had already refunded the whole payment',
      },
    };
  });
  deps.log.info({ event: 'admin_refund', paymentId, refundId: refund?.id }, 'payment refunded by an admin');
  return userRef;
}

/** Queues the receipt email again: the same receipt number and data, to the learner's current address and name. */
export function resendReceipt(
  db: Kysely<Database>,
  appOrigin: string,
  who: Acting,
  paymentId: string,
): Promise<string> {
  return auditedChange(db, who, 'resend_receipt', async (trx) => {
    const payment = await trx.selectFrom('payment').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
    if (!payment) throw new AppError('NOT_FOUND', 'No payment has this id.');
    if (payment.receipt_number === null) throw AppError.validation('This payment has no receipt.');
    const learner = await learnerRow(trx, payment.user_ref);
    refuseDeleted(learner);
    const queuedBefore = await receiptEmailsQueued(trx, payment.user_ref);
    await queueMail(
      trx,
      receiptMail(appOrigin, learner, learner.id, {
        receiptNumber: payment.receipt_number,
        amount: payment.amount,
        capturedAt: payment.captured_at,
        paymentId,
        method: payment.method,
        invoice: parseTaxInvoice(payment.tax_invoice),
      }),
    );
    return {
      userRef: learner.id,
      target: paymentId,
      details: {
        before: { receipt_emails: queuedBefore },
        after: { receipt_emails: queuedBefore + 1 },
        receipt_number: receiptLabel(payment.receipt_number),
        to: learner.user_id,
      },
    };
  });
}

async function receiptEmailsQueued(trx: Transaction<Database>, userRef: string): Promise<number> {
  const row = await trx
    .selectFrom('mail_outbox')
    .select(({ fn }) => fn.countAll<number>().as('count'))
    .where('user_ref', '=', userRef)
    .where('kind', '=', 'receipt')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const WAITING: PaymentOrderTable['status'][] = ['created', 'attempted'];
// Far more than a learner ever has waiting; only bounds the gateway calls of one click.
const ORDERS_CHECKED_AT_MOST = 20;

type OrderCheck = { orderId: string; payments: GatewayPayment[] } | { orderId: string; failed: true };

/**
 * Asks the gateway now about each of the learner's waiting orders (one call per order, so
 * never more calls than orders, and no learner budget spent: an admin asked), then
 * records every captured payment it reports in one transaction with the audit entry.
 * Orders of any age are asked about: the learner may be writing about last month's.
 * Duplicates found are refunded after the commit, as the reconciler does.
 */
export async function checkPayments(deps: BillingDeps, who: Acting, userRef: string): Promise<string> {
  refuseDeleted(await learnerRow(deps.db, userRef));
  const waiting = await deps.db
    .selectFrom('payment_order')
    .select('order_id')
    .where('user_ref', '=', userRef)
    .where('status', 'in', WAITING)
    .orderBy('created_at', 'desc')
    .limit(ORDERS_CHECKED_AT_MOST)
    .execute();
  const checks: OrderCheck[] = [];
  for (const { order_id } of waiting) {
    try {
      checks.push({ orderId: order_id, payments: await deps.gateway.fetchOrderPayments(order_id) });
    } catch (error) {
      deps.log.warn({ err: error, orderId: order_id }, 'admin payment check: the gateway call failed');
      checks.push({ orderId: order_id, failed: true });
    }
  }

  const duplicates: string[] = [];
  const sale = await saleContext(deps);
  const result = await auditedChange(deps.db, who, 'check_payment', async (trx) => {
    await lockLearner(trx, userRef);
    const before = await learnerRow(trx, userRef);
    const orders: { order_id: string; result: string }[] = [];
    for (const check of checks) {
      if ('failed' in check) {
        orders.push({ order_id: check.orderId, result: 'gateway_unavailable' });
        continue;
      }
      const outcomes: string[] = [];
      for (const payment of check.payments.filter((p) => p.status === 'captured')) {
        const outcome = await recordCapturedPaymentIn(trx, sale, check.orderId, payment);
        if (outcome === 'duplicate') duplicates.push(payment.id);
        outcomes.push(`${payment.id}: ${outcome}`);
      }
      if (outcomes.length === 0 && check.payments.some((p) => p.status === 'failed')) {
        await markAttempted(trx, check.orderId);
        outcomes.push('failed attempts only');
      }
      orders.push({ order_id: check.orderId, result: outcomes.join(', ') || 'no payment yet' });
    }
    const after = await learnerRow(trx, userRef);
    return {
      userRef,
      target: null,
      details: {
        before: { paid: before.payment_status === 1 },
        after: { paid: after.payment_status === 1 },
        orders,
      },
    };
  });
  for (const paymentId of duplicates) await refundDuplicatePayment(deps, paymentId);
  return result;
}
