import { afterSignIn, MODULE_DISPLAY_NAMES, MODULE_IDS } from '@ehc/common';
import { Navigate, useSearchParams } from 'react-router';
import { CheckList } from '../../components/CheckList';
import { SiteFooter } from '../../components/SiteFooter';
import { fetchPricing, formatPrice, type Pricing } from '../../lib/pricing-api';
import { useAsync } from '../../lib/use-async';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';
import { AuthScreen } from './AuthScreen';
import { usePrefetch } from '../../app/lazy-pages';

const HIGHLIGHTS = [
  'Hands-on labs on your own devices and practice targets — never on systems you do not own',
  'From HTTP basics and WiFi to Active Directory and post-quantum cryptography',
  'Progress saved to your account, on every device',
  'A certificate per module, and one for the full course, that employers can verify online',
];

/** `/`: what the course is, and the Login / Sign Up card. */
export function LandingPage() {
  // Most visitors sign in or up next.
  usePrefetch('dashboard');
  const { state, notice } = useSession();
  const pricing = useAsync(fetchPricing, 'pricing');
  useDocumentTitle('Ethical Hacking & Cybersecurity Course');
  // The landing page's own address (not the window's, which may already be the next page's).
  const [params] = useSearchParams();
  if (state.status === 'ready' && state.user) return <Navigate to={afterSignIn(params.get('next'))} replace />;

  return (
    <div className="min-h-dvh bg-[radial-gradient(ellipse_at_top,_var(--color-emerald-950),_var(--color-slate-950)_60%)]">
      <header className="mx-auto flex max-w-6xl items-center gap-3 px-6 py-6">
        <img src="/favicon.svg" alt="" className="h-9 w-9" />
        <span className="text-lg font-bold tracking-tight">Ethical Hacking Course</span>
      </header>
      {notice && (
        <div className="mx-auto max-w-6xl px-6">
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
        className="mx-auto grid max-w-6xl items-start gap-12 px-6 pt-4 pb-16 lg:grid-cols-[1.2fr_1fr] lg:pt-12"
      >
        <div>
          <p className="mb-3 text-sm font-semibold tracking-widest text-emerald-400 uppercase">Beginner to advanced</p>
          <h1 className="text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">
            Learn to think like an attacker. <span className="text-emerald-400">Defend like a professional.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-300">
            Seven practical modules of ethical hacking and cybersecurity, written by practitioners for learners in
            India. <PriceSentence pricing={pricing.data ?? null} />
          </p>
          <CheckList items={HIGHLIGHTS} className="mt-8 space-y-3" />
          <h2 className="mt-10 mb-3 text-sm font-semibold tracking-widest text-slate-400 uppercase">The modules</h2>
          <ul className="flex flex-wrap gap-2">
            {MODULE_IDS.map((id) => (
              <li
                key={id}
                className="rounded-full border border-slate-700 bg-slate-900/70 px-3 py-1 text-sm text-slate-200"
              >
                {MODULE_DISPLAY_NAMES[id]}
              </li>
            ))}
          </ul>
        </div>
        {/* On a phone the sign-in card comes first; the pitch follows below it. */}
        <div className="order-first flex justify-center lg:order-none lg:justify-end">
          <AuthScreen />
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
