import type { ReactNode } from 'react';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** The plain frame of pages reached from an email or a shared link: the logo home and one card. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,_var(--color-emerald-950),_var(--color-slate-950)_60%)]">
      <SiteHeader width="max-w-6xl" />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-6xl flex-1 items-start justify-center px-4 pt-4 pb-16 sm:px-6 sm:pt-10"
      >
        <div className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900/80 p-6 shadow-2xl shadow-emerald-950/40 sm:p-8">
          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
