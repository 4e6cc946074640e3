import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { THEME_BOOT_SCRIPT } from '@ehc/common';
import type { Env } from '../lib/env';

// Razorpay's Standard Checkout: the script, its iframe, and the calls it makes.
const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
};
// Google's gtag.js for Ads conversions and GA4.
const GTAG = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googleadservices.com',
    'https://googleads.g.doubleclick.net',
  ],
  img: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://googleads.g.doubleclick.net'],
  frame: ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};

/** The one inline script the page may run: the display settings applied before first paint. */
const THEME_BOOT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/**
 * A strict Content Security Policy and the usual hardening headers on every response.
 * Scripts come only from our origin, plus the display settings' boot script allowed by its
 * hash (no other inline script); later features add the
 * payment and analytics origins they need here, and only when configured.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  env: Pick<Env, 'isProduction' | 'tracking'>,
  paymentsMode: 'razorpay' | 'simulated',
): void {
  const isProduction = env.isProduction;
  // Third-party origins are allowed only when the feature that needs them is configured.
  const extra = [paymentsMode === 'razorpay' ? RAZORPAY : null, env.tracking ? GTAG : null].filter((x) => x !== null);
  const add = (kind: 'script' | 'frame' | 'connect' | 'img') =>
    extra.flatMap((origins) => (origins as Partial<typeof GTAG>)[kind] ?? []);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_BOOT_HASH, ...add('script')],
        styleSrc: ["'self'"],
        // React sets a few style attributes (progress bar widths); attributes cannot run code.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...add('img')],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...add('connect')],
        frameSrc: extra.length > 0 ? add('frame') : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // HSTS only where TLS is certain; on http://localhost it would pin a developer's browser.
    strictTransportSecurity: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers Helmet sets for these options, worked out once at boot. They are the same
 * for every response (no nonces), and @fastify/helmet would rebuild Helmet, parsing the
 * policy again, on every request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
