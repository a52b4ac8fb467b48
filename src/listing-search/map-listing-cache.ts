// Map listing data by digest. A search's map request returns up to 1000 ids and digests (cheap doc
// values); the fields of a digest seen before come from memory, the others from one more engine
// request. A digest covers every map field, so a listing that changes gets a new digest and can never
// be shown with stale data; old digests simply age out of the LRU.
import { LRUCache } from 'lru-cache';
import type { SearchClient } from '../search/client.ts';
import { MAP_DIGEST_FIELD, MAP_FIELDS } from '../listings/map-listing-fields.ts';

export type MapFields = Record<string, unknown[]>;

interface DigestHit {
  fields?: Record<string, unknown[]>;
}

const digestOf = (hit: DigestHit) => hit.fields?.[MAP_DIGEST_FIELD]?.[0] as number | undefined;
const idOf = (hit: DigestHit) => hit.fields?.id?.[0] as number | undefined;

export class MapListingCache {
  /** null when caching is off (size 0): every search then fetches its map fields */
  private readonly cache: LRUCache<number, MapFields> | null;

  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
    size: number,
  ) {
    this.cache = size > 0 ? new LRUCache({ max: size }) : null;
  }

  /** The map fields of each hit, in hit order; a listing deleted meanwhile is left out. */
  async fieldsFor(hits: DigestHit[]): Promise<MapFields[]> {
    const known = hits.map((h) => {
      const digest = digestOf(h);
      return digest === undefined ? undefined : this.cache?.get(digest);
    });
    const missing = hits.flatMap((h, i) => (known[i] === undefined && idOf(h) !== undefined ? [idOf(h)!] : []));
    const fetched = missing.length ? await this.fetch(missing) : new Map<number, MapFields>();
    return hits.flatMap((h, i) => {
      const fields = known[i] ?? fetched.get(idOf(h)!);
      return fields ? [fields] : [];
    });
  }

  private async fetch(ids: number[]): Promise<Map<number, MapFields>> {
    const res = await this.search.search({
      index: this.alias,
      size: ids.length,
      query: { bool: { filter: [{ terms: { id: ids } }] } },
      _source: false,
      stored_fields: '_none_',
      docvalue_fields: [...MAP_FIELDS.extended, MAP_DIGEST_FIELD],
    });
    const out = new Map<number, MapFields>();
    for (const hit of res.hits.hits as DigestHit[]) {
      const fields = hit.fields ?? {};
      out.set(idOf(hit)!, fields);
      const digest = digestOf(hit);
      if (digest !== undefined) this.cache?.set(digest, fields);
    }
    return out;
  }
}
