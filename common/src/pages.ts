/**
 * The pages beyond the landing page: the addresses each opens (as web/src/app/router.tsx
 * routes them), the module that holds it, each built into its own chunk, and whether it
 * needs a signed-in learner (`RequireUser` sends anyone else to the landing page). The web app
 * starts the chunk of the page in the address at boot (web/src/app/lazy-pages.tsx); the
 * server names the chunk's files in the page's `Link` header, found in the build's
 * manifest by `module`, so they download with the page's first code (server/src/http/page-code.ts).
 */
export const LAZY_PAGES = {
  dashboard: {
    path: /^\/dashboard(\/premium)?$/,
    module: 'src/features/dashboard/DashboardPage.tsx',
    signedIn: true,
  },
  course: {
    path: /^\/course\/[^/]+(\/[^/]+)?$/,
    module: 'src/features/course-reader/CoursePage.tsx',
    signedIn: true,
  },
  subscription: { path: /^\/subscription$/, module: 'src/features/checkout/SubscriptionPage.tsx', signedIn: true },
  verify: { path: /^\/verify(\/[^/]+)?$/, module: 'src/features/certificates/VerifyPage.tsx' },
  account: { path: /^\/account$/, module: 'src/features/account/AccountPage.tsx', signedIn: true },
  receipt: { path: /^\/account\/receipts\/[^/]+$/, module: 'src/features/account/ReceiptPage.tsx', signedIn: true },
  forgotPassword: { path: /^\/forgot-password$/, module: 'src/features/account/ForgotPasswordPage.tsx' },
  resetPassword: { path: /^\/reset-password$/, module: 'src/features/account/ResetPasswordPage.tsx' },
  confirmEmail: { path: /^\/confirm-email$/, module: 'src/features/account/ConfirmEmailPage.tsx' },
  legal: { path: /^\/(terms|privacy|refunds|contact)$/, module: 'src/features/legal/LegalPage.tsx' },
  /** The free sample lesson; the server answers 404 for any lesson but the seller's choice. */
  sample: { path: /^\/sample\/[^/]+\/[^/]+$/, module: 'src/features/sample/SamplePage.tsx' },
} as const;

export type LazyPageName = keyof typeof LAZY_PAGES;

/** The lazily loaded page a path opens, or null (the landing page and the console are in other chunks). */
export function lazyPageOfPath(pathname: string): LazyPageName | null {
  return PAGE_NAMES.find((name) => LAZY_PAGES[name].path.test(pathname)) ?? null;
}

const PAGE_NAMES = Object.keys(LAZY_PAGES) as LazyPageName[];

/**
 * Whether the web app has a page at `path`: the landing page, the console and every lazy
 * page above. Any other address is answered 404 (the app shell still loads, and sends the
 * visitor to the landing page, as the spec says), so search engines see no "soft 404".
 */
export function isAppPage(path: string): boolean {
  const normal = path.length > 1 ? path.replace(/\/$/, '') : path;
  return (
    normal === '/' ||
    /^\/admin(\/.*)?$/.test(normal) ||
    Object.values(LAZY_PAGES).some((page) => page.path.test(normal))
  );
}

/**
 * Where to go after signing in, from a `?next=` a protected page put in the address: only
 * a path of one of the app's own pages (never another site, "//host", a backslash or a
 * scheme), else the dashboard. So a crafted link cannot send a learner elsewhere.
 */
export function afterSignIn(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\s]/.test(next)) return '/dashboard';
  const path = next.replace(/[?#].*$/, '');
  return isAppPage(path) && path !== '/' ? next : '/dashboard';
}
