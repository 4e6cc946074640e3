import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

const AREAS = [
  {
    to: '/admin',
    label: 'Learners',
    covers: (path: string) => path === '/admin' || path.startsWith('/admin/learners'),
  },
  { to: '/admin/sales', label: 'Sales', covers: (path: string) => path.startsWith('/admin/sales') },
  { to: '/admin/settings', label: 'Business settings', covers: (path: string) => path.startsWith('/admin/settings') },
];

/** The console's frame: its three areas, the one you are in, and the way back to the course. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const path = useLocation().pathname.replace(/\/+$/, '');
  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-800 bg-slate-900/70">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <Link to="/admin" className="flex min-h-11 items-center gap-2 font-bold text-white">
            <img src="/favicon.svg" alt="" className="h-7 w-7" />
            Console
          </Link>
          <nav
            aria-label="Console"
            className="order-last flex basis-full flex-wrap gap-1 sm:order-none sm:flex-1 sm:basis-0"
          >
            {AREAS.map((area) => {
              const current = area.covers(path);
              return (
                <Link
                  key={area.to}
                  to={area.to}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium ${
                    current ? 'bg-slate-800 text-emerald-300' : 'text-slate-200 hover:bg-slate-800 hover:text-white'
                  }`}
                >
                  {area.label}
                </Link>
              );
            })}
          </nav>
          <Link
            to="/dashboard"
            className="ml-auto inline-flex min-h-11 items-center rounded-lg border border-slate-700 px-3 text-sm font-medium text-slate-200 hover:border-slate-500 hover:text-white"
          >
            Back to Dashboard
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
      <p className="mx-auto max-w-6xl px-4 pb-8 text-xs text-slate-400 sm:px-6">
        Times are India time (IST). Every action here is recorded in the audit log with your reason.
      </p>
    </div>
  );
}
