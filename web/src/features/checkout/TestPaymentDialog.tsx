import { CloseButton } from '../../components/CloseButton';
import { Dialog } from '../../components/Dialog';
import type { CheckoutOptions } from './checkout-api';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

interface TestPaymentDialogProps {
  order: CheckoutOptions;
  onSuccess(): void;
  onFailure(): void;
  onClose(): void;
}

/**
 * Stands where Razorpay's checkout would, when the server runs the simulated gateway.
 * Closing asks for confirmation, as Razorpay's `confirm_close` does.
 */
export function TestPaymentDialog({ order, onSuccess, onFailure, onClose }: TestPaymentDialogProps) {
  function close() {
    if (window.confirm('Cancel this payment?')) onClose();
  }
  return (
    <Dialog label="Test payment" onClose={close}>
      <div className="mx-auto w-full max-w-sm p-4">
        <section className="relative rounded-2xl border border-slate-700 bg-white p-6 text-slate-900 shadow-2xl">
          <CloseButton onClick={close} className="text-slate-500 hover:bg-slate-100" />
          <h2 className="text-lg font-bold">Test payment</h2>
          <p className="mt-1 text-sm text-slate-600">
            No real money moves: this server has no Razorpay keys and uses its simulated gateway.
          </p>
          <dl className="mt-4 rounded-xl bg-slate-100 p-4 text-sm">
            <div className="flex justify-between">
              <dt>Amount</dt>
              <dd className="font-bold">{rupees.format(order.amount / 100)}</dd>
            </div>
            <div className="mt-1 flex justify-between text-slate-500">
              <dt>Order</dt>
              <dd className="font-mono text-xs">{order.order_id}</dd>
            </div>
          </dl>
          <div className="mt-5 grid gap-2">
            <button
              type="button"
              onClick={onSuccess}
              className="rounded-xl bg-emerald-600 px-4 py-2.5 font-semibold text-white hover:bg-emerald-500"
            >
              Simulate success
            </button>
            <button
              type="button"
              onClick={onFailure}
              className="rounded-xl border border-rose-300 px-4 py-2.5 font-semibold text-rose-700 hover:bg-rose-50"
            >
              Simulate failure
            </button>
          </div>
        </section>
      </div>
    </Dialog>
  );
}
