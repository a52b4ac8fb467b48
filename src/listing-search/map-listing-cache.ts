// Map listings as JSON, kept at two levels. A search's counts carry the fingerprint of its map
// listings (see map-fingerprint.ts); a whole map array seen before under that fingerprint comes from
// memory without asking the engine for the map at all. Otherwise the map request returns up to 1000
// ids and digests (cheap doc values) with the fingerprint of that same answer; the JSON of a digest
// seen before comes from memory, the others are fetched with one more engine request and presented.
// A digest covers every map field, so a listing that changes gets a new digest (and its searches a
// new fingerprint) and is never shown with stale data; old entries age out of the LRUs. Scheme texts
// and colours are part of the JSON, so a change to them empties both levels.
import { LRUCache } from 'lru-cache';
import type { SearchClient } from '../search/client.ts';
import { MAP_DIGEST_FIELD, type MAP_FIELDS } from '../listing-index/document/map-listing-fields.ts';
import { presentMapListing } from '../listings/listing-presenter.ts';
import { RawJsonArray } from './raw-json.ts';
import { readMapFingerprint } from '../listing-index/map-fingerprint.ts';
import { mapListingsByIdsRequest } from '../listing-index/map-requests.ts';
import { contentKey } from '../core/content-key.ts';
import { asciiJson } from '../core/ascii-json.ts';

export type MapPayload = keyof typeof MAP_FIELDS;
export interface SchemeText {
  slug: string;
  text: string;
  color: string;
}

export interface MapListingCacheSizes {
  /** map listings kept per payload, by digest (0: none) */
  listings: number;
  /** bytes of whole map arrays kept per payload, by fingerprint (0: none) */
  arrayBytes: number;
}

interface DigestHit {
  fields?: Record<string, unknown[]>;
}

interface SchemeLookup {
  key: string;
  bySlug: Map<string, { text: string; color: string }>;
}

type PerPayload<T> = Record<MapPayload, T> | null;

/** lookups answered from memory and not, with what each level holds now (both payloads together) */
export interface CacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

const digestOf = (hit: DigestHit) => hit.fields?.[MAP_DIGEST_FIELD]?.[0] as number | undefined;
const idOf = (hit: DigestHit) => hit.fields?.id?.[0] as number | undefined;
const lookups = new WeakMap<SchemeText[], SchemeLookup>();
const MAP_ANSWER_PARTS = ['hits.hits.fields', 'aggregations'];
const FETCH_ANSWER_PARTS = ['hits.hits.fields'];

/**
 * The same JSON as one flat string in ASCII: JSON.stringify builds a longer result as a tree of parts
 * (cons strings), and a non-ASCII character (an en dash in a name) makes it two bytes a character;
 * either way a map listing kept in memory cost more than twice its text.
 */
const flat = (json: string): string => Buffer.from(asciiJson(json)).toString('latin1');

function schemeLookup(schemes: SchemeText[]): SchemeLookup {
  let lookup = lookups.get(schemes);
  if (!lookup) {
    lookup = { key: contentKey(schemes), bySlug: new Map(schemes.map((s) => [s.slug, { text: s.text, color: s.color }])) };
    lookups.set(schemes, lookup);
  }
  return lookup;
}

function perPayload<T>(make: () => T): Record<MapPayload, T> {
  return { basic: make(), extended: make() };
}

