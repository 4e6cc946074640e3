import { AppError } from '../../lib/errors';

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

function dayStart(day: string, name: string): number {
  const utcMidnight = DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  if (!Number.isFinite(utcMidnight) || new Date(utcMidnight).toISOString().slice(0, 10) !== day) {
    throw AppError.validation(`"${name}" must be a day such as 2026-04-01.`);
  }
  return utcMidnight - IST_OFFSET_MS;
}

/** The IST day (YYYY-MM-DD) an instant falls on. */
export function istDay(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Checks an inclusive from–to range of IST days (at most 366, so a year and a leap day). */
export function istDayRange(from: string, to: string): DayRange {
  const startMs = dayStart(from, 'from');
  const endMs = dayStart(to, 'to') + DAY_MS;
  if (endMs <= startMs) throw AppError.validation('"from" must not be after "to".');
  const count = Math.round((endMs - startMs) / DAY_MS);
  if (count > MAX_RANGE_DAYS) throw AppError.validation(`A report covers at most ${MAX_RANGE_DAYS} days.`);
  const days = Array.from({ length: count }, (_, i) => istDay(startMs + i * DAY_MS));
  return { from, to, startMs, endMs, days };
}
