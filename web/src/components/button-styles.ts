/** The house button styles, at least 44 px tall so a thumb finds them. */
export const buttonStyles = {
  primary:
    'inline-flex min-h-11 items-center justify-center rounded-xl bg-emerald-500 px-5 py-2.5 font-semibold text-slate-950 transition hover:bg-emerald-400 disabled:cursor-wait disabled:opacity-70',
  secondary:
    'inline-flex min-h-11 items-center justify-center rounded-xl border border-slate-600 px-5 py-2.5 font-semibold text-slate-100 transition hover:border-slate-400 hover:bg-slate-800 disabled:cursor-wait disabled:opacity-70',
  danger:
    'inline-flex min-h-11 items-center justify-center rounded-xl bg-rose-600 px-5 py-2.5 font-semibold text-white transition hover:bg-rose-500 disabled:cursor-wait disabled:opacity-70',
};
