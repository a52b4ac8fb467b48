// What the seed writes, development by development: the development, its homes and its listings, all as
// sync payloads. Everything is derived from seeded generators keyed by stable references, so the same
// input gives the same plan on every run (dates are relative to `today`).
import { Rng } from './random.ts';
import { PLACES, type Place } from './places.ts';
import { DEVELOPMENT_STEMS, STREETS } from './catalogue.ts';
import { pickOffer, OFFERS, type Offer } from './offers.ts';
import { developmentPayload, type DevelopmentPayload, type DevelopmentStyle } from './development-payload.ts';
import { propertyPayload, type ListingMood, type PropertyPayload } from './property-payload.ts';
import { listingPayload, type ListingPayload } from './listing-payload.ts';
import type { DemoPostcode } from './postcodes.ts';
import type { BenchMarket, DevelopmentSite } from './bench-market.ts';
import { providerKeyFor } from './accounts.ts';
import { slugify } from '../listings/slug.ts';

export interface DevelopmentPlan {
  /** key of the account (accounts.ts) that owns it */
  account: string;
  /** where it stands: a sample postcode (the demo), or a point of a town (the spread benchmark seed) */
  postcode: DevelopmentSite;
  development: DevelopmentPayload;
  properties: PropertyPayload[];
  listings: ListingPayload[];
}

