import { createBrowserRouter, Navigate, NavigationType } from 'react-router';
import { forgetPageProgress } from '../lib/course-api';
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
  SubscriptionPage,
  VerifyPage,
} from './lazy-pages';
import { RequireUser } from './RequireUser';

/**
 * The routes of spec §2, the account pages and the console (decisions §7), and the legal
 * pages; any other path goes back to the landing page.
 */
export const router = createBrowserRouter([
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
  { path: '/verify/:certificateId', element: <VerifyPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
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
]);

// The progress that came with the page belongs to the screen it opened on, and to a
// redirect from it (the landing page sends a signed-in learner to the dashboard). Once
// the learner moves on (a link, back or forward), screens ask the server again.
let shownLocation = router.state.location;
router.subscribe(({ location, historyAction }) => {
  if (location === shownLocation) return;
  shownLocation = location;
  if (historyAction !== NavigationType.Replace) forgetPageProgress();
});
