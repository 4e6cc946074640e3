import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSignedInUser } from '../../lib/session';
import { CheckoutPanel } from './CheckoutPanel';
import { startOfferTimer, useOfferPopup } from './offer-timer';
import { PersuasionPopup } from './PersuasionPopup';
import { SubscriptionScreen } from './SubscriptionScreen';
import { useCheckout } from './useCheckout';

/**
 * The payment screen as a page: on `/subscription` and in place of a course for a learner
 * who has not paid. Leaving it unpaid starts the offer timer; the pop-up then shows on
 * the dashboard (or here, if the checkout was dismissed and the learner stayed).
 */
export function PaymentGate({ lessonCount }: { lessonCount: number | null }) {
  const navigate = useNavigate();
  const user = useSignedInUser();
  const checkout = useCheckout();
  const offer = useOfferPopup(!user.payment_status && !checkout.busy);
  const subscribeRef = useRef<HTMLButtonElement>(null);
  // "Grab This Offer Now!": the payment screen is this page, so the pop-up steps aside and
  // "Subscribe Now" takes focus, after the closing pop-up has handed focus back.
  const [grabbed, setGrabbed] = useState(0);
  useEffect(() => {
    if (grabbed > 0) subscribeRef.current?.focus();
  }, [grabbed]);

  function backToDashboard() {
    startOfferTimer();
    navigate('/dashboard');
  }

  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh items-center">
      <SubscriptionScreen lessonCount={lessonCount} onBack={backToDashboard} titleLevel="h1">
        <CheckoutPanel checkout={checkout} buttonRef={subscribeRef} />
      </SubscriptionScreen>
      {offer.visible && (
        <PersuasionPopup
          variant="page"
          lessonCount={lessonCount}
          onClose={offer.hide}
          onGrab={() => {
            offer.hide();
            setGrabbed((count) => count + 1);
          }}
        />
      )}
    </main>
  );
}
