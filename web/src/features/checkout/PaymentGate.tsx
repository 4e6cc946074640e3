import { useNavigate } from 'react-router';
import { useSignedInUser } from '../../lib/session';
import { CheckoutPanel } from './CheckoutPanel';
import { PersuasionPopup, useOfferTimer } from './PersuasionPopup';
import { SubscriptionScreen } from './SubscriptionScreen';
import { useCheckout } from './useCheckout';

/**
 * The payment screen as a page: on `/subscription` and in place of a course for a learner
 * who has not paid. Dismissing the checkout starts the offer timer.
 */
export function PaymentGate({ lessonCount }: { lessonCount: number | null }) {
  const navigate = useNavigate();
  const user = useSignedInUser();
  const offer = useOfferTimer(!user.payment_status);
  const checkout = useCheckout({ onDismiss: offer.start });
  return (
    <main className="flex min-h-dvh items-center">
      <SubscriptionScreen lessonCount={lessonCount} onBack={() => navigate('/dashboard')}>
        <CheckoutPanel checkout={checkout} />
      </SubscriptionScreen>
      {offer.visible && (
        <PersuasionPopup
          variant="page"
          lessonCount={lessonCount}
          onClose={offer.hide}
          onGrab={() => {
            offer.hide();
            void checkout.start();
          }}
        />
      )}
    </main>
  );
}
