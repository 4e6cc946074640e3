import { useRef, type RefObject } from 'react';
import { SupportLinkedMessage } from './SupportLinkedMessage';
import { TestPaymentDialog } from './TestPaymentDialog';
import type { Checkout } from './useCheckout';

/** "Subscribe Now", the payment messages, and the test dialog when simulated. */
export function CheckoutPanel({
  checkout,
  buttonRef,
}: {
  checkout: Checkout;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}) {
  const ownRef = useRef<HTMLButtonElement>(null);
  const subscribeRef = buttonRef ?? ownRef;
  return (
    <>
      <button
        ref={subscribeRef}
        type="button"
        disabled={checkout.busy}
        onClick={() => void checkout.start()}
        className="w-full rounded-xl bg-emerald-500 px-6 py-3.5 text-lg font-bold text-slate-950 shadow-lg shadow-emerald-900/40 transition hover:bg-emerald-400 disabled:cursor-wait disabled:opacity-60"
      >
        Subscribe Now
      </button>
      <div
        role="alert"
        aria-live="assertive"
        className="mt-3 text-center text-sm font-medium text-rose-300 empty:hidden"
      >
        {checkout.error && <SupportLinkedMessage text={checkout.error} />}
      </div>
      {checkout.testOrder && (
        <TestPaymentDialog
          order={checkout.testOrder}
          onSuccess={() => void checkout.simulate('success')}
          onFailure={() => void checkout.simulate('failure')}
          onClose={checkout.cancelTest}
          returnFocus={() => subscribeRef.current}
        />
      )}
    </>
  );
}
