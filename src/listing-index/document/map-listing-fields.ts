// The document fields map listings are made from (read as doc values), and a digest of their values
// stored with each document: a search asks the engine for ids and digests only, and the map listing
// data of a digest seen before comes from memory (see listing-search/map-listing-cache.ts).
import { createHash } from 'node:crypto';

export const MAP_DIGEST_FIELD = 'mapDigest';

const BASIC = ['id', 'name.raw', 'slug', 'schemes', 'latitude', 'longitude'];

export const MAP_FIELDS = {
  basic: BASIC,
  extended: [
    ...BASIC,
    'mainImage.largeSize',
    'mainImage.mediumSize',
    'mainImage.thumbnail',
    'propertyType',
    'availabilityStatus',
    'displayAs',
    'displayAddress',
    'bedrooms',
    'forSale',
    'isSharedOwnership',
    'minFullMarketPrice',
    'minShareValue',
    'minMonthlyRent',
  ],
};

/** The value of a doc-value path in a document (`name.raw` is the keyword form of `name`). */
function valueAt(doc: Record<string, unknown>, path: string): unknown {
  let value: unknown = doc;
  for (const key of path.replace(/\.raw$/, '').split('.')) value = value === null || value === undefined ? null : (value as Record<string, unknown>)[key];
  return value ?? null;
}

/** A 52-bit digest (exact as a JSON number) of every map field's value: equal digests, equal map data. */
export function mapDigestOf(doc: Record<string, unknown>): number {
  const values = MAP_FIELDS.extended.map((path) => valueAt(doc, path));
  return parseInt(createHash('sha1').update(JSON.stringify(values)).digest('hex').slice(0, 13), 16);
}
