// When alert e-mails are due: instant ones at once, daily ones at 08:00 UK time, weekly ones on Mondays
// at 08:00. A match is due once such a time has passed since it was found; a run that could not send
// (a mail outage) leaves it due, so the next run, a minute later, tries again.
import { instantToLondon, londonToInstant } from '../core/london-time.ts';

export const SEND_TIME = '08:00';

export interface Cutoffs {
  /** the latest daily sending time not after now: daily matches found before it are due */
  daily: Date;
  /** the latest Monday sending time not after now: weekly matches found before it are due */
  weekly: Date;
}

const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function cutoffs(now: Date): Cutoffs {
  const today = instantToLondon(now).date;
  const todayAtEight = londonToInstant(today, SEND_TIME);
  const dailyDate = todayAtEight.getTime() <= now.getTime() ? today : addDays(today, -1);
  const weekday = new Date(`${dailyDate}T12:00:00Z`).getUTCDay(); // 0 Sunday, 1 Monday
  const mondayDate = addDays(dailyDate, -((weekday + 6) % 7));
  return { daily: londonToInstant(dailyDate, SEND_TIME), weekly: londonToInstant(mondayDate, SEND_TIME) };
}
