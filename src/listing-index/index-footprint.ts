// What a write can change of the listing index, and what of it a search reads, so that a kept search
// answer can outlive a change that cannot touch it (listing-search/search-response-memo.ts).
// - The footprint of a write: each listing document it replaces or writes, as the search's
//   always-applied clauses see it (live, for sale or to rent, its point and its areas); a document that
//   is not live passes no search and leaves none.
// - The scope of a search: those clauses (search-filters.ts, the ones no facet leaves out). Every part
//   of a search's answer (the page, the counts, the map, the featured pool) is a function of the
//   documents that pass them, each read on its own. So when neither the document a write replaces nor
//   the one it writes is in a search's scope, the engine's answer to that search is the same after the
//   write. Keyword relevance is the exception: its scores read the whole index's term statistics, so a
//   search sorted by it has no scope (every change may touch it).
import type { Rect } from '../places/geo.ts';
import type { AreaType } from './listing-clauses.ts';

/** The fields of a listing document a footprint reads (document/listing-document.ts). */
export interface FootprintSource {
  live?: boolean;
  forSale?: boolean;
  location?: { lat: number; lon: number } | null;
  localAuthorityId?: number | null;
  countyId?: number | null;
  regionId?: number | null;
}

export interface SearchScope {
  forSale: boolean;
  /** a rectangle holding every point the search's where clause accepts, or the area whose listings it takes */
  where: { rect: Rect } | { area: AreaType; id: number };
}

/** Fields an mget of the documents a write replaces asks for. */
export const FOOTPRINT_FIELDS = ['live', 'forSale', 'location', 'localAuthorityId', 'countyId', 'regionId'];

/** the most text a footprint may take: it travels in a NOTIFY payload (8,000 bytes) with its announcement */
export const MAX_FOOTPRINT_CHARS = 7_000;

// Stored points are rounded to six decimals here (about 0.1 m) and the engine quantises its own (to
// about 1e-7 degrees): a rectangle is widened by this much before a point is tested against it.
const EPSILON_DEGREES = 1e-5;

const ids = (d: FootprintSource) => [d.localAuthorityId, d.countyId, d.regionId].map((v) => (typeof v === 'number' ? String(v) : '')).join(',');
const point = (d: FootprintSource) => (d.location ? `${d.location.lat.toFixed(6)},${d.location.lon.toFixed(6)}` : ',');

/**
 * The footprint of documents replaced or written, as text (`s|r lat,lon,la,county,region` a live
 * document, `;` between them); undefined when it would be longer than MAX_FOOTPRINT_CHARS (the change
 * is then taken to touch every search).
 */
export function footprintOf(docs: Iterable<FootprintSource | null | undefined>): string | undefined {
  const entries = new Set<string>();
  for (const d of docs) {
    if (!d || d.live !== true) continue;
    entries.add(`${d.forSale ? 's' : 'r'}${point(d)},${ids(d)}`);
  }
  const text = [...entries].join(';');
  return text.length > MAX_FOOTPRINT_CHARS ? undefined : text;
}

interface FootprintEntry {
  forSale: boolean;
  lat: number;
  lon: number;
  area: Record<AreaType, number>;
}

const AREA_ORDER: AreaType[] = ['local_authority', 'county', 'region'];

/** The entries of a footprint's text; null when it cannot be read (taken to touch every search). */
export function readFootprint(text: string): FootprintEntry[] | null {
  if (text === '') return [];
  const entries: FootprintEntry[] = [];
  for (const part of text.split(';')) {
    const kind = part[0];
    const fields = part.slice(1).split(',');
    if ((kind !== 's' && kind !== 'r') || fields.length !== 5) return null;
    const [lat, lon, ...areas] = fields.map((f) => (f === '' ? NaN : Number(f)));
    const area = {} as Record<AreaType, number>;
    AREA_ORDER.forEach((type, i) => (area[type] = areas[i]!));
    entries.push({ forSale: kind === 's', lat: lat!, lon: lon!, area });
  }
  return entries;
}

function inRect(rect: Rect, lat: number, lon: number): boolean {
  // a point the document lacks passes no geo clause
  if (Number.isNaN(lat) || Number.isNaN(lon)) return false;
  if (lat > rect.north + EPSILON_DEGREES || lat < rect.south - EPSILON_DEGREES) return false;
  // the engine reads a rectangle whose west lies east of its east as crossing the antimeridian
  if (rect.west <= rect.east) return lon >= rect.west - EPSILON_DEGREES && lon <= rect.east + EPSILON_DEGREES;
  return lon >= rect.west - EPSILON_DEGREES || lon <= rect.east + EPSILON_DEGREES;
}

/** Whether any document of the footprint is within the scope (null footprint: unknown, so yes). */
export function touches(scope: SearchScope, footprint: readonly FootprintEntry[] | null): boolean {
  if (footprint === null) return true;
  for (const e of footprint) {
    if (e.forSale !== scope.forSale) continue;
    if ('rect' in scope.where ? inRect(scope.where.rect, e.lat, e.lon) : e.area[scope.where.area] === scope.where.id) return true;
  }
  return false;
}
