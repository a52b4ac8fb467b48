// How many benchmark listings each town holds, so that a seed of any size looks like a real market: the
// UK market (about UK_MARKET_LISTINGS listings) spread over the towns by population, and a smaller seed
// a regional market at the same density (the towns nearest REGION_CENTRE holding that share of the
// people), never more listings crowded into the same places. Pure and seeded: the same towns, size and
// seed give the same counts.
import { Rng } from './random.ts';
import type { Town } from './population-places.ts';
import { distanceMiles, type LatLng } from '../places/geo.ts';

/** Listings of the whole UK market: a seed this large or larger covers every town. */
export const UK_MARKET_LISTINGS = 1_000_000;
/** Where a regional market (a seed below UK_MARKET_LISTINGS) is centred: Manchester. */
export const REGION_CENTRE: LatLng = { lat: 53.4808, lng: -2.2426 };

/**
 * The towns a market of `listings` covers: all of them for the UK market or more; otherwise the towns
 * nearest `centre`, in order of distance, until they hold `listings / UK_MARKET_LISTINGS` of the people.
 */
export function marketTowns(towns: readonly Town[], listings: number, centre: LatLng = REGION_CENTRE): Town[] {
  if (listings >= UK_MARKET_LISTINGS) return [...towns];
  const people = towns.reduce((sum, t) => sum + t.population, 0);
  const wanted = (people * listings) / UK_MARKET_LISTINGS;
  const distance = new Map(towns.map((t) => [t, distanceMiles(centre, t.center)]));
  const nearest = [...towns].sort((a, b) => distance.get(a)! - distance.get(b)! || a.name.localeCompare(b.name));
  const out: Town[] = [];
  let held = 0;
  for (const t of nearest) {
    if (held >= wanted) break;
    out.push(t);
    held += t.population;
  }
  return out;
}

/**
 * `count` split over `weights`: each gets its share rounded down or up, and they add up to `count`
 * exactly. Which ones round up is drawn once by `seed` (systematic sampling: one random start along the
 * cumulative shares), so a town whose share is below one gets a listing with that probability.
 */
export function spreadCounts(weights: readonly number[], count: number, seed: string): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0 || count <= 0) return weights.map(() => 0);
  const start = new Rng(seed).next();
  let cumulative = 0;
  let before = 0;
  return weights.map((w) => {
    cumulative += w;
    const upTo = cumulative >= total ? count : Math.floor((cumulative / total) * count + start);
    const n = upTo - before;
    before = upTo;
    return n;
  });
}

export interface TownShare {
  town: Town;
  listings: number;
}

/** The towns of a market of `listings` with their listings (only towns that get some), in the towns' order. */
export function listingsPerTown(towns: readonly Town[], listings: number, seed: string, centre: LatLng = REGION_CENTRE): TownShare[] {
  const covered = new Set(marketTowns(towns, listings, centre));
  const inOrder = towns.filter((t) => covered.has(t));
  const counts = spreadCounts(
    inOrder.map((t) => t.population),
    listings,
    seed,
  );
  return inOrder.map((town, i) => ({ town, listings: counts[i]! })).filter((s) => s.listings > 0);
}
