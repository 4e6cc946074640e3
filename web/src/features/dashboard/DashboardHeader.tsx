import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession, useSignedInUser } from '../../lib/session';

/** Welcome line, PREMIUM badge for paid learners, and Logout (spec §2 Dashboard header). */
export function DashboardHeader({ actions }: { actions?: React.ReactNode }) {
  const user = useSignedInUser();
  const { logout } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  async function handleLogout() {
    setLeaving(true);
    try {
      await logout();
    } finally {
      navigate('/', { replace: true });
    }
  }

  return (
    <header className="border-b border-slate-800 bg-slate-900/70 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-4 sm:px-6">
        <img src="/favicon.svg" alt="" className="h-8 w-8" />
        <p className="min-w-0 flex-1 truncate text-base font-semibold sm:text-lg">
          Welcome, {user.full_name || user.user_id}
        </p>
        {user.payment_status && (
          <span className="rounded-full bg-amber-400 px-3 py-1 text-xs font-bold tracking-wider text-slate-950">
            PREMIUM
          </span>
        )}
        {actions}
        <button
          type="button"
          onClick={handleLogout}
          disabled={leaving}
          className="rounded-lg border border-slate-700 px-3 py-1.5 text-sm font-medium text-slate-200 hover:border-slate-500 hover:text-white disabled:opacity-60"
        >
          Logout
        </button>
      </div>
    </header>
  );
}
