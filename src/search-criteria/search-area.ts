// Where a search looks: a drawn polygon (its centroid and bounding box), a resolved place expanded by
// the radius, an echoed previous resolution, or the whole United Kingdom (with clearLocation false when
// the text could not be resolved).
import type { PlaceResolver } from '../places/gazetteer.ts';
import { UK_CENTER, UK_RECT, expand, type LatLng, type Rect } from '../places/geo.ts';
import type { SearchParams } from './search-params.ts';

export interface SearchArea {
  center: LatLng;
  rectBounds: Rect;
  clearLocation: boolean;
}

export async function resolveArea(p: SearchParams, gazetteer: PlaceResolver): Promise<SearchArea> {
  // a drawn polygon wins over the location, its radius and any echo (the filter is the polygon itself)
  if (p.polygon) return { center: p.polygon.centroid, rectBounds: p.polygon.bounds, clearLocation: true };
  const { lat, lng, north, south, east, west } = p;
  if (lat !== null && lng !== null && north !== null && south !== null && east !== null && west !== null) {
    return { center: { lat, lng }, rectBounds: { north, south, east, west }, clearLocation: true };
  }
  if (!p.location.trim()) return { center: UK_CENTER, rectBounds: UK_RECT, clearLocation: true };
  const place = await gazetteer.resolve(p.location);
  if (!place) return { center: UK_CENTER, rectBounds: UK_RECT, clearLocation: false };
  return { center: place.center, rectBounds: expand(place.rect, p.radius), clearLocation: true };
}
