import { LAZY_PAGES, MODULE_COUNT } from '@ehc/common';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePrefetch } from '../../app/lazy-pages';
import { CertificateDialog } from '../../components/CertificateDialog';
import { Dialog } from '../../components/Dialog';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingScreen } from '../../components/LoadingScreen';
import { catalogueQuery, progressQuery, totalLessons } from '../../lib/course-api';
import { useSignedInUser } from '../../lib/session';
import { labCount, labsQuery } from '../../lib/labs-api';
import { saveScroll, useScrollMemory } from '../../lib/scroll-memory';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CheckoutPanel } from '../checkout/CheckoutPanel';
import { startOfferTimer, useOfferPopup } from '../checkout/offer-timer';
import { PersuasionPopup } from '../checkout/PersuasionPopup';
import { SubscriptionScreen } from '../checkout/SubscriptionScreen';
import { useCheckout } from '../checkout/useCheckout';
import { ContinueLink } from './ContinueLink';
import { DashboardHeader } from './DashboardHeader';
import { ModuleCard } from './ModuleCard';
import { PremiumWelcome, premiumWelcomeDue, retirePremiumWelcome } from './PremiumWelcome';
import { StatsRow } from './StatsRow';
import { SiteFooter } from '../../components/SiteFooter';

/** The dashboard's place in session storage (spec §9): one for both its addresses. */
const SCROLL_KEY = 'dashboard';

/** `/dashboard` and `/dashboard/premium`: the module grid, stats and overlays. */
export function DashboardPage({ premiumWelcome = false }: { premiumWelcome?: boolean }) {
  useDocumentTitle('Dashboard · Ethical Hacking Course');
  const user = useSignedInUser();
  // From here a learner opens a module, or the payment screen.
  usePrefetch('course', 'subscription');
  const navigate = useNavigate();
  const [overlay, setOverlay] = useState<'subscription' | 'certificate' | null>(null);
  const [welcomeDismissed, setWelcomeDismissed] = useState(false);
  const checkout = useCheckout();
  const offer = useOfferPopup(!user.payment_status && !checkout.busy && overlay !== 'certificate');
  const subscribeRef = useRef<HTMLButtonElement>(null);
  // "Grab This Offer Now" with the sheet already open: its button takes focus once the
  // closing pop-up has handed focus back.
  const [grabbedIntoOpenSheet, setGrabbedIntoOpenSheet] = useState(0);
  useEffect(() => {
    if (grabbedIntoOpenSheet > 0) subscribeRef.current?.focus();
  }, [grabbedIntoOpenSheet]);
  const catalogue = useQuery(catalogueQuery);
  const userProgress = useQuery(progressQuery(user.user_id));
  const data =
    catalogue.isError || userProgress.isError
      ? ({ status: 'error' } as const)
      : catalogue.isSuccess && userProgress.isSuccess
        ? ({ status: 'ready', data: [catalogue.data, userProgress.data] } as const)
        : ({ status: 'loading' } as const);
  function retry() {
    if (catalogue.isError) void catalogue.refetch();
    if (userProgress.isError) void userProgress.refetch();
  }
  // Labs solved per module, for the cards of a paid learner; the cards show without it first.
  const labs = useQuery({ ...labsQuery, enabled: user.payment_status });

  // A payment closes every payment layer: paying navigates from /dashboard to
  // /dashboard/premium, the same component, so without this the sheet would stay open.
  useEffect(() => {
    if (user.payment_status) setOverlay((current) => (current === 'subscription' ? null : current));
  }, [user.payment_status]);

  const progress = data.data?.[1];
  const completed = new Set(progress?.completed_modules ?? []);
  const certified = completed.size === MODULE_COUNT;
  const lessonCount = data.data ? totalLessons(data.data[0]) : null;
  const completedTitles = data.data ? data.data[0].filter((m) => completed.has(m.id)).map((m) => m.title) : [];
  const startedAModule = progress?.modules.some((m) => m.completed_lessons.length > 0) ?? false;
  const showWelcome =
    premiumWelcome &&
    user.payment_status &&
    data.status === 'ready' &&
    !welcomeDismissed &&
    premiumWelcomeDue(user.user_id, startedAModule);
  // Back from a course the dashboard returns to where it was; the welcome, instead, is shown.
  // The scroll comes back once the cards have their final height: with their labs line too.
  useScrollMemory({
    key: SCROLL_KEY,
    page: LAZY_PAGES.dashboard.path,
    ready: data.status === 'ready' && (!user.payment_status || labs.status !== 'pending') && !showWelcome,
    restore: true,
  });

  function closeSubscription() {
    setOverlay(null);
    startOfferTimer();
  }

  function openModule(moduleId: string) {
    if (!user.payment_status) {
      setOverlay('subscription');
      return;
    }
    retirePremiumWelcome(user.user_id);
    saveScroll(SCROLL_KEY);
    navigate(`/course/${moduleId}`);
  }

  function grabOffer() {
    offer.hide();
    if (overlay === 'subscription') setGrabbedIntoOpenSheet((count) => count + 1);
    else setOverlay('subscription');
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
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {showWelcome ? (
          <PremiumWelcome
            onDismiss={() => {
              retirePremiumWelcome(user.user_id);
              setWelcomeDismissed(true);
            }}
          />
        ) : (
          <h1 className="sr-only">Dashboard</h1>
        )}

        {data.status === 'loading' && <LoadingScreen />}
        {data.status === 'error' && <ErrorPanel onRetry={retry} />}
        {data.status === 'ready' && (
          <>
            <StatsRow completedModules={completed.size} paid={user.payment_status} />
            {user.payment_status && <ContinueLink catalogue={data.data[0]} progress={data.data[1]} />}
            <h2 className="mt-10 mb-4 text-xl font-bold text-white">Course modules</h2>
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {data.data[0].map((module) => (
                <ModuleCard
                  key={module.id}
                  module={module}
                  locked={!user.payment_status}
                  completed={completed.has(module.id)}
                  progress={data.data[1].modules.find((m) => m.module_id === module.id)}
                  labs={
                    !user.payment_status ? labCount([], module.id) : labs.data ? labCount(labs.data, module.id) : null
                  }
                  onOpen={() => openModule(module.id)}
                />
              ))}
            </div>
          </>
        )}
      </main>
      {/* Help, the refund policy and the terms, on signed-in pages too. */}
      <SiteFooter />
      {overlay === 'subscription' && !user.payment_status && (
        <Dialog label="Subscribe" onClose={closeSubscription} hidden={checkout.razorpayOpen}>
          <SubscriptionScreen
            lessonCount={lessonCount}
            onBack={closeSubscription}
            onClose={closeSubscription}
            titleLevel="h2"
          >
            <CheckoutPanel checkout={checkout} buttonRef={subscribeRef} />
          </SubscriptionScreen>
        </Dialog>
      )}
      {overlay === 'certificate' && certified && (
        <CertificateDialog moduleId={null} completedModules={completedTitles} onBack={() => setOverlay(null)} />
      )}
      {offer.visible && (
        <PersuasionPopup variant="dashboard" lessonCount={lessonCount} onClose={offer.hide} onGrab={grabOffer} />
      )}
    </div>
  );
}
