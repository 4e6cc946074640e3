import { MODULE_COUNT } from '@ehc/common';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CertificateDialog } from '../../components/CertificateDialog';
import { Dialog } from '../../components/Dialog';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingScreen } from '../../components/LoadingScreen';
import { fetchCatalogue, fetchProgress, totalLessons } from '../../lib/course-api';
import { useSignedInUser } from '../../lib/session';
import { useAsync } from '../../lib/use-async';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CheckoutPanel } from '../checkout/CheckoutPanel';
import { PersuasionPopup, useOfferTimer } from '../checkout/PersuasionPopup';
import { SubscriptionScreen } from '../checkout/SubscriptionScreen';
import { useCheckout } from '../checkout/useCheckout';
import { DashboardHeader } from './DashboardHeader';
import { ModuleCard } from './ModuleCard';
import { saveDashboardScroll, useRestoreDashboardScroll } from './scroll-memory';
import { StatsRow } from './StatsRow';
import { usePrefetch } from '../../app/lazy-pages';

/** `/dashboard` and `/dashboard/premium`: the module grid, stats and overlays. */
export function DashboardPage({ premiumWelcome = false }: { premiumWelcome?: boolean }) {
  useDocumentTitle('Dashboard · Ethical Hacking Course');
  const user = useSignedInUser();
  // From here a learner opens a module, or the payment screen.
  usePrefetch('course', 'subscription');
  const navigate = useNavigate();
  const [overlay, setOverlay] = useState<'subscription' | 'certificate' | null>(null);
  const offer = useOfferTimer(!user.payment_status);
  const checkout = useCheckout();
  const data = useAsync(() => Promise.all([fetchCatalogue(), fetchProgress()]), `dashboard:${user.user_id}`);
  useRestoreDashboardScroll(data.status === 'ready');

  const completed = new Set(data.data?.[1].completed_modules ?? []);
  const certified = completed.size === MODULE_COUNT;
  const lessonCount = data.data ? totalLessons(data.data[0]) : null;
  const completedTitles = data.data ? data.data[0].filter((m) => completed.has(m.id)).map((m) => m.title) : [];

  function closeSubscription() {
    setOverlay(null);
    offer.start();
  }

  function openModule(moduleId: string) {
    if (!user.payment_status) {
      setOverlay('subscription');
      return;
    }
    saveDashboardScroll();
    navigate(`/course/${moduleId}`);
  }

  return (
    <div className="min-h-dvh">
      <DashboardHeader
        actions={
          certified && (
            <button
              type="button"
              onClick={() => setOverlay('certificate')}
              className="inline-flex min-h-11 items-center rounded-lg bg-amber-400 px-3 text-sm font-semibold text-slate-950 hover:bg-amber-300"
            >
              Certificate
            </button>
          )
        }
      />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {premiumWelcome && user.payment_status && (
          <section
            aria-label="Welcome to Premium"
            className="mb-8 rounded-2xl border border-amber-400/40 bg-gradient-to-r from-amber-500/15 to-emerald-500/10 p-6"
          >
            <h1 className="text-2xl font-extrabold text-white">Welcome to Premium! 🎉</h1>
            <p className="mt-2 text-slate-200">
              Your payment is confirmed and all {MODULE_COUNT} modules are unlocked. Pick a module below to start.
            </p>
          </section>
        )}
        {!premiumWelcome && <h1 className="sr-only">Dashboard</h1>}

        {data.status === 'loading' && <LoadingScreen />}
        {data.status === 'error' && <ErrorPanel onRetry={data.reload} />}
        {data.status === 'ready' && (
          <>
            <StatsRow completedModules={completed.size} paid={user.payment_status} />
            <h2 className="mt-10 mb-4 text-xl font-bold text-white">Course modules</h2>
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {data.data[0].map((module) => (
                <ModuleCard
                  key={module.id}
                  module={module}
                  locked={!user.payment_status}
                  completed={completed.has(module.id)}
                  progress={data.data[1].modules.find((m) => m.module_id === module.id)}
                  onOpen={() => openModule(module.id)}
                />
              ))}
            </div>
          </>
        )}
      </main>
      {/* Paying navigates from /dashboard to /dashboard/premium, the same component, so this
          state survives the payment; a paid learner has nothing left to subscribe to. */}
      {overlay === 'subscription' && !user.payment_status && (
        <Dialog label="Subscribe" onClose={closeSubscription} hidden={checkout.razorpayOpen}>
          <SubscriptionScreen lessonCount={lessonCount} onBack={closeSubscription}>
            <CheckoutPanel checkout={checkout} />
          </SubscriptionScreen>
        </Dialog>
      )}
      {overlay === 'certificate' && certified && (
        <CertificateDialog moduleId={null} completedModules={completedTitles} onBack={() => setOverlay(null)} />
      )}
      {offer.visible && overlay === null && (
        <PersuasionPopup
          variant="dashboard"
          lessonCount={lessonCount}
          onClose={offer.hide}
          onGrab={() => {
            offer.hide();
            setOverlay('subscription');
          }}
        />
      )}
    </div>
  );
}
