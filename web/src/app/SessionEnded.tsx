import { MESSAGES } from '@ehc/common';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonStyles } from '../components/button-styles';
import { SiteFooter } from '../components/SiteFooter';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * What a signed-in page becomes once the server has ended its session (signed out from
 * another device, or expired): it says so, and Log in leads to the login form with this
 * page in `?next=`, so logging in comes back here (`afterSignIn`). The one place a learner
 * is told "Please log in to continue." on a page that needs a session.
 */
export function SessionEnded() {
  useDocumentTitle('Session ended · Ethical Hacking Course');
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  const heading = useRef<HTMLHeadingElement>(null);
  // The page the learner was on is gone from under the focus: a screen reader starts here.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center gap-3 px-4 py-6 sm:px-6">
        <img src="/favicon.svg" alt="" className="h-8 w-8" />
        <span className="text-lg font-bold tracking-tight">Ethical Hacking Course</span>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:pt-10">
        <div className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900/80 p-6 text-center shadow-2xl sm:p-8">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-extrabold text-white outline-none">
            Your session has ended
          </h1>
          <p className="mt-3 text-slate-200">{MESSAGES.unauthenticated}</p>
          <p className="mt-2 text-sm text-slate-400">
            You were signed out, from another device or after a while away. Your progress is saved, and logging in
            brings you back to this page.
          </p>
          <Link to={`/?next=${encodeURIComponent(next)}`} className={`${buttonStyles.primary} mt-6 w-full`}>
            Log in
          </Link>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
