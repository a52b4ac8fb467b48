// Dates and date-times exactly as JSON Schema's `date` and `date-time` formats mean them (RFC 3339,
// section 5.6): `Date.parse` alone takes 2021-02-30 for 2 March, and a date-time without an offset as
// local time.

const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** True for a `YYYY-MM-DD` that names a day of the calendar. */
export function isFullDate(text: string): boolean {
  const m = FULL_DATE.exec(text);
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * The instant an RFC 3339 date-time names, or null when the text is not one: `T` and `Z` in either case,
 * seconds required, any fraction, an offset required; a leap second (:60) is the instant after :59.
 */
export function parseDateTime(text: string): Date | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59 || second > 60) return null;
  let offsetMinutes = 0;
  if (m[8]) {
    const offsetHours = Number(m[9]);
    const offsetMins = Number(m[10]);
    if (offsetHours > 23 || offsetMins > 59) return null;
    offsetMinutes = (m[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const millis = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute - offsetMinutes, second, millis);
  return utc;
}

const DATE_IN_WORDS = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2027-06-30" -> "30 June 2027" (a calendar day as people write it); any other text as it is. */
export function dateInWords(isoDate: string): string {
  return isFullDate(isoDate) ? DATE_IN_WORDS.format(new Date(`${isoDate}T00:00:00Z`)) : isoDate;
}
