import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { lazyPageOfPath, type LazyPageName } from '@ehc/common';
import { LoadingScreen } from '../components/LoadingScreen';
import { whenIdle } from '../lib/when-idle';

/**
 * The pages beyond the landing page, each in its own chunk, so a first visit downloads
 * only the landing page and the sign-in card. `prefetch` fetches a chunk ahead of need
 * (the reader and checkout from the dashboard); `startPage` at once (the dashboard when a
 * visitor starts filling in the sign-in card).
 */
const loaders: Record<LazyPageName, () => Promise<unknown>> = {
  dashboard: () => import('../features/dashboard/DashboardPage'),
  course: () => import('../features/course-reader/CoursePage'),
  subscription: () => import('../features/checkout/SubscriptionPage'),
  verify: () => import('../features/certificates/VerifyPage'),
  account: () => import('../features/account/AccountPage'),
  receipt: () => import('../features/account/ReceiptPage'),
  forgotPassword: () => import('../features/account/ForgotPasswordPage'),
  resetPassword: () => import('../features/account/ResetPasswordPage'),
  confirmEmail: () => import('../features/account/ConfirmEmailPage'),
  legal: () => import('../features/legal/LegalPage'),
  sample: () => import('../features/sample/SamplePage'),
};

function page<P extends object>(name: LazyPageName, pick: (module: never) => ComponentType<P>): ComponentType<P> {
  return lazy(async () => ({ default: pick((await loaders[name]()) as never) }));
}

export const DashboardPage = page(
  'dashboard',
  (m: typeof import('../features/dashboard/DashboardPage')) => m.DashboardPage,
);
export const CoursePage = page('course', (m: typeof import('../features/course-reader/CoursePage')) => m.CoursePage);
export const SubscriptionPage = page(
  'subscription',
  (m: typeof import('../features/checkout/SubscriptionPage')) => m.SubscriptionPage,
);
export const VerifyPage = page('verify', (m: typeof import('../features/certificates/VerifyPage')) => m.VerifyPage);
export const AccountPage = page('account', (m: typeof import('../features/account/AccountPage')) => m.AccountPage);
export const ReceiptPage = page('receipt', (m: typeof import('../features/account/ReceiptPage')) => m.ReceiptPage);
export const ForgotPasswordPage = page(
  'forgotPassword',
  (m: typeof import('../features/account/ForgotPasswordPage')) => m.ForgotPasswordPage,
);
export const ResetPasswordPage = page(
  'resetPassword',
  (m: typeof import('../features/account/ResetPasswordPage')) => m.ResetPasswordPage,
);
export const ConfirmEmailPage = page(
  'confirmEmail',
  (m: typeof import('../features/account/ConfirmEmailPage')) => m.ConfirmEmailPage,
);
export const LegalPage = page('legal', (m: typeof import('../features/legal/LegalPage')) => m.LegalPage);
export const SamplePage = page('sample', (m: typeof import('../features/sample/SamplePage')) => m.SamplePage);

/**
 * Starts downloading pages the learner is likely to open next, once the browser is idle;
 * a failure is left for the real visit to report.
 */
export function prefetch(...names: LazyPageName[]): void {
  whenIdle(() => names.forEach((name) => void loaders[name]().catch(() => undefined)));
}

/** The lazily loaded page a path opens, or null (the landing page is in the main chunk). */
export const pageOfPath = lazyPageOfPath;

/**
 * Starts the chunk of the page in the address at once, alongside the session check
 * (`me`), instead of after it: the router only asks for a page once it knows who is
 * signed in.
 */
export function startPageOfPath(pathname: string): void {
  const name = pageOfPath(pathname);
  if (name) startPage(name);
}

/** Starts downloading a page's chunk now (a failure is left for the visit to report). */
export function startPage(name: LazyPageName): void {
  void loaders[name]().catch(() => undefined);
}

/** Prefetches `names` once, after the component that calls it has shown. */
export function usePrefetch(...names: LazyPageName[]): void {
  const key = names.join(',');
  useEffect(() => prefetch(...(key.split(',') as LazyPageName[])), [key]);
}

/** "Loading..." (spec) while a page's chunk arrives. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}
