import { Navigate, type RouteObject } from 'react-router';
import { LandingPage } from '../features/auth/LandingPage';
import { AdminRoute } from './AdminRoute';
import {
  AccountPage,
  CoursePage,
  DashboardPage,
  ForgotPasswordPage,
  LegalPage,
  ReceiptPage,
  ResetPasswordPage,
  ConfirmEmailPage,
  SamplePage,
  SubscriptionPage,
  VerifyPage,
} from './lazy-pages';
import { RequireUser } from './RequireUser';

/**
 * The routes of spec §2, the account pages and the console (decisions §7), and the legal
 * pages; any other path goes back to the landing page. Declarative routes under a
 * <BrowserRouter> (App.tsx): the app loads its data itself, so React Router's data router
 * (loaders, actions) would be 50 KB of script every first page parses for nothing.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  {
    path: '/dashboard',
    element: (
      <RequireUser>
        <DashboardPage />
      </RequireUser>
    ),
  },
  {
    path: '/dashboard/premium',
    element: (
      <RequireUser>
        <DashboardPage premiumWelcome />
      </RequireUser>
    ),
  },
  {
    // Without a lesson number the reader resumes at the first incomplete lesson.
    path: '/course/:moduleId/:lessonNumber?',
    element: (
      <RequireUser>
        <CoursePage />
      </RequireUser>
    ),
  },
  {
    path: '/subscription',
    element: (
      <RequireUser>
        <SubscriptionPage />
      </RequireUser>
    ),
  },
  { path: '/verify', element: <VerifyPage /> },
  { path: '/sample/:moduleId/:lessonNumber', element: <SamplePage /> },
  { path: '/verify/:certificateId', element: <VerifyPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/confirm-email', element: <ConfirmEmailPage /> },
  {
    path: '/account',
    element: (
      <RequireUser>
        <AccountPage />
      </RequireUser>
    ),
  },
  {
    path: '/account/receipts/:number',
    element: (
      <RequireUser>
        <ReceiptPage />
      </RequireUser>
    ),
  },
  {
    // The console's own routes are inside its lazily loaded chunk.
    path: '/admin/*',
    element: (
      <RequireUser>
        <AdminRoute />
      </RequireUser>
    ),
  },
  { path: '/terms', element: <LegalPage slug="terms" /> },
  { path: '/privacy', element: <LegalPage slug="privacy" /> },
  { path: '/refunds', element: <LegalPage slug="refunds" /> },
  { path: '/contact', element: <LegalPage slug="contact" /> },
  { path: '*', element: <Navigate to="/" replace /> },
];
