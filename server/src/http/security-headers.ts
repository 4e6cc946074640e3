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
 * Hardening headers on every response, in two sets chosen by what the answer is (decision
 * 0021). A page (text/html) gets a strict Content Security Policy that lets it run: scripts
 * only from our origin plus the display settings' boot script by its hash, the payment and
 * analytics origins only when configured, and the rest of Helmet's headers for documents.
 * Everything else (JSON, scripts, images, text) gets a shorter set whose policy allows
 * nothing at all, since such an answer never needs to load anything: stricter than the
 * page's, and about half the bytes on the busiest answers.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  env: Pick<Env, 'isProduction' | 'tracking'>,
  paymentsMode: 'razorpay' | 'simulated',
): void {
  const { page, answer } = securityHeaders(env, paymentsMode);
  // onSend, when the answer's type is known; a route's own headers of these names give way.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(isPage(reply.getHeader('content-type')) ? page : answer);
    done(null, payload);
  });
}

function isPage(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/html');
}

/** The two header sets, worked out once at boot (they carry no nonce, so never change). */
function securityHeaders(
  env: Pick<Env, 'isProduction' | 'tracking'>,
  paymentsMode: 'razorpay' | 'simulated',
): { page: Record<string, string>; answer: Record<string, string> } {
  const isProduction = env.isProduction;
  // Third-party origins are allowed only when the feature that needs them is configured.
  const extra = [paymentsMode === 'razorpay' ? RAZORPAY : null, env.tracking ? GTAG : null].filter((x) => x !== null);
  const add = (kind: 'script' | 'frame' | 'connect' | 'img') =>
    extra.flatMap((origins) => (origins as Partial<typeof GTAG>)[kind] ?? []);
  // HSTS only where TLS is certain; on http://localhost it would pin a developer's browser.
  const strictTransportSecurity = isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false;
  const page = helmetHeaders({
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
    strictTransportSecurity,
    crossOriginEmbedderPolicy: false,
    // Windows that other sites open on us are still cut off; a lab this page opens keeps
    // its link back, so the lab page can report a solve (docs/decisions/0032).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Read by no browser still supported: X-XSS-Protection (the filter it switched off is
    // gone from every engine) and X-Download-Options (Internet Explorer 8).
    xXssProtection: false,
    xDownloadOptions: false,
  });
  const answer = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        // Named although 'none' above covers them, so the policy reads as security.md states it.
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity,
    // Helmet's headers for documents: an answer that is not a page opens no window and
    // starts no navigation, so these would change nothing for it.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xDownloadOptions: false,
  });
  return { page, answer };
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
