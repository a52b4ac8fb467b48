// The documents a small write replaces and writes, cut down to what a kept search answer's counts read
// (the filters the predicate mirrors, each property's facet tokens, the map digest, whether it is
// featured), carried with the write's announcement so that every instance can update its kept answers
// by the listing's contributions before and after (listing-search/answer-delta.ts) instead of
// discarding them. Sent as raw deflate in base64url; a write whose documents do not fit goes without.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { PREDICATE_SOURCE_FIELDS, PROPERTY_FIELD_KINDS } from './predicate/listing-predicate.ts';
import { FACET_TOKENS_FIELD } from './document/facet-tokens.ts';
import { MAP_DIGEST_FIELD } from './document/map-listing-fields.ts';

/** One listing a write changes: its document before and after, as DELTA_FIELDS select them (null: none). */
export interface DocumentChange {
  id: number;
  before: Record<string, unknown> | null;
  /** the external version of `before` (null: none) */
  beforeVersion: number | null;
  after: Record<string, unknown> | null;
  /** the version written (null: a removal without one, which removes whatever is there) */
  afterVersion: number | null;
}

const LISTING_FIELDS = [...PREDICATE_SOURCE_FIELDS.filter((f) => f !== 'properties' && f !== 'keywordText'), MAP_DIGEST_FIELD, 'displayAs'];
const PROPERTY_FIELDS = [...Object.keys(PROPERTY_FIELD_KINDS), FACET_TOKENS_FIELD.slice('properties.'.length)];

/** The source fields a realtime mget asks for (the engine's source filtering keeps these paths). */
export const DELTA_FIELDS = [...LISTING_FIELDS, ...PROPERTY_FIELDS.map((f) => `properties.${f}`)];

/** A document cut to DELTA_FIELDS as the engine's source filtering would cut it. */
export function deltaSourceOf(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of LISTING_FIELDS) if (doc[f] !== undefined) out[f] = doc[f];
  const props = doc.properties;
  if (props !== undefined) out.properties = (Array.isArray(props) ? props : [props]).map((p) => pick(p as Record<string, unknown>, PROPERTY_FIELDS));
  return out;
}

function pick(o: Record<string, unknown> | null, fields: readonly string[]): Record<string, unknown> | null {
  if (o === null || typeof o !== 'object') return o;
  const out: Record<string, unknown> = {};
  for (const f of fields) if (o[f] !== undefined) out[f] = o[f];
  return out;
}

/** The changes as announcement text; undefined when longer than `maxChars`. */
export function encodeChanges(changes: readonly DocumentChange[], maxChars: number): string | undefined {
  const text = deflateRawSync(Buffer.from(JSON.stringify(changes))).toString('base64url');
  return text.length > maxChars ? undefined : text;
}

/** The changes of an announcement's text; null when it cannot be read. */
export function decodeChanges(text: string): DocumentChange[] | null {
  try {
    const changes = JSON.parse(inflateRawSync(Buffer.from(text, 'base64url')).toString('utf8')) as unknown;
    if (!Array.isArray(changes)) return null;
    const version = (v: unknown) => v === null || typeof v === 'number';
    for (const c of changes as DocumentChange[]) if (!c || typeof c.id !== 'number' || !('before' in c) || !('after' in c) || !version(c.beforeVersion) || !version(c.afterVersion)) return null;
    return changes as DocumentChange[];
  } catch {
    return null;
  }
}
