import { PRICE_CURRENCY } from '@ehc/common';
import { fetchAppConfig, type TrackingConfig } from './app-config';
import { whenIdle } from './when-idle';

/**
 * Conversion tracking through Google's gtag.js, loaded only when the server has tracking
 * ids configured. Without them every call is a no-op that logs one warning per page load.
 */
type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let ready: Promise<{ gtag: Gtag; config: TrackingConfig } | null> | null = null;
let warned = false;

function load(): Promise<{ gtag: Gtag; config: TrackingConfig } | null> {
  ready ??= fetchAppConfig()
    .then((app) => {
      const config = app.tracking;
      const primaryId = config?.ads_id ?? config?.ga4_id;
      if (!config || !primaryId) return null;
      window.dataLayer = window.dataLayer ?? [];
      // gtag queues its calls as the `arguments` object, which gtag.js reads on load.
      const gtag: Gtag = function gtag() {
        // eslint-disable-next-line prefer-rest-params
        window.dataLayer!.push(arguments);
      };
      window.gtag = gtag;
      gtag('js', new Date());
      for (const id of [config.ads_id, config.ga4_id]) if (id) gtag('config', id);
      const script = document.createElement('script');
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(primaryId)}`;
      document.head.appendChild(script);
      return { gtag, config };
    })
    .catch(() => null);
  return ready;
}

async function withGtag(run: (gtag: Gtag, config: TrackingConfig) => void): Promise<void> {
  const tracker = await load();
  if (!tracker) {
    if (!warned) console.warn('Conversion tracking is not configured; tracking calls are skipped.');
    warned = true;
    return;
  }
  run(tracker.gtag, tracker.config);
}

/**
 * Call once at start so gtag is on the page before the first event. Not before the page
 * has shown itself: no event comes that early, and every event waits for the load anyway.
 */
export function initTracking(): void {
  whenIdle(() => void load());
}

export function trackSignup(): Promise<void> {
  return withGtag((gtag, config) => {
    if (config.ads_id && config.signup_label)
      gtag('event', 'conversion', { send_to: `${config.ads_id}/${config.signup_label}` });
    if (config.ga4_id) gtag('event', 'sign_up', { method: 'email' });
  });
}

const TRACKED_KEY = 'purchase-tracked';

/** Fires the purchase once per paid order, after the server confirmed it, with the order's amount. */
export function trackPurchase(orderId: string, paymentId: string, amountPaise: number): Promise<void> {
  const value = amountPaise / 100;
  const tracked = new Set((localStorage.getItem(TRACKED_KEY) ?? '').split(',').filter(Boolean));
  if (tracked.has(orderId)) return Promise.resolve();
  tracked.add(orderId);
  localStorage.setItem(TRACKED_KEY, [...tracked].slice(-20).join(','));
  return withGtag((gtag, config) => {
    const item = {
      item_id: 'full-course',
      item_name: 'Ethical Hacking & Cybersecurity Course',
      price: value,
      quantity: 1,
    };
    if (config.ads_id && config.purchase_label) {
      gtag('event', 'conversion', {
        send_to: `${config.ads_id}/${config.purchase_label}`,
        value,
        currency: PRICE_CURRENCY,
        transaction_id: paymentId,
      });
    }
    gtag('event', 'purchase', {
      transaction_id: paymentId,
      value,
      currency: PRICE_CURRENCY,
      items: [item],
    });
  });
}
