// The search envelope. Pages after the first carry only data, pagination and links unless the portal
// asks for the full envelope; facets and map listings are left out when the portal turns them off.
import { paginated } from '../core/envelope.ts';
import type { PostcodePoint } from '../places/postcode-point.ts';
import type { SearchOutcome } from './search-service.ts';
import type { SearchEnvelopePayload } from './search-payload.ts';
import { RawJsonArray } from './raw-json.ts';

/** The envelope with its items and map listings as JSON text (spliced in as they are, raw-json.ts). */
export type PresentedSearch = Omit<SearchEnvelopePayload, 'data' | 'mapListings'> & { data: string[]; mapListings?: RawJsonArray };

export function presentSearch(outcome: SearchOutcome, page: { page: number; size: number }, url: URL): PresentedSearch {
  const envelope = paginated(outcome.items, page, outcome.total, url);
  if (!outcome.full) return envelope;
  return {
    ...envelope,
    center: outcome.area.center,
    rectBounds: outcome.area.rectBounds,
    clearLocation: outcome.area.clearLocation,
    place: outcome.area.place ?? null,
    home: placed(outcome.person.home),
    work: placed(outcome.person.work),
    ...(outcome.mapListings ? { mapListings: outcome.mapListings } : {}),
    ...(outcome.facets ? { facets: outcome.facets } : {}),
    sortOptions: outcome.sortOptions,
  };
}

/** The map listings of a search alone: `{data: [map listings]}`. */
export function presentMapListings(outcome: SearchOutcome): { data: RawJsonArray } {
  return { data: outcome.mapListings ?? RawJsonArray.of([]) };
}

/** The envelope's `home` and `work`: the postcode used and its point. */
const placed = (point: PostcodePoint | null) => point && { postcode: point.postcode, latitude: point.latitude, longitude: point.longitude };
