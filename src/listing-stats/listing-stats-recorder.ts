// Counts listing performance per UK day in PostgreSQL (ListingDailyStat). Search impressions and detail
// views come with reads, many per second: they are added up in memory and written in batches (every
// `flushMs` and at shutdown), one upsert that adds each listing-day's counts, so a read costs a few map
// updates and never waits for the database. A detail view counts once per visitor and day: the visitor
// is kept as an HMAC of who they are (a customer, else address and user agent) keyed by the service's
// secret and the day, in ListingDailyVisitor, and only a visitor new to the listing that day, whichever
// instance saw them first, adds to the count. Favourites, registrations and appointments come with writes
// and are counted at once, each in a statement of its own after the write. With LISTING_STATS=false
// nothing is counted.
import { createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../core/logger.ts';
import { londonToday } from '../core/london-time.ts';

export type CountedNow = 'favourites' | 'registrations' | 'appointments';

interface Buffered {
  searchImpressions: number;
  /** the day's visitors of the listing's page not yet written (HMACs, hex) */
  visitors: Set<string>;
}

/** Who read a page: a signed-in customer, else the client's address and user agent. */
export interface Visitor {
  customerId: number | null;
  address: string;
  userAgent: string;
}

/** visitors already sent by this instance (day, listing, visitor) that are not sent again */
const SEEN_VISITORS = 100_000;
/** visitor rows of days before yesterday are removed at most this often */
const PRUNE_EVERY_MS = 3_600_000;

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
  private readonly seen = new LRUCache<string, true>({ max: SEEN_VISITORS });
  private pruneAfter = 0;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly logger: Logger,
    /** `visitorKey`: the secret the visitors' HMACs are keyed by (the same on every instance); `clock`: the time in ms (tests) */
    private readonly options: { enabled: boolean; flushMs: number; visitorKey: string; clock?: () => number },
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

  /** A listing's detail page read: counted once per visitor and day. */
  detailView(listingId: number, visitor: Visitor): void {
    if (!this.options.enabled) return;
    const listings = this.today();
    const hash = this.visitorHash(this.day, visitor);
    const seenKey = `${this.day}|${listingId}|${hash}`;
    if (this.seen.has(seenKey)) return;
    this.seen.set(seenKey, true);
    this.slot(listings, listingId).visitors.add(hash);
  }

  /** The visitor as kept: an HMAC of who they are and the day, so that nobody can tell them apart across days without the key. */
  private visitorHash(day: string, v: Visitor): string {
    const who = v.customerId !== null ? `customer ${v.customerId}` : `address ${v.address}\nagent ${v.userAgent}`;
    return createHmac('sha256', this.options.visitorKey).update(`listing views\n${day}\n${who}`).digest('hex').slice(0, 32);
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
    const shown = rows.filter((r) => r.c.searchImpressions > 0);
    const viewed = rows.flatMap((r) => [...r.c.visitors].map((visitor) => ({ id: r.id, day: r.day, visitor })));
    try {
      // listings deleted meanwhile are left out (the joins), instead of failing the batch
      await this.prisma.$transaction([
        this.prisma.$executeRaw`
          INSERT INTO "ListingDailyStat" ("listingId", date, "searchImpressions")
          SELECT t.id, t.day, t.impressions
          FROM unnest(${shown.map((r) => r.id)}::int[], ${shown.map((r) => r.day)}::date[], ${shown.map((r) => r.c.searchImpressions)}::int[])
            WITH ORDINALITY AS t(id, day, impressions, n)
          JOIN "Listing" l ON l.id = t.id
          ORDER BY t.n
          ON CONFLICT ("listingId", date) DO UPDATE SET "searchImpressions" = "ListingDailyStat"."searchImpressions" + EXCLUDED."searchImpressions"`,
        // a visitor already kept for the listing and day (by any instance) is no new view
        this.prisma.$executeRaw`
          WITH fresh AS (
            INSERT INTO "ListingDailyVisitor" ("listingId", date, visitor)
            SELECT t.id, t.day, decode(t.visitor, 'hex')
            FROM unnest(${viewed.map((v) => v.id)}::int[], ${viewed.map((v) => v.day)}::date[], ${viewed.map((v) => v.visitor)}::text[])
              WITH ORDINALITY AS t(id, day, visitor, n)
            JOIN "Listing" l ON l.id = t.id
            ORDER BY t.n
            ON CONFLICT DO NOTHING
            RETURNING "listingId", date
          )
          INSERT INTO "ListingDailyStat" ("listingId", date, "detailViews")
          SELECT "listingId", date, count(*)::int FROM fresh GROUP BY "listingId", date ORDER BY "listingId", date
          ON CONFLICT ("listingId", date) DO UPDATE SET "detailViews" = "ListingDailyStat"."detailViews" + EXCLUDED."detailViews"`,
      ]);
    } catch (err) {
      // kept for the next flush
      for (const { day, id, c } of rows) {
        if (this.buffered >= MAX_BUFFERED) break;
        const slot = this.slot(this.dayMap(day), id);
        slot.searchImpressions += c.searchImpressions;
        for (const v of c.visitors) slot.visitors.add(v);
      }
      this.logger.warn({ err: String(err), rows: rows.length }, 'listing statistics could not be written; kept for the next flush');
      return;
    }
    await this.pruneVisitors(this.options.clock?.() ?? Date.now());
  }

  /** Removes the visitors of days before yesterday (a view of today's counts against today's and yesterday's alone). */
  private async pruneVisitors(now: number): Promise<void> {
    if (now < this.pruneAfter) return;
    this.pruneAfter = now + PRUNE_EVERY_MS;
    const yesterday = londonToday(new Date(now - 86_400_000));
    try {
      await this.prisma.$executeRaw`DELETE FROM "ListingDailyVisitor" WHERE date < ${yesterday}::date`;
    } catch (err) {
      this.logger.warn({ err: String(err) }, 'listing statistics: old visitors could not be removed; tried again within the hour');
    }
  }

  /** Today's counts; the UK day is worked out at most once a second. */
  private today(): Map<number, Buffered> {
    const now = this.options.clock?.() ?? Date.now();
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
      c = { searchImpressions: 0, visitors: new Set() };
      if (this.buffered < MAX_BUFFERED) {
        listings.set(id, c);
        this.buffered++;
      }
    }
    return c;
  }
}
