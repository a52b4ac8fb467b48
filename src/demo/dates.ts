// Calendar dates for the demo, relative to today in London: the same all day, moving on the next day.
import { londonToInstant } from '../core/london-time.ts';

/** "2026-11-22" + 3 -> "2026-11-25" */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The `nth` (0 = first) given weekday (0 = Sunday ... 6 = Saturday) strictly after `date`. */
export function nextWeekday(date: string, weekday: number, nth = 0): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  const ahead = ((weekday - day + 7) % 7 || 7) + nth * 7;
  return addDays(date, ahead);
}

/** ISO instant of a London wall-clock time. */
export const londonIso = (date: string, time: string): string => londonToInstant(date, time).toISOString();
