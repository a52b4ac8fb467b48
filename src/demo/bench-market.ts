// Where the benchmark seed's developments stand. `spread` (the default): the towns of the UK by
// population (market-spread.ts), each development at a point within its town, priced and styled as the
// nearest demo place (places.ts) and in its local authority when the town lies within it. `crowded`: the
// older layout, every development on a sample postcode of the demo places in turn, so that a large seed
// piles its listings into the same 30 places.
import { PLACES, placeByCode, type Place } from './places.ts';
import type { DemoPostcode } from './postcodes.ts';
import { britishTowns, pointIn, type Town } from './population-places.ts';
import { listingsPerTown, type TownShare } from './market-spread.ts';
import { Rng } from './random.ts';
import { distanceMiles, type LatLng } from '../places/geo.ts';

export const LISTING_DISTRIBUTIONS = ['spread', 'crowded'] as const;
export type ListingDistribution = (typeof LISTING_DISTRIBUTIONS)[number];

/** Where a development stands: a sample postcode, or a point with the local authority it lies in. */
export interface DevelopmentSite {
  postcode: string | null;
  district: string | null;
  localAuthorityId: number | null;
  latitude: number;
  longitude: number;
  /** the neighbourhood it is named after (else the place's area of its postcode district, else the town) */
  area?: string;
}

export interface BenchDevelopmentSpot {
  place: Place;
  site: DevelopmentSite;
  /** listings of the development: 2, or 1 for a town's (or the seed's) odd one out */
  listings: number;
}

export interface BenchMarket {
  distribution: ListingDistribution;
  listings: number;
  developments: number;
  /** the place and site of development `index` (0-based) */
  spot(index: number): BenchDevelopmentSpot;
}

const MARKET_SEED = 'bench-market';
const LONDON: LatLng = { lat: 51.5072, lng: -0.1276 };
/** towns this close to central London are in a London borough */
const LONDON_MILES = 12;
/** a town lies within a demo place when it is this much nearer than the place's farthest sample postcode */
const WITHIN_SLACK_MILES = 1;
const BLURB = 'has local shops, schools and transport links close by';

/** The older layout: development i on sample postcode i (round-robin over every demo place's). */
export function crowdedMarket(postcodes: Map<string, DemoPostcode[]>, listings: number): BenchMarket {
  const all = [...postcodes.values()].flat();
  const developments = Math.ceil(listings / 2);
  return {
    distribution: 'crowded',
    listings,
    developments,
    spot: (i) => {
      const postcode = all[i % all.length]!;
      return { place: placeByCode.get(postcode.laCode)!, site: postcode, listings: 2 * i + 1 < listings ? 2 : 1 };
    },
  };
}

interface PlaceCentre {
  place: Place;
  centre: LatLng;
  /** farthest sample postcode from the centre, in miles */
  reach: number;
  localAuthorityId: number;
}

function placeCentres(postcodes: Map<string, DemoPostcode[]>): PlaceCentre[] {
  return PLACES.map((place) => {
    const list = postcodes.get(place.code)!;
    const centre = { lat: list.reduce((s, p) => s + p.latitude, 0) / list.length, lng: list.reduce((s, p) => s + p.longitude, 0) / list.length };
    const reach = Math.max(...list.map((p) => distanceMiles(centre, { lat: p.latitude, lng: p.longitude })));
    return { place, centre, reach, localAuthorityId: list[0]!.localAuthorityId };
  });
}

/**
 * A town as a demo place: within Greater London, the nearest London borough's; elsewhere the nearest
 * other demo place's prices and style, its own name, and the place's local authority only when the
 * town lies within the place (no local authority otherwise: the reference data has no boundaries).
 */
function townPlace(town: Town, centres: PlaceCentre[]): { place: Place; localAuthorityId: number | null; area: string } {
  const london = distanceMiles(LONDON, town.center) <= LONDON_MILES;
  const candidates = centres.filter((c) => (c.place.group === 'london') === london);
  let nearest = candidates[0]!;
  let nearestMiles = Infinity;
  for (const c of candidates) {
    const miles = distanceMiles(c.centre, town.center);
    if (miles < nearestMiles) [nearest, nearestMiles] = [c, miles];
  }
  if (london || nearestMiles <= nearest.reach + WITHIN_SLACK_MILES) return { place: nearest.place, localAuthorityId: nearest.localAuthorityId, area: town.name };
  const place: Place = { ...nearest.place, town: town.name, areas: {}, blurb: BLURB };
  return { place, localAuthorityId: null, area: town.name };
}

/** The towns of the spread benchmark seed of `listings` with their listings (the search benchmark's mix searches them alike). */
export function benchMarketShares(listings: number, towns: readonly Town[] = britishTowns()): TownShare[] {
  return listingsPerTown(towns, listings, MARKET_SEED);
}

/** The UK's towns by population (see market-spread.ts): each town's developments one after another. */
export function spreadMarket(postcodes: Map<string, DemoPostcode[]>, listings: number, towns: readonly Town[] = britishTowns()): BenchMarket {
  const shares = benchMarketShares(listings, towns);
  const developments = shares.reduce((n, s) => n + Math.ceil(s.listings / 2), 0);
  // development index -> share index, and whether it is its town's single-listing one
  const shareOf = new Int32Array(developments);
  const single = new Uint8Array(developments);
  let at = 0;
  shares.forEach((s, k) => {
    for (let j = 0; j < Math.ceil(s.listings / 2); j++) {
      shareOf[at] = k;
      single[at++] = s.listings % 2 === 1 && j === Math.ceil(s.listings / 2) - 1 ? 1 : 0;
    }
  });
  const centres = placeCentres(postcodes);
  const places = new Map<number, ReturnType<typeof townPlace>>();
  return {
    distribution: 'spread',
    listings,
    developments,
    spot: (i) => {
      const k = shareOf[i]!;
      const town = shares[k]!.town;
      let known = places.get(k);
      if (!known) places.set(k, (known = townPlace(town, centres)));
      const point = pointIn(town, new Rng(`bench:site:${i}`));
      const site: DevelopmentSite = { postcode: null, district: null, localAuthorityId: known.localAuthorityId, latitude: point.lat, longitude: point.lng, area: known.area };
      return { place: known.place, site, listings: single[i] ? 1 : 2 };
    },
  };
}

export function benchMarket(distribution: ListingDistribution, postcodes: Map<string, DemoPostcode[]>, listings: number): BenchMarket {
  return distribution === 'crowded' ? crowdedMarket(postcodes, listings) : spreadMarket(postcodes, listings);
}
