// Price history and reductions as listings show them. A listing's document holds the day of the latest
// reduction of any of its properties' headline prices; whether that day is recent enough to show is
// decided when it is read (presenters) or searched (`reduced_only`), relative to today in the UK, so the
// window moves on with the days without any reindexing.
import { instantToLondon, londonToday } from '../core/london-time.ts';
import type { PriceChangeKind } from '../inventory/price-history.ts';
import type { Payload } from '../core/openapi/payload-fields.ts';
import type { priceHistory } from './listing-item-payload.ts';

export const REDUCTION_WINDOW_DAYS = 30;

export interface RecordedPriceChange {
  forSale: boolean;
  price: number;
  change: string;
  changedAt: Date;
}

/** One entry of a property's price history, as property details show it. */
export type PriceHistoryEntry = Payload<typeof priceHistory>[number];

/** Oldest first, of the price the property is advertised at now (its kind: for sale or to rent). */
export function priceHistoryOf(changes: RecordedPriceChange[], forSale: boolean): PriceHistoryEntry[] {
  // the column holds only the kinds price-history.ts records
  return changes.filter((c) => c.forSale === forSale).map((c) => ({ date: instantToLondon(c.changedAt).date, price: c.price, change: c.change as PriceChangeKind }));
}

/** The UK day of the latest reduction among these histories, however long ago; null when none was reduced. */
export function latestReductionOn(histories: PriceHistoryEntry[][]): string | null {
  let latest: string | null = null;
  for (const history of histories) for (const e of history) if (e.change === 'reduced' && (latest === null || e.date > latest)) latest = e.date;
  return latest;
}

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

// Formatting the UK day costs a few microseconds, and items are presented by the hundred: kept by minute.
let cached = { minute: -1, cutoff: '' };

/** The earliest day a reduction still shows on: REDUCTION_WINDOW_DAYS before today in the UK. */
export function reductionCutoff(now = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (cached.minute !== minute) cached = { minute, cutoff: daysBefore(londonToday(now), REDUCTION_WINDOW_DAYS) };
  return cached.cutoff;
}

/** `priceReducedOn` as shown: the latest reduction's day when within the window, else null. */
export function recentReduction(latest: unknown, now = new Date()): string | null {
  return typeof latest === 'string' && latest >= reductionCutoff(now) ? latest : null;
}
