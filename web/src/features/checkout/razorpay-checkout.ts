import type { CheckoutOptions, CheckoutSuccess } from './checkout-api';

const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

let scriptLoad: Promise<void> | null = null;

/** Loads Razorpay's checkout.js from Razorpay (never bundled), once, when the learner pays. */
export function loadRazorpayScript(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new Error('checkout.js loaded without Razorpay')));
    script.onerror = () => {
      script.remove();
      scriptLoad = null;
      reject(new Error('checkout.js failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

export interface CheckoutCallbacks {
  onSuccess(result: CheckoutSuccess): void;
  onFailure(description: string | undefined): void;
  onDismiss(): void;
}

/** Opens Razorpay Standard Checkout with the options of docs/razorpay.md. */
export function openRazorpayCheckout(options: CheckoutOptions, callbacks: CheckoutCallbacks): void {
  const Razorpay = window.Razorpay!;
  const checkout = new Razorpay({
    key: options.key_id,
    amount: options.amount,
    currency: options.currency,
    order_id: options.order_id,
    name: options.name,
    description: options.description,
    image: `${window.location.origin}/favicon.svg`,
    prefill: options.prefill,
    notes: options.notes,
    theme: { color: '#10b981' },
    modal: { confirm_close: true, escape: false, backdropclose: false, ondismiss: callbacks.onDismiss },
    handler: callbacks.onSuccess,
  });
  checkout.on('payment.failed', (response) => callbacks.onFailure(response.error?.description));
  checkout.open();
}
