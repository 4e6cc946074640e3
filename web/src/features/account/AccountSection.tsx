import { useId, type ReactNode } from 'react';

/** One card of the account page, named by its heading. */
export function AccountSection({
  title,
  intro,
  children,
  tone = 'plain',
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'plain' | 'danger';
}) {
  const id = useId();
  const border = tone === 'danger' ? 'border-rose-900/70' : 'border-slate-800';
  return (
    <section aria-labelledby={id} className={`rounded-2xl border bg-slate-900/70 p-5 sm:p-6 ${border}`}>
      <h2 id={id} className="text-lg font-bold text-white">
        {title}
      </h2>
      {intro && <div className="mt-1 text-sm text-slate-300">{intro}</div>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The house button styles, at least 44 px tall so a thumb finds them. */
export const buttonStyles = {
  primary:
    'inline-flex min-h-11 items-center justify-center rounded-xl bg-emerald-500 px-5 py-2.5 font-semibold text-slate-950 transition hover:bg-emerald-400 disabled:cursor-wait disabled:opacity-70',
  secondary:
    'inline-flex min-h-11 items-center justify-center rounded-xl border border-slate-600 px-5 py-2.5 font-semibold text-slate-100 transition hover:border-slate-400 hover:bg-slate-800 disabled:cursor-wait disabled:opacity-70',
  danger:
    'inline-flex min-h-11 items-center justify-center rounded-xl bg-rose-600 px-5 py-2.5 font-semibold text-white transition hover:bg-rose-500 disabled:cursor-wait disabled:opacity-70',
};
