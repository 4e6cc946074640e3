import { useQuery } from '@tanstack/react-query';
import { afterSignIn, MODULE_DISPLAY_NAMES, MODULE_IDS, type AuthMode } from '@ehc/common';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { CheckList } from '../../components/CheckList';
import { SiteFooter } from '../../components/SiteFooter';
import { formatPrice, pricingQuery, type Pricing } from '../../lib/pricing-api';
import { sampleLessonLinkQuery } from '../../lib/sample-lesson-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';
import { AuthScreen, type AuthRequest } from './AuthScreen';

const HIGHLIGHTS = [
  'Hands-on labs in your browser, on simulated targets: nothing to install, practise on your phone',
  'From HTTP basics and WiFi to Active Directory and post-quantum cryptography',
  'Progress saved to your account, on every device',
  'A certificate per module, and one for the full course, that employers can verify online',
];

const primaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-xl bg-emerald-500 px-5 py-2.5 font-semibold text-slate-950 shadow hover:bg-emerald-400';

/**
 * `/`: on a phone's first screen, what the course is, its seven modules, the price and a way
 * in; the Login / Sign Up card follows (beside it on a wide screen), reached by the header's
 * Login and by "Start learning".
 */
export function LandingPage() {
  const { state, notice } = useSession();
  const pricing = useQuery(pricingQuery);
  const sample = useQuery(sampleLessonLinkQuery);
  const [authRequest, setAuthRequest] = useState<AuthRequest | null>(null);
  // "Start learning" on another page (the sample lesson) comes here as /#get-started.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#get-started') setAuthRequest({ mode: 'signup', at: Date.now() });
  }, [hash]);
  useDocumentTitle('Ethical Hacking & Cybersecurity Course');
  // The landing page's own address (not the window's, which may already be the next page's).
  const [params] = useSearchParams();
  if (state.status === 'ready' && state.user) return <Navigate to={afterSignIn(params.get('next'))} replace />;
  const ask = (mode: AuthMode) => setAuthRequest({ mode, at: Date.now() });

  return (
    <div className="min-h-dvh bg-[radial-gradient(ellipse_at_top,_var(--color-emerald-950),_var(--color-slate-950)_60%)]">
      <header className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:px-6 sm:py-5">
        <img src="/favicon.svg" alt="" className="h-8 w-8" />
        <span className="font-bold tracking-tight sm:text-lg">Ethical Hacking Course</span>
        <a
          href="#get-started"
          onClick={(event) => {
            event.preventDefault();
            ask('login');
          }}
          className="ml-auto inline-flex min-h-11 items-center rounded-xl border border-slate-600 px-4 text-sm font-semibold text-slate-100 hover:border-slate-400"
        >
          Login
        </a>
      </header>
      {notice && (
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <p
            role="status"
            className="rounded-xl border border-emerald-800 bg-emerald-950/70 px-4 py-3 text-emerald-100"
          >
            {notice}
          </p>
        </div>
      )}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto grid max-w-6xl items-start gap-10 px-4 pt-2 pb-16 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:pt-10"
      >
        <div>
          <h1 className="text-3xl leading-tight font-extrabold tracking-tight sm:text-5xl">
            Learn ethical hacking. <span className="text-emerald-400">Defend like a professional.</span>
          </h1>
          <p className="mt-3 text-slate-300 sm:mt-5 sm:text-lg">
            Seven modules of text lessons and browser labs, beginner to advanced, written for learners in India.{' '}
            <PriceSentence pricing={pricing.data ?? null} />
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <a
              href="#get-started"
              onClick={(event) => {
                event.preventDefault();
                ask('signup');
              }}
              className={primaryButton}
            >
              Start learning
            </a>
            {sample.data && (
              <Link
                to={sample.data.path}
                className="inline-flex min-h-11 items-center justify-center rounded-xl border border-slate-600 px-5 py-2.5 font-semibold text-slate-100 hover:border-slate-400"
              >
                Read a free lesson
              </Link>
            )}
          </div>
          <h2 className="mt-6 mb-2 text-xs font-semibold tracking-widest text-slate-400 uppercase sm:text-sm">
            The seven modules
          </h2>
          <ol className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-200 min-[400px]:grid-cols-2">
            {MODULE_IDS.map((id, i) => (
              <li key={id} className="flex gap-2">
                <span aria-hidden="true" className="w-4 text-right text-emerald-400 tabular-nums">
                  {i + 1}
                </span>
                {MODULE_DISPLAY_NAMES[id]}
              </li>
            ))}
          </ol>
          <CheckList items={HIGHLIGHTS} className="mt-8 space-y-3" />
        </div>
        <div className="flex justify-center lg:justify-end">
          <AuthScreen request={authRequest} />
        </div>
      </main>
      <SiteFooter
        note={
          <>
            Every technique is taught for authorized testing only. Using it without written permission is an offence
            under India&apos;s IT Act 2000.
          </>
        }
      />
    </div>
  );
}

/** The price as the server states it; the "was" price only when the seller configured one. */
function PriceSentence({ pricing }: { pricing: Pricing | null }) {
  if (!pricing) return <>One payment unlocks everything, for life.</>;
  return (
    <>
      One payment of <strong className="text-white">{formatPrice(pricing.price)}</strong>
      {pricing.reference_price !== null && (
        <>
          {' '}
          <span className="sr-only">(earlier price </span>
          <s className="text-slate-400">{formatPrice(pricing.reference_price)}</s>
          <span className="sr-only">)</span>
        </>
      )}{' '}
      unlocks everything, for life.
    </>
  );
}
