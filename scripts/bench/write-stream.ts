// A stream of synchronisation writes for the search benchmark (--writes-per-second): REST PATCHes of
// random listings' homes, a new price and availability each, through the API, and for each write the
// freshness: the delay from its acknowledgement to the first search through the API that shows it (a
// search of the home's own spot, for exactly its new price and availability, sent again every
// --freshness-poll-ms until the listing is among its results). Freshness is followed for one write a
// second (the others are sent and counted alone): following every write, each polled every few tens of
// milliseconds, sent more searches than the run measured, and the more so the slower they showed.
import { request, type Dispatcher } from 'undici';
import type pg from 'pg';
import { AVAILABILITY_CODES } from '../../src/inventory/availability.ts';
import { Rng } from '../../src/demo/random.ts';

interface Home {
  ref: string;
  listingId: number;
  forSale: boolean;
  price: number;
  latitude: number;
  longitude: number;
}

export interface WriteFigures {
  writes: number;
  errors: number;
  /** writes whose freshness was followed */
  followed: number;
  /** followed writes whose change no search showed before the stream stopped (waited for at most 30 s) */
  unseen: number;
  /** ms from each write's acknowledgement to a search that showed it, sorted */
  freshness: number[];
}

/** The homes of one provider's live listings, with prices to change (up to `limit`, drawn at random). */
async function homes(pool: pg.Pool, limit: number): Promise<{ accountId: number; homes: Home[] }> {
  const { rows: owner } = await pool.query<{ accountId: number }>(`SELECT "accountId" FROM "Listing" WHERE "withdrawnAt" IS NULL AND published LIMIT 1`);
  const accountId = owner[0]!.accountId;
  const { rows } = await pool.query<Home>(
    `SELECT p."externalRef" AS ref, l.id AS "listingId", p."forSale",
            COALESCE(CASE WHEN p."forSale" THEN p."fullMarketPrice" ELSE p."monthlyRent" END, 0) AS price,
            d.latitude, d.longitude
     FROM "ListingProperty" lp JOIN "Listing" l ON l.id = lp."listingId" JOIN "Property" p ON p.id = lp."propertyId"
     JOIN "Development" d ON d.id = l."developmentId"
     WHERE l."accountId" = $1 AND l."withdrawnAt" IS NULL AND l.published AND (l."publishAt" IS NULL OR l."publishAt" <= now())
       AND p."deletedAt" IS NULL AND d."deletedAt" IS NULL AND p."accountId" = $1
       AND CASE WHEN p."forSale" THEN p."fullMarketPrice" ELSE p."monthlyRent" END > 2000
     ORDER BY random() LIMIT $2`,
    [accountId, limit],
  );
  return { accountId, homes: rows };
}

export class WriteStream {
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly rng = new Rng(42);
  private stopped = false;
  readonly figures: WriteFigures = { writes: 0, errors: 0, followed: 0, unseen: 0, freshness: [] };
  private lastFollowed = 0;

  private constructor(
    private readonly base: string,
    private readonly key: string,
    private readonly homes: Home[],
    private readonly dispatcher: Dispatcher,
    private readonly pollMs: number,
  ) {}

  /** The stream over the benchmark data; `rotateKey` gives the owning provider's API key. */
  static async over(pool: pg.Pool, base: string, rotateKey: (accountId: number) => Promise<string>, dispatcher: Dispatcher, pollMs: number): Promise<WriteStream> {
    const { accountId, homes: found } = await homes(pool, 5000);
    if (found.length === 0) throw new Error('no listed home with a price to change');
    return new WriteStream(base, await rotateKey(accountId), found, dispatcher, pollMs);
  }

  /** Starts `perSecond` writes a second, spread evenly. */
  start(perSecond: number): void {
    this.stopped = false;
    this.timer = setInterval(() => {
      const write = this.writeOne().finally(() => this.inFlight.delete(write));
      this.inFlight.add(write);
    }, 1000 / perSecond);
  }

  /** Stops sending writes, and waits for those sent to be seen (or given up). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopped = true;
    await Promise.all([...this.inFlight]);
  }

  /** Clears the figures (between concurrency levels). */
  reset(): WriteFigures {
    const taken = { ...this.figures, freshness: [...this.figures.freshness].sort((a, b) => a - b) };
    Object.assign(this.figures, { writes: 0, errors: 0, followed: 0, unseen: 0, freshness: [] });
    return taken;
  }

  private async writeOne(): Promise<void> {
    const home = this.homes[this.rng.int(0, this.homes.length - 1)]!;
    // a little lower each time (never above an open-market value it may have), and a status drawn at random
    home.price = Math.max(1000, Math.round(home.price * 0.995) - this.rng.int(1, 200));
    const status = AVAILABILITY_CODES[this.rng.int(0, AVAILABILITY_CODES.length - 1)]!;
    const body = { availabilityStatus: status, ...(home.forSale ? { fullMarketPrice: home.price } : { monthlyRent: home.price }) };
    this.figures.writes++;
    const res = await request(`${this.base}/api/rest/inventory/properties/${encodeURIComponent(home.ref)}?api_key=${this.key}`, {
      method: 'PATCH',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
      dispatcher: this.dispatcher,
    }).catch(() => null);
    await res?.body.arrayBuffer();
    if (!res || res.statusCode !== 200) {
      this.figures.errors++;
      return;
    }
    const acknowledged = performance.now();
    // one write a second is followed until a search shows it
    if (acknowledged - this.lastFollowed < 1000) return;
    this.lastFollowed = acknowledged;
    this.figures.followed++;
    const d = 0.002;
    const price = home.forSale ? { min_full_value: home.price, max_full_value: home.price } : { min_monthly_rent: home.price, max_monthly_rent: home.price };
    const query = new URLSearchParams({
      occupancy_type: home.forSale ? 'for-sale' : 'to-rent',
      ...Object.fromEntries(Object.entries(price).map(([k, v]) => [k, String(v)])),
      'status[]': status,
      lat: String(home.latitude),
      lng: String(home.longitude),
      north: String(home.latitude + d),
      south: String(home.latitude - d),
      east: String(home.longitude + d),
      west: String(home.longitude - d),
      radius: '0',
      max_featured: '0',
      size: '100',
    });
    const giveUp = acknowledged + 30_000;
    while (performance.now() < giveUp) {
      const search = await request(`${this.base}/api/rest/portal/search?${query}`, { dispatcher: this.dispatcher }).catch(() => null);
      const text = search ? await search.body.text() : '';
      if (search?.statusCode === 200 && (JSON.parse(text) as { data: { id: number }[] }).data.some((i) => i.id === home.listingId)) {
        this.figures.freshness.push(performance.now() - acknowledged);
        return;
      }
      if (this.stopped && performance.now() > acknowledged + 5_000) break;
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
    this.figures.unseen++;
  }
}

/** "p50 … p99 … max …" of sorted delays. */
export function freshnessLine(f: WriteFigures): string {
  const at = (q: number) => f.freshness[Math.min(f.freshness.length - 1, Math.floor(q * f.freshness.length))] ?? NaN;
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  return `${f.writes} writes (${f.errors} refused or failed; ${f.followed} followed, ${f.unseen} of them never seen): freshness p50 ${ms(at(0.5))}, p99 ${ms(at(0.99))}, max ${ms(f.freshness[f.freshness.length - 1] ?? NaN)}`;
}
