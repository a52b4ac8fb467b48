// A listing's performance per day, read for its owner: one row per day of the range, zeros included.
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount } from '../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../core/errors.ts';
import { londonToday } from '../core/london-time.ts';
import { DEFAULT_STATS_DAYS, MAX_STATS_DAYS } from './listing-stats-schemas.ts';

export interface DayStats {
  date: string;
  searchImpressions: number;
  detailViews: number;
  favourites: number;
  registrations: number;
  appointments: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The range asked for, with its defaults (to: today, from: 29 days before to): 422 when `from` is after `to` or it spans more than MAX_STATS_DAYS. */
export function statsRange(from: string | null, to: string | null, today = londonToday()): { from: string; to: string } {
  const last = to ?? today;
  const first = from ?? dateOf(dayNumber(last) - (DEFAULT_STATS_DAYS - 1));
  if (dayNumber(first) > dayNumber(last)) throw ValidationError.field(from !== null ? 'from' : 'to', 'from must not be after to');
  if (dayNumber(last) - dayNumber(first) + 1 > MAX_STATS_DAYS)
    throw ValidationError.field('to', `the range must span at most ${MAX_STATS_DAYS} days`);
  return { from: first, to: last };
}

export class ListingStatsService {
  constructor(private readonly prisma: PrismaClient) {}

  /** 404 unless the listing (by its externalRef) is the account's. */
  async daily(account: ApiAccount, ref: string, range: { from: string; to: string }): Promise<DayStats[]> {
    const listing = await this.prisma.listing.findUnique({
      where: { accountId_externalRef: { accountId: account.id, externalRef: ref } },
      select: { id: true },
    });
    if (!listing) throw new NotFoundError(`Listing ${ref} was not found`);
    const rows = await this.prisma.listingDailyStat.findMany({
      where: { listingId: listing.id, date: { gte: new Date(`${range.from}T00:00:00Z`), lte: new Date(`${range.to}T00:00:00Z`) } },
    });
    const byDate = new Map(rows.map((r) => [r.date.toISOString().slice(0, 10), r]));
    const days: DayStats[] = [];
    for (let d = dayNumber(range.from); d <= dayNumber(range.to); d++) {
      const date = dateOf(d);
      const r = byDate.get(date);
      days.push({
        date,
        searchImpressions: r?.searchImpressions ?? 0,
        detailViews: r?.detailViews ?? 0,
        favourites: r?.favourites ?? 0,
        registrations: r?.registrations ?? 0,
        appointments: r?.appointments ?? 0,
      });
    }
    return days;
  }
}
