// Where a search looks: a drawn polygon (its centroid and bounding box), a resolved place expanded by
// the radius, a region, county or local authority with radius 0 ("this area only": the listings of its
// local authorities, in its own rectangle; with a radius above 0 it is a place like any other, its
// rectangle expanded by the radius), an echoed previous resolution, or the whole United Kingdom (with
// clearLocation false when the text could not be resolved).
import { isArea, type AreaKind, type PlaceResolver } from '../places/gazetteer.ts';
import { UK_CENTER, UK_RECT, expand, type LatLng, type Rect } from '../places/geo.ts';
import { placeReference, type SuggestionType } from '../places/place-suggestions.ts';
import type { SearchParams } from './search-params.ts';

export interface SearchArea {
  center: LatLng;
  rectBounds: Rect;
  clearLocation: boolean;
  /** the place `location` was understood as, named as its autocomplete suggestion is; null when none */
  place?: { id: string; type: SuggestionType; name: string } | null;
  /** a region, county or local authority searched with radius 0: the search filters on its id instead of the rectangle */
  within?: { kind: AreaKind; id: number } | null;
  /** the place was resolved before the national postcode file was in: what is kept of it is worked out again */
  provisional?: boolean;
}

const nowhere = { place: null, within: null };

export async function resolveArea(p: SearchParams, gazetteer: PlaceResolver): Promise<SearchArea> {
  // a drawn polygon wins over the location, its radius and any echo (the filter is the polygon itself)
  if (p.polygon) return { center: p.polygon.centroid, rectBounds: p.polygon.bounds, clearLocation: true, ...nowhere };
  const { lat, lng, north, south, east, west } = p;
  if (lat !== null && lng !== null && north !== null && south !== null && east !== null && west !== null) {
    return { center: { lat, lng }, rectBounds: { north, south, east, west }, clearLocation: true, ...nowhere };
  }
  if (!p.location.trim()) return { center: UK_CENTER, rectBounds: UK_RECT, clearLocation: true, ...nowhere };
  const [place, complete] = await Promise.all([gazetteer.resolve(p.location), gazetteer.complete?.() ?? true]);
  const provisional = complete ? {} : { provisional: true };
  if (!place) return { center: UK_CENTER, rectBounds: UK_RECT, clearLocation: false, ...nowhere, ...provisional };
  if (isArea(place) && p.radius === 0) return { center: place.center, rectBounds: place.rect, clearLocation: true, place: placeReference(place), within: { kind: place.kind, id: place.areaId }, ...provisional };
  return { center: place.center, rectBounds: expand(place.rect, p.radius), clearLocation: true, place: placeReference(place), within: null, ...provisional };
}
