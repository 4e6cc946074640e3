import { useId, type ReactNode } from 'react';

/** One card of a console page, named by its heading (so it is a landmark to jump to). */
export function ConsoleSection({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Buttons that act on the whole section. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-800 bg-slate-900/70 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-white">
          {title}
        </h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {intro && <div className="mt-1 text-sm text-slate-300">{intro}</div>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
