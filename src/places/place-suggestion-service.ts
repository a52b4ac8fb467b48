// Place autocomplete: the in-memory index of the gazetteer's names and districts, built once on first use,
// and the postcodes of a district, read when a query reaches into its inward code and kept for a while.
import { LRUCache } from 'lru-cache';
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
  private readonly postcodes = new LRUCache<string, Promise<PostcodeRow[]>>({ max: 200 });

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

  private loaded() {
    return (this.index ??= this.build().catch((err: unknown) => {
      this.index = null;
      throw err;
    }));
  }

  private async build() {
    const gazetteer = await this.gazetteer.loaded();
    const list = [];
    const districts = new Set<string>();
    for (const place of gazetteer.places()) {
      if (place.kind === 'district') districts.add(place.name);
      const suggestion = suggestionOf(place, (text) => gazetteer.resolveName(text));
      if (suggestion) list.push({ ...suggestion, population: place.population });
    }
    return { suggestions: new PlaceSuggestions(list), districts };
  }

  private async postcodesStarting(compact: string, districts: Set<string>, size: number): Promise<Suggestion[]> {
    // the outward code is what comes before the start of the inward code: "SW1A1" is SW1A, "M11" M1
    const outwards = [2, 3, 4].map((k) => compact.slice(0, k)).filter((o) => districts.has(o) && INWARD_BEGUN.test(compact.slice(o.length)));
    const found: Suggestion[] = [];
    for (const outward of outwards) {
      for (const row of await this.postcodesOf(outward)) {
        if (!compactPostcode(row.postcode).startsWith(compact)) continue;
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

  private postcodesOf(district: string): Promise<PostcodeRow[]> {
    let rows = this.postcodes.get(district);
    if (!rows) {
      rows = this.prisma.$queryRaw<PostcodeRow[]>`
        SELECT p.postcode, p.latitude, p.longitude, la.name AS authority
        FROM "Postcode" p JOIN "LocalAuthority" la ON la.id = p."localAuthorityId" WHERE p.district = ${district} ORDER BY p.postcode`;
      rows.catch(() => this.postcodes.delete(district));
      this.postcodes.set(district, rows);
    }
    return rows;
  }
}
