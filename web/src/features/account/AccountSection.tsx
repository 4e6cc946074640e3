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
