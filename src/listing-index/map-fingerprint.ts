// A fingerprint of a search's map listings, counted by the engine beside the facets: how many matches
// carry a map digest, and the sum of their digests. A digest covers every map field of a listing, so
// a listing that matches anew, stops matching or changes a map field changes the fingerprint, and the
// whole map array kept for the old one is no longer used (see listing-search/map-listing-cache.ts).
import { MAP_DIGEST_FIELD } from './document/map-listing-fields.ts';

export const MAP_FINGERPRINT_AGGS = {
  _mapCount: { value_count: { field: MAP_DIGEST_FIELD } },
  _mapSum: { sum: { field: MAP_DIGEST_FIELD } },
};

interface MetricValue {
  value?: number | null;
}

/** The fingerprint in the aggregations of a request that asked for MAP_FINGERPRINT_AGGS; null if absent. */
export function readMapFingerprint(aggregations: Record<string, unknown> | undefined): string | null {
  const count = (aggregations?._mapCount as MetricValue | undefined)?.value;
  const sum = (aggregations?._mapSum as MetricValue | undefined)?.value;
  return typeof count === 'number' && typeof sum === 'number' ? `${count}:${sum}` : null;
}
