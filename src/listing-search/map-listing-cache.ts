// Map listings as JSON, by digest. A search's map request returns up to 1000 ids and digests (cheap doc
// values); the JSON of a digest seen before comes from memory, the others are fetched with one more
// engine request and presented. A digest covers every map field, so a listing that changes gets a new
// digest and is never shown with stale data; old digests age out of the LRU. Scheme texts and colours
// are part of the JSON, so a change to them empties the cache.
import { LRUCache } from 'lru-cache';
import type { SearchClient } from '../search/client.ts';
import { MAP_DIGEST_FIELD, MAP_FIELDS } from '../listings/map-listing-fields.ts';
import { presentMapListing } from '../listings/listing-presenter.ts';

export type MapPayload = keyof typeof MAP_FIELDS;
export interface SchemeText {
  slug: string;
  text: string;
  color: string;
}

interface DigestHit {
  fields?: Record<string, unknown[]>;
}

interface SchemeLookup {
  key: string;
  bySlug: Map<string, { text: string; color: string }>;
}

const digestOf = (hit: DigestHit) => hit.fields?.[MAP_DIGEST_FIELD]?.[0] as number | undefined;
const idOf = (hit: DigestHit) => hit.fields?.id?.[0] as number | undefined;
const lookups = new WeakMap<SchemeText[], SchemeLookup>();

/** UTF-8 in a buffer of its own: a small Buffer.from() shares an 8 KB slab that a cached entry would keep alive */
function encoded(text: string): Buffer {
  const buffer = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  buffer.write(text);
  return buffer;
}

function schemeLookup(schemes: SchemeText[]): SchemeLookup {
  let lookup = lookups.get(schemes);
  if (!lookup) {
    lookup = { key: JSON.stringify(schemes), bySlug: new Map(schemes.map((s) => [s.slug, { text: s.text, color: s.color }])) };
    lookups.set(schemes, lookup);
  }
  return lookup;
}

export class MapListingCache {
  /** by payload, then digest; null when caching is off (size 0): every search then fetches its map listings */
  private readonly json: Record<MapPayload, LRUCache<number, Buffer>> | null;
  private schemesKey = '';

  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
    size: number,
  ) {
    this.json = size > 0 ? { basic: new LRUCache({ max: size }), extended: new LRUCache({ max: size }) } : null;
  }

  /** The UTF-8 JSON of each hit's map listing, in hit order; a listing deleted meanwhile is left out. */
  async jsonFor(hits: DigestHit[], payload: MapPayload, schemes: SchemeText[]): Promise<Buffer[]> {
    const lookup = schemeLookup(schemes);
    if (lookup.key !== this.schemesKey) {
      this.json?.basic.clear();
      this.json?.extended.clear();
      this.schemesKey = lookup.key;
    }
    const cache = this.json?.[payload];
    const known = hits.map((h) => {
      const digest = digestOf(h);
      return digest === undefined ? undefined : cache?.get(digest);
    });
    const missing = hits.flatMap((h, i) => (known[i] === undefined && idOf(h) !== undefined ? [idOf(h)!] : []));
    const fetched = missing.length ? await this.fetch(missing, payload, lookup) : new Map<number, Buffer>();
    return hits.flatMap((h, i) => {
      const json = known[i] ?? fetched.get(idOf(h)!);
      return json === undefined ? [] : [json];
    });
  }

  private async fetch(ids: number[], payload: MapPayload, lookup: SchemeLookup): Promise<Map<number, Buffer>> {
    const res = await this.search.search({
      index: this.alias,
      size: ids.length,
      query: { bool: { filter: [{ terms: { id: ids } }] } },
      _source: false,
      stored_fields: '_none_',
      docvalue_fields: [...MAP_FIELDS[payload], MAP_DIGEST_FIELD],
    });
    const out = new Map<number, Buffer>();
    for (const hit of res.hits.hits as DigestHit[]) {
      const json = encoded(JSON.stringify(presentMapListing(hit.fields ?? {}, lookup.bySlug, payload === 'extended')));
      out.set(idOf(hit)!, json);
      const digest = digestOf(hit);
      if (digest !== undefined) this.json?.[payload].set(digest, json);
    }
    return out;
  }
}
