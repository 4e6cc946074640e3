import { humanize } from './admin-format';

const TONES = {
  good: 'bg-emerald-500/15 text-emerald-200 ring-emerald-500/40',
  warn: 'bg-amber-500/15 text-amber-200 ring-amber-500/40',
  bad: 'bg-rose-500/15 text-rose-200 ring-rose-500/40',
  plain: 'bg-slate-700/40 text-slate-200 ring-slate-500/40',
} as const;

const TONE_OF: Record<string, keyof typeof TONES> = {
  paid: 'good',
  captured: 'good',
  sent: 'good',
  valid: 'good',
  refunded: 'warn',
  pending: 'warn',
  refunding: 'warn',
  created: 'plain',
  attempted: 'warn',
  authorized: 'warn',
  failed: 'bad',
  revoked: 'bad',
  deleted: 'bad',
};

/** A state as a coloured pill with its word on it (the colour is never the only signal). */
export function StatusBadge({ status, tone }: { status: string; tone?: keyof typeof TONES }) {
  const colours = TONES[tone ?? TONE_OF[status.toLowerCase()] ?? 'plain'];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${colours}`}
    >
      {humanize(status)}
    </span>
  );
}
