// Open-day times are UK local times; they are stored as instants.
const FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "2026-12-05" + "10:30" in London -> the instant. */
export function londonToInstant(date: string, time: string): Date {
  const asUtc = new Date(`${date}T${time}:00Z`);
  // London is UTC or UTC+1: try both offsets and keep the one that reads back as the wall time.
  for (const offsetHours of [0, 1]) {
    const candidate = new Date(asUtc.getTime() - offsetHours * 3_600_000);
    const local = instantToLondon(candidate);
    if (local.date === date && local.time === time) return candidate;
  }
  return asUtc; // a wall time skipped by the clock change: take it as UTC
}

export function instantToLondon(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(FORMAT.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** the day of the last minute asked about: London's day changes only on a whole minute (its offsets are whole hours) */
let lastDay = { minute: NaN, date: '' };

/** Today's date in the UK (YYYY-MM-DD): the day eligibility rules, first dibs and the demo count in. */
export function londonToday(now = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, date: instantToLondon(now).date };
  return lastDay.date;
}
