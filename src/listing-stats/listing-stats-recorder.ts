// Counts listing performance per UK day in PostgreSQL (ListingDailyStat). Search impressions and detail
// views come with reads, many per second: they are added up in memory and written in batches (every
// `flushMs` and at shutdown), one upsert that adds each listing-day's counts, so a read costs a few map
// updates and never waits for the database. Favourites, registrations and appointments come with writes
// and are counted at once, each in a statement of its own after the write. With LISTING_STATS=false
// nothing is counted.
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../core/logger.ts';
import { londonToday } from '../core/london-time.ts';

export type CountedNow = 'favourites' | 'registrations' | 'appointments';

interface Buffered {
  searchImpressions: number;
  detailViews: number;
}

/** listing-days buffered at most; beyond it a failing database would otherwise hold memory without end */
const MAX_BUFFERED = 500_000;

export class ListingStats {
  /** day (YYYY-MM-DD) -> listing id -> counts */
  private buffer = new Map<string, Map<number, Buffered>>();
  private buffered = 0;
  private day = '';
  private dayUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly logger: Logger,
    private readonly options: { enabled: boolean; flushMs: number },
  ) {}

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Listings shown in a search results page. */
  impressions(listingIds: ArrayLike<number>): void {
    if (!this.options.enabled || listingIds.length === 0) return;
    const counts = this.today();
    for (let i = 0; i < listingIds.length; i++) this.slot(counts, listingIds[i]!).searchImpressions++;
  }

  /** A listing's detail page read. */
  detailView(listingId: number): void {
    if (!this.options.enabled) return;
    this.slot(this.today(), listingId).detailViews++;
  }

  /** A favourite added, an interest registered or an appointment booked: one statement now; a failure is logged, never thrown. */
  async countNow(listingId: number, what: CountedNow, now = new Date()): Promise<void> {
    if (!this.options.enabled) return;
    const day = londonToday(now);
    const one = { favourites: 0, registrations: 0, appointments: 0, [what]: 1 };
    try {
      await this.prisma.$executeRaw`
        INSERT INTO "ListingDailyStat" ("listingId", date, favourites, registrations, appointments)
        VALUES (${listingId}, ${day}::date, ${one.favourites}, ${one.registrations}, ${one.appointments})
        ON CONFLICT ("listingId", date) DO UPDATE SET
          favourites = "ListingDailyStat".favourites + EXCLUDED.favourites,
          registrations = "ListingDailyStat".registrations + EXCLUDED.registrations,
          appointments = "ListingDailyStat".appointments + EXCLUDED.appointments`;
    } catch (err) {
      this.logger.warn({ err: String(err), listingId, what }, 'listing statistics: a count was lost');
    }
  }

  start(): void {
    if (!this.options.enabled || this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is buffered. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes the buffered counts (one at a time: a flush under way is waited for, then another made). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.buffered === 0) return;
    const taken = this.buffer;
    this.buffer = new Map();
    this.buffered = 0;
    this.flushing = this.write(taken).finally(() => (this.flushing = null));
    await this.flushing;
  }

  private async write(taken: Map<string, Map<number, Buffered>>): Promise<void> {
    const rows: { day: string; id: number; c: Buffered }[] = [];
    for (const [day, listings] of taken) for (const [id, c] of listings) rows.push({ day, id, c });
    // in key order, so that instances flushing at once lock rows in the same order
    rows.sort((a, b) => a.id - b.id || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    try {
      // listings deleted meanwhile are left out (the join), instead of failing the batch
      await this.prisma.$executeRaw`
        INSERT INTO "ListingDailyStat" ("listingId", date, "searchImpressions", "detailViews")
        SELECT t.id, t.day, t.impressions, t.views
        FROM unnest(${rows.map((r) => r.id)}::int[], ${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.c.searchImpressions)}::int[], ${rows.map((r) => r.c.detailViews)}::int[])
          WITH ORDINALITY AS t(id, day, impressions, views, n)
        JOIN "Listing" l ON l.id = t.id
        ORDER BY t.n
        ON CONFLICT ("listingId", date) DO UPDATE SET
          "searchImpressions" = "ListingDailyStat"."searchImpressions" + EXCLUDED."searchImpressions",
          "detailViews" = "ListingDailyStat"."detailViews" + EXCLUDED."detailViews"`;
    } catch (err) {
      // kept for the next flush
      for (const { day, id, c } of rows) {
        if (this.buffered >= MAX_BUFFERED) break;
        const slot = this.slot(this.dayMap(day), id);
        slot.searchImpressions += c.searchImpressions;
        slot.detailViews += c.detailViews;
      }
      this.logger.warn({ err: String(err), rows: rows.length }, 'listing statistics could not be written; kept for the next flush');
    }
  }

  /** Today's counts; the UK day is worked out at most once a second. */
  private today(): Map<number, Buffered> {
    const now = Date.now();
    if (now >= this.dayUntil) {
      this.day = londonToday(new Date(now));
      this.dayUntil = now + 1000;
    }
    return this.dayMap(this.day);
  }

  private dayMap(day: string): Map<number, Buffered> {
    let listings = this.buffer.get(day);
    if (!listings) this.buffer.set(day, (listings = new Map()));
    return listings;
  }

  private slot(listings: Map<number, Buffered>, id: number): Buffered {
    let c = listings.get(id);
    if (!c) {
      c = { searchImpressions: 0, detailViews: 0 };
      if (this.buffered < MAX_BUFFERED) {
        listings.set(id, c);
        this.buffered++;
      }
    }
    return c;
  }
}
