import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { DisplaySettings } from '../../components/DisplaySettings';
import { useSession, useSignedInUser } from '../../lib/session';

/** Welcome line, PREMIUM badge for paid learners, the console for admins, the account page and Logout (spec §2 Dashboard header). */
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
      {/* On a phone the welcome line and badge take the first row (a long name wraps, never
          "Welco…") and the buttons the second, together at its end. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6 sm:py-4">
        <div className="flex min-w-0 basis-full items-center gap-3 sm:flex-1 sm:basis-0">
          <img src="/favicon.svg" alt="" className="h-8 w-8 shrink-0" />
          <p className="min-w-0 flex-1 text-base font-semibold break-words sm:text-lg">
            Welcome, {user.full_name || user.user_id}
          </p>
          {user.payment_status && (
            <span className="shrink-0 rounded-full bg-amber-400 px-3 py-1 text-xs font-bold tracking-wider text-slate-950">
              PREMIUM
            </span>
          )}
        </div>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          <DisplaySettings />
          {actions}
          {user.is_admin && (
            <NavLink
              to="/admin"
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-700 px-3 text-sm font-medium text-slate-200 hover:border-slate-500 hover:text-white"
            >
              Admin
            </NavLink>
          )}
          <NavLink
            to="/account"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-700 px-3 text-sm font-medium text-slate-200 hover:border-slate-500 hover:text-white aria-[current=page]:border-emerald-500 aria-[current=page]:text-emerald-300"
          >
            Account
          </NavLink>
          <button
            type="button"
            onClick={handleLogout}
            disabled={leaving}
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-700 px-3 text-sm font-medium text-slate-200 hover:border-slate-500 hover:text-white disabled:opacity-60"
          >
            Logout
          </button>
        </div>
      </div>
    </header>
  );
}
