import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { PublicShell } from '../components/PublicShell';
import { useSignedInUser } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

// Its own chunk: learners never download the console (e2e/tests/build-assets.spec.ts checks).
const AdminConsole = lazy(() => import('../features/admin/AdminConsole'));

/** `/admin/*`: the console for admins; everyone else is told it is not for them. */
export function AdminRoute() {
  const user = useSignedInUser();
  if (!user.is_admin) return <AdminsOnly />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AdminConsole />
    </Suspense>
  );
}

/** Shown without loading the console; the server refuses every admin call from this account anyway. */
export function AdminsOnly() {
  useDocumentTitle('Admins only · Ethical Hacking Course');
  return (
    <PublicShell>
      <h1 className="text-2xl font-extrabold text-white">Admins only</h1>
      <p className="mt-3 text-slate-300">
        This console is for the people who run the course. Your account does not have access to it.
      </p>
      <Link
        to="/dashboard"
        className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-emerald-500 px-4 py-3 font-semibold text-slate-950 hover:bg-emerald-400"
      >
        Back to Dashboard
      </Link>
    </PublicShell>
  );
}
