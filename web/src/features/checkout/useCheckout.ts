import { MESSAGES } from '@ehc/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession, type SessionUser } from '../../lib/session';
import { trackPurchase } from '../../lib/tracking';
import {
  createPaymentOrder,
  fetchPaymentStatus,
  simulatePayment,
  verifyPayment,
  type CheckoutOptions,
  type CheckoutSuccess,
} from './checkout-api';
import { cancelOfferTimer, startOfferTimer } from './offer-timer';
import { loadRazorpayScript, openRazorpayCheckout } from './razorpay-checkout';

/** How often, and for how long, to ask the server after a verify that did not go through. */
const RECONCILE_EVERY_MS = 4_000;
const RECONCILE_FOR_MS = 15 * 60_000;

type Phase = 'idle' | 'starting' | 'open' | 'verifying' | 'reconciling';

export interface Checkout {
  /** True while a payment is in progress: "Subscribe Now" is disabled. */
  busy: boolean;
  error: string | null;
  /** The order shown in the in-app "Test payment" dialog (simulated gateway only). */
  testOrder: CheckoutOptions | null;
  /** Razorpay's own checkout is on screen: our modal layers must step aside. */
  razorpayOpen: boolean;
  start(): Promise<void>;
  simulate(outcome: 'success' | 'failure'): Promise<void>;
  cancelTest(): void;
}

/**
 * One learner's way through paying: create the order on the server, open Razorpay's
 * checkout (or the test dialog), send the result to the server for verification, and
 * unlock only on the server's word. If verification fails after the learner paid, keep
 * asking the server (which asks Razorpay) until the payment shows up.
 */
export function useCheckout(): Checkout {
  const { setUser } = useSession();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [testOrder, setTestOrder] = useState<CheckoutOptions | null>(null);
  const [razorpayOpen, setRazorpayOpen] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const unlocked = useCallback(
    (user: SessionUser, order: CheckoutOptions, paymentId: string) => {
      cancelOfferTimer();
      setUser(user);
      // The amount of the order paid, which the seller's settings decided, not a constant.
      void trackPurchase(order.order_id, paymentId, order.amount);
      navigate('/dashboard/premium');
    },
    [setUser, navigate],
  );

  const reconcile = useCallback(
    async (order: CheckoutOptions, paymentId: string) => {
      setPhase('reconciling');
      const until = Date.now() + RECONCILE_FOR_MS;
      while (mounted.current && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, RECONCILE_EVERY_MS));
        try {
          const user = await fetchPaymentStatus();
          if (user.payment_status) {
            if (mounted.current) unlocked(user, order, paymentId);
            return;
          }
        } catch {
          // Keep trying: the server or the network may be back on the next round.
        }
      }
    },
    [unlocked],
  );

  const complete = useCallback(
    async (order: CheckoutOptions, result: CheckoutSuccess) => {
      setPhase('verifying');
      try {
        const verified = await verifyPayment(result);
        if (verified.status === 'paid') {
          unlocked(verified.user, order, result.razorpay_payment_id);
          return;
        }
      } catch {
        setError(MESSAGES.paymentStatusUpdateFailed);
      }
      await reconcile(order, result.razorpay_payment_id);
    },
    [unlocked, reconcile],
  );

  // Closing the checkout unpaid counts as closing the payment screen (spec §2): the
  // offer pop-up is due.
  const dismissed = useCallback(() => {
    setPhase('idle');
    startOfferTimer();
  }, []);

  const start = useCallback(async () => {
    if (phase !== 'idle') return;
    cancelOfferTimer();
    setError(null);
    setPhase('starting');
    let order: CheckoutOptions;
    try {
      order = await createPaymentOrder();
    } catch {
      setError(MESSAGES.paymentInitFailed);
      setPhase('idle');
      return;
    }
    if (order.mode === 'simulated') {
      setTestOrder(order);
      setPhase('open');
      return;
    }
    try {
      await loadRazorpayScript();
    } catch {
      setError(MESSAGES.paymentGatewayFailedToLoad);
      setPhase('idle');
      return;
    }
    setPhase('open');
    setRazorpayOpen(true);
    openRazorpayCheckout(order, {
      onSuccess: (result) => {
        setRazorpayOpen(false);
        void complete(order, result);
      },
      onFailure: () => setError(MESSAGES.paymentFailed),
      onDismiss: () => {
        setRazorpayOpen(false);
        dismissed();
      },
    });
  }, [phase, complete, dismissed]);

  const simulate = useCallback(
    async (outcome: 'success' | 'failure') => {
      const order = testOrder;
      if (!order) return;
      setTestOrder(null);
      try {
        const result = await simulatePayment(order.order_id, outcome);
        if (result) {
          await complete(order, result);
        } else {
          setError(MESSAGES.paymentFailed);
          setPhase('idle');
        }
      } catch {
        setError(MESSAGES.paymentInitFailed);
        setPhase('idle');
      }
    },
    [testOrder, complete],
  );

  const cancelTest = useCallback(() => {
    setTestOrder(null);
    dismissed();
  }, [dismissed]);

  return { busy: phase !== 'idle', error, testOrder, razorpayOpen, start, simulate, cancelTest };
}
