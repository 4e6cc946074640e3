// The console shows every time in India's time zone, where the seller works, whatever the
// admin's computer is set to; the layout says so once.
const INDIA = 'Asia/Kolkata';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: INDIA,
});
const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: INDIA });

/** "23 Nov 2026, 6:20 pm", or "—" for a time that has not happened. */
export function formatWhen(value: string | null): string {
  if (!value) return '—';
  const date = new Date(/^\d+$/.test(value) ? Number(value) : value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

/** "2026-11-23" → "23 Nov 2026". */
export function formatDay(yyyyMmDd: string): string {
  return day.format(new Date(`${yyyyMmDd}T00:00:00Z`));
}

/** Today's date in India, as YYYY-MM-DD. */
export function todayInIndia(now = new Date()): string {
  return isoDay.format(now);
}

/** The YYYY-MM-DD date `days` days before `yyyyMmDd`. */
export function daysBefore(yyyyMmDd: string, days: number): string {
  const date = new Date(`${yyyyMmDd}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The offer's end as the seller means it: the last second of that day in India, as an ISO time. */
export function endOfDayInIndia(yyyyMmDd: string): string {
  return new Date(`${yyyyMmDd}T23:59:59+05:30`).toISOString().replace('.000Z', 'Z');
}

/** An ISO time as the India date it falls on (for the date input). */
export function indiaDateOf(iso: string): string {
  return isoDay.format(new Date(iso));
}

/** "grant_access" → "Grant access". */
export function humanize(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
