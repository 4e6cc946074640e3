/** India has one time zone and no daylight saving: IST is always UTC + 5:30. */
export const IST_OFFSET_MS = 330 * 60_000;
export const DAY_MS = 86_400_000;
export const MAX_RANGE_DAYS = 366;

/** A range of whole days in India time: [startMs, endMs) in epoch milliseconds, and each day's name. */
export interface DayRange {
  from: string;
  to: string;
  startMs: number;
  endMs: number;
  days: string[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC midnight of a YYYY-MM-DD calendar day, or NaN for anything else. */
function utcMidnight(day: string): number {
  const time = DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day ? time : NaN;
}

/** The rule of a report's `from` or `to` argument: a real calendar day. */
export function dayProblem(name: 'from' | 'to'): (day: string) => string | null {
  return (day) => (Number.isNaN(utcMidnight(day)) ? `"${name}" must be a day such as 2026-04-01.` : null);
}

/** The rule of a report's range, once both days are real: in order, and at most 366 days. */
export function rangeProblem(from: string, to: string): string | null {
  const start = utcMidnight(from);
  const end = utcMidnight(to) + DAY_MS;
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  if (end <= start) return '"from" must not be after "to".';
  if (Math.round((end - start) / DAY_MS) > MAX_RANGE_DAYS) return `A report covers at most ${MAX_RANGE_DAYS} days.`;
  return null;
}

/** The IST day (YYYY-MM-DD) an instant falls on. */
export function istDay(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * An inclusive from–to range of IST days. The report fields declare `dayProblem` and
 * `rangeProblem`, so the days are real and in range here; anything else is a bug.
 */
export function istDayRange(from: string, to: string): DayRange {
  const problem = dayProblem('from')(from) ?? dayProblem('to')(to) ?? rangeProblem(from, to);
  if (problem) throw new Error(`unchecked report range: ${problem}`);
  const startMs = utcMidnight(from) - IST_OFFSET_MS;
  const endMs = utcMidnight(to) - IST_OFFSET_MS + DAY_MS;
  const count = Math.round((endMs - startMs) / DAY_MS);
  const days = Array.from({ length: count }, (_, i) => istDay(startMs + i * DAY_MS));
  return { from, to, startMs, endMs, days };
}
