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

function schemeLookup(schemes: SchemeText[]): SchemeLookup {
  let lookup = lookups.get(schemes);
  if (!lookup) {
    lookup = { key: JSON.stringify(schemes), bySlug: new Map(schemes.map((s) => [s.slug, { text: s.text, color: s.color }])) };
    lookups.set(schemes, lookup);
  }
  return lookup;
}

export class MapListingCache {
  /** null when caching is off (size 0): every search then fetches and presents its map listings */
  private readonly json: LRUCache<string, string> | null;
  private schemesKey = '';

  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
    size: number,
  ) {
    this.json = size > 0 ? new LRUCache({ max: size }) : null;
  }

  /** The JSON of each hit's map listing, in hit order; a listing deleted meanwhile is left out. */
  async jsonFor(hits: DigestHit[], payload: MapPayload, schemes: SchemeText[]): Promise<string[]> {
    const lookup = schemeLookup(schemes);
    if (lookup.key !== this.schemesKey) {
      this.json?.clear();
      this.schemesKey = lookup.key;
    }
    const known = hits.map((h) => {
      const digest = digestOf(h);
      return digest === undefined ? undefined : this.json?.get(`${payload}:${digest}`);
    });
    const missing = hits.flatMap((h, i) => (known[i] === undefined && idOf(h) !== undefined ? [idOf(h)!] : []));
    const fetched = missing.length ? await this.fetch(missing, payload, lookup) : new Map<number, string>();
    return hits.flatMap((h, i) => {
      const json = known[i] ?? fetched.get(idOf(h)!);
      return json === undefined ? [] : [json];
    });
  }

  private async fetch(ids: number[], payload: MapPayload, lookup: SchemeLookup): Promise<Map<number, string>> {
    const res = await this.search.search({
      index: this.alias,
      size: ids.length,
      query: { bool: { filter: [{ terms: { id: ids } }] } },
      _source: false,
      stored_fields: '_none_',
      docvalue_fields: [...MAP_FIELDS[payload], MAP_DIGEST_FIELD],
    });
    const out = new Map<number, string>();
    for (const hit of res.hits.hits as DigestHit[]) {
      const json = JSON.stringify(presentMapListing(hit.fields ?? {}, lookup.bySlug, payload === 'extended'));
      out.set(idOf(hit)!, json);
      const digest = digestOf(hit);
      if (digest !== undefined) this.json?.set(`${payload}:${digest}`, json);
    }
    return out;
  }
}