export class MapListingCache {
  private readonly listings: PerPayload<LRUCache<number, string>>;
  private readonly arrays: PerPayload<LRUCache<string, RawJsonArray>>;
  private schemesKey = '';
  private readonly lookups = { arrays: { hits: 0, misses: 0 }, listings: { hits: 0, misses: 0 } };

  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
    sizes: MapListingCacheSizes,
  ) {
    // sizes are counted for the metrics only: the entry limit alone bounds this level
    const listingSize = { maxEntrySize: 2 ** 30, sizeCalculation: (json: string) => json.length };
    this.listings = sizes.listings > 0 ? perPayload(() => new LRUCache<number, string>({ max: sizes.listings, ...listingSize })) : null;
    const sizeCalculation = (a: RawJsonArray) => a.size + 64;
    this.arrays = sizes.arrayBytes > 0 ? perPayload(() => new LRUCache<string, RawJsonArray>({ maxSize: sizes.arrayBytes, sizeCalculation })) : null;
  }

  /**
   * The map listings of a search, in the engine's order; a listing deleted meanwhile is left out.
   * `request` is the plan's map request, `fingerprint` the one its counts returned (null: none);
   * `asked` is told the fingerprint of the map the engine gave, when it was asked.
   */
  async arrayFor(request: Record<string, unknown>, fingerprint: string | null, payload: MapPayload, schemes: SchemeText[], asked?: (own: string | null) => void): Promise<RawJsonArray> {
    const lookup = this.follow(schemes);
    const known = fingerprint === null ? undefined : this.arrays?.[payload].get(fingerprint);
    this.lookups.arrays[known ? 'hits' : 'misses']++;
    if (known) return known;
    const answer = await this.searched(request, MAP_ANSWER_PARTS);
    const array = RawJsonArray.of(await this.jsonFor(answer.hits?.hits ?? [], payload, lookup));
    const own = readMapFingerprint(answer.aggregations as Record<string, unknown> | undefined);
    if (own !== null) this.arrays?.[payload].set(own, array);
    asked?.(own);
    return array;
  }

  /** whole map arrays (by fingerprint) and map listings (by digest) */
  stats(): { arrays: CacheStats; listings: CacheStats } {
    const held = (level: PerPayload<{ size: number; calculatedSize: number }>) => ({
      entries: level ? level.basic.size + level.extended.size : 0,
      bytes: level ? level.basic.calculatedSize + level.extended.calculatedSize : 0,
    });
    return { arrays: { ...this.lookups.arrays, ...held(this.arrays) }, listings: { ...this.lookups.listings, ...held(this.listings) } };
  }

  /** The engine's answer to a search, read from its bytes (the official client's transport and parser cost more than the reading). */
  private async searched(request: Record<string, unknown>, parts: string[]): Promise<{ hits?: { hits?: DigestHit[] }; aggregations?: Record<string, unknown> }> {
    const answer = await this.search.searchBytes(this.alias, JSON.stringify(request), parts);
    return JSON.parse(answer.text()) as { hits?: { hits?: DigestHit[] }; aggregations?: Record<string, unknown> };
  }

  /** Empties both levels when the scheme texts or colours changed. */
  private follow(schemes: SchemeText[]): SchemeLookup {
    const lookup = schemeLookup(schemes);
    if (lookup.key !== this.schemesKey) {
      for (const level of [this.listings, this.arrays]) {
        level?.basic.clear();
        level?.extended.clear();
      }
      this.schemesKey = lookup.key;
    }
    return lookup;
  }

  /** The JSON of each hit's map listing, in hit order. */
  private async jsonFor(hits: DigestHit[], payload: MapPayload, lookup: SchemeLookup): Promise<string[]> {
    const cache = this.listings?.[payload];
    const known = hits.map((h) => {
      const digest = digestOf(h);
      return digest === undefined ? undefined : cache?.get(digest);
    });
    const missing = hits.flatMap((h, i) => (known[i] === undefined && idOf(h) !== undefined ? [idOf(h)!] : []));
    this.lookups.listings.hits += hits.length - missing.length;
    this.lookups.listings.misses += missing.length;
    const fetched = missing.length ? await this.fetch(missing, payload, lookup) : new Map<number, string>();
    return hits.flatMap((h, i) => {
      const json = known[i] ?? fetched.get(idOf(h)!);
      return json === undefined ? [] : [json];
    });
  }

  private async fetch(ids: number[], payload: MapPayload, lookup: SchemeLookup): Promise<Map<number, string>> {
    const res = await this.searched(mapListingsByIdsRequest(ids, payload), FETCH_ANSWER_PARTS);
    const out = new Map<number, string>();
    for (const hit of res.hits?.hits ?? []) {
      const json = flat(JSON.stringify(presentMapListing(hit.fields ?? {}, lookup.bySlug, payload === 'extended')));
      out.set(idOf(hit)!, json);
      const digest = digestOf(hit);
      if (digest !== undefined) this.listings?.[payload].set(digest, json);
    }
    return out;
  }
}
