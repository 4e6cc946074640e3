/** Small buttons in tables and section headers: still 44 px tall for a finger. */
export const actionButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-600 px-3 text-sm font-semibold whitespace-nowrap text-slate-100 hover:border-slate-400 hover:bg-slate-800';
export const dangerActionButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-rose-700 px-3 text-sm font-semibold whitespace-nowrap text-rose-200 hover:bg-rose-950';
