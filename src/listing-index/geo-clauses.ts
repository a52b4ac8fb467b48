// Clauses on a listing's point (`location`, a geo_point).
import type { Rect } from '../places/geo.ts';

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** The listing's point inside the rectangle. */
export function inRectClause(rect: Rect): object {
  return { geo_bounding_box: { location: { top_left: { lat: rect.north, lon: rect.west }, bottom_right: { lat: rect.south, lon: rect.east } } } };
}

/** The listing's point inside a polygon (GeoJSON ring, [lon, lat] pairs): a `geo_shape` query works on a geo_point. */
export function inPolygonClause(ring: number[][]): object {
  return { geo_shape: { location: { shape: { type: 'polygon', coordinates: [ring] }, relation: 'intersects' } } };
}

/** The listing's point within this many miles of a point. */
export function withinMilesClause(miles: number, point: GeoPoint): object {
  return { geo_distance: { distance: `${miles}mi`, location: point } };
}
