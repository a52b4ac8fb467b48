// Place autocomplete: the in-memory index of the gazetteer's names and districts, built once on first use,
// and the postcodes beginning with the text once it reaches into an inward code: one indexed query (by
// district) of the imported postcodes and the national file, nothing of them kept in memory.
import type { PrismaClient } from '../db/prisma.ts';
import type { Gazetteer } from './gazetteer.ts';
import { PlaceSuggestions, compactPostcode, suggestionOf, type Suggestion } from './place-suggestions.ts';
import type { PlaceQuery } from './place-params.ts';

interface PostcodeRow {
  postcode: string;
  latitude: number;
  longitude: number;
  authority: string;
}

/** The start of an inward code: a digit, then up to two letters. */
const INWARD_BEGUN = /^[0-9][A-Z]{0,2}$/;

export class PlaceSuggestionService {
  private index: Promise<{ suggestions: PlaceSuggestions; districts: Set<string> }> | null = null;
  private indexed: Gazetteer | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly gazetteer: { loaded(): Promise<Gazetteer> },
  ) {}

  async suggest({ q: typed, size }: PlaceQuery): Promise<Suggestion[]> {
    const q = typed?.trim() ?? '';
    if (q.length < 2) return [];
    const { suggestions, districts } = await this.loaded();
    return suggestions.suggest(q, size, await this.postcodesStarting(compactPostcode(q), districts, size));
  }

  /** Builds the index now rather than on the first request. */
  async warm(): Promise<number> {
    return (await this.loaded()).suggestions.size;
  }

  /** The index of the gazetteer in use, built again when the gazetteer is (once the national postcode file is in). */
  private async loaded() {
    const gazetteer = await this.gazetteer.loaded();
    if (this.indexed !== gazetteer || !this.index) {
      this.indexed = gazetteer;
      this.index = this.build(gazetteer).catch((err: unknown) => {
        this.index = null;
        throw err;
      });
    }
    return this.index;
  }

  private async build(gazetteer: Gazetteer) {
    const list = [];
    const districts = new Set<string>();
    for (const place of gazetteer.places()) {
      if (place.kind === 'district') districts.add(place.name);
      const suggestion = suggestionOf(place, (text) => gazetteer.resolveName(text));
      if (suggestion) list.push({ ...suggestion, population: place.population, aliases: place.aliases });
    }
    return { suggestions: new PlaceSuggestions(list), districts };
  }

  private async postcodesStarting(compact: string, districts: Set<string>, size: number): Promise<Suggestion[]> {
    // the outward code is what comes before the start of the inward code: "SW1A1" is SW1A, "M11" M1
    const outwards = [2, 3, 4].map((k) => compact.slice(0, k)).filter((o) => districts.has(o) && INWARD_BEGUN.test(compact.slice(o.length)));
    const found: Suggestion[] = [];
    for (const outward of outwards) {
      for (const row of await this.postcodesBeginning(`${outward} ${compact.slice(outward.length)}`, outward, size)) {
        found.push({
          id: `postcode:${compactPostcode(row.postcode)}`,
          type: 'postcode',
          name: row.postcode,
          label: `${row.postcode}, ${row.authority}`,
          location: row.postcode,
          latitude: row.latitude,
          longitude: row.longitude,
        });
      }
    }
    return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).slice(0, size);
  }

  /** Up to `size` postcodes of the district beginning with `prefix` ("SW1A 1"), the imported ones winning. */
  private postcodesBeginning(prefix: string, district: string, size: number): Promise<PostcodeRow[]> {
    const like = `${prefix}%`;
    return this.prisma.$queryRaw<PostcodeRow[]>`
      SELECT postcode, latitude, longitude, authority FROM (
        SELECT p.postcode, p.latitude, p.longitude, la.name AS authority
        FROM "Postcode" p JOIN "LocalAuthority" la ON la.id = p."localAuthorityId" WHERE p.district = ${district} AND p.postcode LIKE ${like}
        UNION ALL
        SELECT n.postcode, n.latitude, n.longitude, la.name
        FROM "NationalPostcode" n JOIN "LocalAuthority" la ON la.code = n."localAuthorityCode"
        WHERE n.district = ${district} AND n.postcode LIKE ${like} AND NOT EXISTS (SELECT 1 FROM "Postcode" p WHERE p.postcode = n.postcode)
      ) found ORDER BY postcode LIMIT ${size}`;
  }
}