interface DevelopmentSpec {
  ref: string;
  account: string;
  place: Place;
  postcode: DevelopmentSite;
  stem: string;
  offers: Offer[];
  /** homes per offer */
  homes: number[];
  /** give listings explicit slugs (benchmark data) */
  slugs: boolean;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function styleFor(rng: Rng, place: Place): DevelopmentStyle {
  return rng.weighted(
    place.group === 'london'
      ? ([
          ['apartments', 70],
          ['houses', 5],
          ['mixed', 25],
        ] as const)
      : ([
          ['apartments', 40],
          ['houses', 30],
          ['mixed', 30],
        ] as const),
  );
}

function areaOf(place: Place, site: DevelopmentSite): string {
  return site.area ?? (site.district !== null ? place.areas[site.district] : undefined) ?? place.town;
}

function buildDevelopment(spec: DevelopmentSpec, rng: Rng, today: string): DevelopmentPlan {
  const { place, postcode } = spec;
  const area = areaOf(place, postcode);
  const style = styleFor(rng, place);
  const freeholdOnly = style === 'houses' && spec.offers.every((o) => !o.sharedOwnership);
  const newBuild = rng.chance(0.9);
  const development = developmentPayload(
    {
      ref: spec.ref,
      name: spec.stem,
      place,
      area,
      street: rng.pick(STREETS),
      postcode: postcode.postcode,
      // a site without a known postcode gives its point and local authority
      position: postcode.postcode === null ? { latitude: postcode.latitude, longitude: postcode.longitude, localAuthority: postcode.localAuthorityId } : null,
      style,
      tenure: freeholdOnly ? 'freehold' : 'leasehold',
      newBuild,
    },
    rng,
  );
  const properties: PropertyPayload[] = [];
  const listings: ListingPayload[] = [];
  let plot = 0;
  spec.offers.forEach((offer, k) => {
    const mood = rng.weighted<ListingMood>([
      ['open', 82],
      ['coming-soon', 11],
      ['closed', 7],
    ]);
    const homes = Array.from({ length: spec.homes[k]! }, () => {
      plot++;
      const facts = { ref: `${spec.ref}-plot-${pad(plot, 2)}`, development: spec.ref, plot, place, style, newBuild, offer, mood, today };
      return propertyPayload(facts, rng);
    });
    properties.push(...homes);
    const ref = `${spec.ref}-listing-${k + 1}`;
    const name = spec.offers.length > 1 ? `${spec.stem}, ${area} – ${offer.label}` : `${spec.stem}, ${area}`;
    const slug = spec.slugs ? `${slugify(name).slice(0, 100)}-${ref}` : null;
    listings.push(
      listingPayload(
        { ref, development: spec.ref, name, slug, offer, mood, homes, place, area, localAuthorityId: postcode.localAuthorityId, today },
        rng,
      ),
    );
  });
  return { account: spec.account, postcode, development, properties, listings };
}

/** Splits `total` homes over `parts` offers, at least one each. */
function split(rng: Rng, total: number, parts: number): number[] {
  if (parts === 1) return [total];
  const first = rng.int(1, total - 1);
  return [first, total - first];
}

/** The default demo: two developments in each place, 80 listings over 60 developments. */
export function demoPlan(postcodes: Map<string, DemoPostcode[]>, today: string): DevelopmentPlan[] {
  const master = new Rng('demo-plan');
  const count = PLACES.length * 2;
  const agentPlaces = new Set(['E08000035', 'E08000012']); // Leeds and Liverpool: one development each let by the agent
  const agentDev = (pi: number, j: number) => j === 1 && agentPlaces.has(PLACES[pi]!.code);
  const twoOffers = new Set(
    master.sample(
      [...Array(count).keys()].filter((i) => !agentDev(Math.floor(i / 2), i % 2)),
      20,
    ),
  );
  const usedNames = new Set<string>();
  const plans: DevelopmentPlan[] = [];
  PLACES.forEach((place, pi) => {
    const picks = master.sample(postcodes.get(place.code)!, 2);
    picks.forEach((postcode, j) => {
      const i = pi * 2 + j;
      const rng = new Rng(`demo:dev:${i}`);
      let stem = rng.pick(DEVELOPMENT_STEMS);
      while (usedNames.has(`${stem}|${place.town}`)) stem = rng.pick(DEVELOPMENT_STEMS);
      usedNames.add(`${stem}|${place.town}`);
      const london = place.group === 'london';
      const agent = agentDev(pi, j);
      const first = agent ? OFFERS['market-rent'] : pickOffer(rng, london);
      const offers = twoOffers.has(i) ? [first, pickOffer(rng, london, [first.kind])] : [first];
      const total = Math.max(rng.int(1, 12), offers.length);
      const spec: DevelopmentSpec = {
        ref: `dev-${pad(i + 1, 4)}`,
        account: agent ? 'agent' : providerKeyFor(place.group, i),
        place,
        postcode,
        stem,
        offers,
        homes: split(rng, total, offers.length),
        slugs: false,
      };
      plans.push(buildDevelopment(spec, rng, today));
    });
  });
  // A small demo gets the intended mix exactly: 10% featured, 15% premium.
  const listings = plans.flatMap((p) => p.listings);
  master.shuffle([...listings.keys()]).forEach((idx, k) => {
    listings[idx]!.displayAs =
      k < Math.round(listings.length * 0.1) ? 'featured' : k < Math.round(listings.length * 0.25) ? 'premium' : 'regular';
  });
  return plans;
}

export const benchDevelopmentRef = (index: number): string => `bench-dev-${pad(index + 1, 6)}`;

/**
 * Benchmark developments by index, where the market puts them (bench-market.ts): two listings each (a
 * town's or the seed's odd one out has one), 1 to 19 homes per listing (about 10 on average).
 */
export function benchPlan(market: BenchMarket, indices: number[], today: string): DevelopmentPlan[] {
  const plans: DevelopmentPlan[] = [];
  for (const i of indices) {
    const rng = new Rng(`bench:dev:${i}`);
    const { place, site, listings } = market.spot(i);
    const london = place.group === 'london';
    const first = pickOffer(rng, london);
    const second = pickOffer(rng, london, [first.kind]); // drawn either way, so a development does not depend on its listing count
    const offers = listings === 2 ? [first, second] : [first];
    const spec: DevelopmentSpec = {
      ref: benchDevelopmentRef(i),
      account: 'benchmark',
      place,
      postcode: site,
      stem: rng.pick(DEVELOPMENT_STEMS),
      offers,
      homes: [rng.int(1, 19), rng.int(1, 19)].slice(0, offers.length),
      slugs: true,
    };
    plans.push(buildDevelopment(spec, rng, today));
  }
  return plans;
}
