// What each reader fetches of a hit. Listing items are kept as stored fields beside `_source`
// (document/listing-item-field.ts, document/presented-item.ts): fetching them costs a fraction of
// `_source` filtering, which parses each whole document to pick a few fields out of it.
import { ITEM_FIELD } from './document/listing-item-field.ts';
import { ITEM_PIECES_FIELD, PARTNERS_FIELD } from './document/presented-item.ts';
import { ITEM_FACTS_FIELD } from './document/listing-costs.ts';
import { MAP_DIGEST_FIELD, MAP_FIELDS } from './document/map-listing-fields.ts';

/** The stored item of each hit and its facts (listing-costs.ts), and nothing else. */
export const ITEM_ONLY = { _source: false, stored_fields: [ITEM_FIELD, ITEM_FACTS_FIELD] };

/** Each hit's presented item (a search page's), partners and facts, and nothing else. */
export const PRESENTED_ITEM_ONLY = { _source: false, stored_fields: [ITEM_PIECES_FIELD, PARTNERS_FIELD, ITEM_FACTS_FIELD] };

/**
 * Doc values only: loading the stored fields of up to a thousand hits, even just their _id, costs several
 * times the search itself (map listings and the featured pool).
 */
export const DOC_VALUES_ONLY = { _source: false, stored_fields: '_none_' };

/** Ids and map digests of map listings (listing-search/map-listing-cache.ts). */
export const MAP_IDS_AND_DIGESTS = { ...DOC_VALUES_ONLY, docvalue_fields: ['id', MAP_DIGEST_FIELD] };

/** The map listing fields of a payload, with the digest. */
export const mapListingFields = (payload: keyof typeof MAP_FIELDS) => ({ ...DOC_VALUES_ONLY, docvalue_fields: [...MAP_FIELDS[payload], MAP_DIGEST_FIELD] });

/** Ids alone (the featured pool). */
export const IDS_ONLY = { ...DOC_VALUES_ONLY, docvalue_fields: ['id'] };
