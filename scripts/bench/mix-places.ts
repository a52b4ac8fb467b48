// The places of the search benchmark's realistic mix, taken from the benchmark data. A spread seed
// (bench-market.ts): its towns, each weighted by its listings, three quarters of their searches by the
// town's name and a quarter by the postcode district nearest its centre, so that the mix searches where
// the listings are, as often as a town's share of them. A crowded seed: the big towns, then the sample
// postcode districts and the local authorities, ranked.
import type { PrismaClient } from '../../src/db/prisma.ts';
import { benchMarketShares } from '../../src/demo/bench-market.ts';
import { readPostcodeDistricts, type PostcodeDistrict } from '../../src/places/postcode-districts.ts';
import { distanceMiles, type LatLng } from '../../src/places/geo.ts';
import type { MixPlaces } from './search-mix.ts';

const BY_DISTRICT = 0.25;

function nearestDistrict(districts: PostcodeDistrict[], point: LatLng): PostcodeDistrict {
  let best = districts[0]!;
  let bestMiles = Infinity;
  for (const d of districts) {
    const miles = distanceMiles(point, d.center);
    if (miles < bestMiles) [best, bestMiles] = [d, miles];
  }
  return best;
}

export async function mixPlaces(prisma: PrismaClient): Promise<MixPlaces & { described: string }> {
  const [seed] = await prisma.$queryRaw<{ listings: bigint; unposted: bigint; developments: bigint }[]>`
    SELECT (SELECT count(*) FROM "Listing" l JOIN "Development" d ON d.id = l."developmentId" WHERE d."externalRef" LIKE 'bench-dev-%') AS listings,
           count(*) FILTER (WHERE postcode IS NULL) AS unposted, count(*) AS developments
      FROM "Development" WHERE "externalRef" LIKE 'bench-dev-%'`;
  const listings = Number(seed?.listings ?? 0);
  if (listings > 0 && Number(seed!.unposted) * 2 > Number(seed!.developments)) {
    const districts = readPostcodeDistricts();
    const weights = new Map<string, { weight: number; centre: LatLng }>();
    const add = (name: string, centre: LatLng, w: number) => weights.set(name, { weight: (weights.get(name)?.weight ?? 0) + w, centre: weights.get(name)?.centre ?? centre });
    const shares = benchMarketShares(listings);
    for (const { town, listings: n } of shares) {
      add(town.name, town.center, n * (1 - BY_DISTRICT));
      const district = nearestDistrict(districts, town.center);
      add(district.district, district.center, n * BY_DISTRICT);
    }
    const entries = [...weights];
    return {
      kind: 'weighted',
      names: entries.map(([name]) => name),
      weights: entries.map(([, w]) => w.weight),
      centres: entries.map(([, w]) => w.centre),
      described: `${shares.length} towns of the spread seed of ${listings} listings, by their listings` };
  }
  const rows = await prisma.$queryRaw<{ place: string }[]>`
    SELECT DISTINCT split_part(postcode, ' ', 1) AS place FROM "Postcode"
    UNION SELECT DISTINCT name FROM "LocalAuthority" ORDER BY 1`;
  return { kind: 'ranked', names: rows.map((r) => r.place), described: 'the demo places, ranked (crowded seed)' };
}
