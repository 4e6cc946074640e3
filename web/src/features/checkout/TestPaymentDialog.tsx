import { useState } from 'react';
import { CloseButton } from '../../components/CloseButton';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import type { CheckoutOptions } from './checkout-api';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

interface TestPaymentDialogProps {
  order: CheckoutOptions;
  onSuccess(): void;
  onFailure(): void;
  onClose(): void;
  /** The "Subscribe Now" button: disabled while this dialog is open, focused again after. */
  returnFocus?: () => HTMLElement | null;
}

/**
 * Stands where Razorpay's checkout would, when the server runs the simulated gateway, and
 * behaves like it: Escape and clicks beside it do nothing, and closing asks first
 * (Razorpay's `confirm_close`), here in an in-app dialog.
 */
export function TestPaymentDialog({ order, onSuccess, onFailure, onClose, returnFocus }: TestPaymentDialogProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Dialog label="Test payment" onClose={() => setConfirming(true)} dismissible={false} returnFocus={returnFocus}>
        <div className="mx-auto w-full max-w-sm p-4">
          <section className="relative rounded-2xl border border-slate-300 bg-white p-6 text-slate-900 shadow-2xl">
            <CloseButton
              onClick={() => setConfirming(true)}
              className="min-h-11 min-w-11 text-slate-700 hover:bg-slate-100"
            />
            <h2 className="pr-10 text-lg font-bold">Test payment</h2>
            <p className="mt-1 text-sm text-slate-700">
              No real money moves: this server has no Razorpay keys and uses its simulated gateway.
            </p>
            <dl className="mt-4 rounded-xl bg-slate-100 p-4 text-sm">
              <div className="flex justify-between">
                <dt>Amount</dt>
                <dd className="font-bold">{rupees.format(order.amount / 100)}</dd>
              </div>
              <div className="mt-1 flex justify-between gap-3 text-slate-700">
                <dt>Order</dt>
                <dd className="font-mono text-xs break-all">{order.order_id}</dd>
              </div>
            </dl>
            <div className="mt-5 grid gap-2">
              <button
                type="button"
                data-autofocus
                onClick={onSuccess}
                className="min-h-11 rounded-xl bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-600"
              >
                Simulate success
              </button>
              <button
                type="button"
                onClick={onFailure}
                className="min-h-11 rounded-xl border border-rose-400 px-4 py-2.5 font-semibold text-rose-800 hover:bg-rose-50"
              >
                Simulate failure
              </button>
            </div>
          </section>
        </div>
      </Dialog>
      {confirming && (
        <ConfirmDialog
          title="Cancel this payment?"
          message="Nothing has been charged. You can start the payment again from the payment screen."
          confirmLabel="Yes, cancel payment"
          cancelLabel="No, continue paying"
          onConfirm={onClose}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
