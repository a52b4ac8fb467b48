// A polygon drawn on the map, from its text `lat,lng;lat,lng;...` (closed implicitly): validated, with
// its ring counter-clockwise as the engine expects, its centroid and its bounding box. Pure.
// Edges are straight lines in latitude and longitude, as the engine draws them.
import type { LatLng, Rect } from '../places/geo.ts';

export const MIN_VERTICES = 3;
export const MAX_VERTICES = 100;

const NUMBER = '[-+]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)';
// ASCII white space only, as the OpenAPI patterns say (`\s` differs between regular expression engines)
const SPACE = '[ \\t\\r\\n]*';
const PAIR = `${SPACE}${NUMBER}${SPACE},${SPACE}${NUMBER}${SPACE}`;
/** the textual form: pairs of numbers `lat,lng` separated by `;` (ASCII white space allowed around either) */
export const AREA_PATTERN = `^${PAIR}(?:;${PAIR})*$`;
const WHOLE = new RegExp(AREA_PATTERN);

export interface AreaPolygon {
  /** the ring, counter-clockwise, without repeating its first vertex */
  vertices: LatLng[];
  centroid: LatLng;
  bounds: Rect;
}

export type AreaParse = { polygon: AreaPolygon; error?: undefined } | { polygon?: undefined; error: string };

/** The polygon of an `area` text, or why it is refused. */
export function parseAreaPolygon(text: string): AreaParse {
  if (!WHOLE.test(text)) return { error: 'area must be lat,lng pairs separated by semicolons' };
  const given = text.split(';').map((pair) => {
    const [lat, lng] = pair.split(',').map(Number) as [number, number];
    return { lat, lng };
  });
  if (given.length > MAX_VERTICES + 1) return { error: `area must have at most ${MAX_VERTICES} vertices` };
  if (given.some((v) => !Number.isFinite(v.lat) || Math.abs(v.lat) > 90)) return { error: 'area latitudes must be between -90 and 90' };
  if (given.some((v) => !Number.isFinite(v.lng) || Math.abs(v.lng) > 180)) return { error: 'area longitudes must be between -180 and 180' };
  // a vertex repeated at once (a double click), or the first repeated at the end (an explicit close), adds no edge
  const vertices = given.filter((v, i) => !same(v, given[(i + 1) % given.length]!));
  if (vertices.length === 0) vertices.push(given[0]!);
  if (vertices.length < MIN_VERTICES) return { error: `area must have at least ${MIN_VERTICES} vertices` };
  if (vertices.length > MAX_VERTICES) return { error: `area must have at most ${MAX_VERTICES} vertices` };
  const bounds = boundsOf(vertices);
  // the engine reads a ring as crossing the antimeridian when it spans 180 degrees of longitude or more
  if (bounds.east - bounds.west >= 180) return { error: 'area must span less than 180 degrees of longitude' };
  if (selfIntersects(vertices)) return { error: 'area must not cross or touch itself' };
  const doubleArea = signedDoubleArea(vertices);
  if (doubleArea === 0) return { error: 'area must enclose a surface' };
  const ring = doubleArea > 0 ? vertices : [...vertices].reverse();
  return { polygon: { vertices: ring, centroid: centroidOf(ring, doubleArea > 0 ? doubleArea : -doubleArea), bounds } };
}

/** The ring as GeoJSON coordinates, `[lng, lat]`, closed (the engine's `geo_shape` polygon). */
export function geoJsonRing(polygon: AreaPolygon): [number, number][] {
  const ring = polygon.vertices.map((v): [number, number] => [v.lng, v.lat]);
  return [...ring, ring[0]!];
}

const same = (a: LatLng, b: LatLng) => a.lat === b.lat && a.lng === b.lng;

function boundsOf(vertices: LatLng[]): Rect {
  const lats = vertices.map((v) => v.lat);
  const lngs = vertices.map((v) => v.lng);
  return { north: Math.max(...lats), south: Math.min(...lats), east: Math.max(...lngs), west: Math.min(...lngs) };
}

/** Twice the signed area (shoelace, x = lng, y = lat): positive when counter-clockwise. */
function signedDoubleArea(v: LatLng[]): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) {
    const a = v[i]!;
    const b = v[(i + 1) % v.length]!;
    sum += a.lng * b.lat - b.lng * a.lat;
  }
  return sum;
}

/** The centroid of the surface (not of the vertices), for a counter-clockwise ring. */
function centroidOf(v: LatLng[], doubleArea: number): LatLng {
  // relative to the first vertex, so that the products stay small and precise
  const o = v[0]!;
  let lat = 0;
  let lng = 0;
  for (let i = 0; i < v.length; i++) {
    const a = { x: v[i]!.lng - o.lng, y: v[i]!.lat - o.lat };
    const b = { x: v[(i + 1) % v.length]!.lng - o.lng, y: v[(i + 1) % v.length]!.lat - o.lat };
    const cross = a.x * b.y - b.x * a.y;
    lng += (a.x + b.x) * cross;
    lat += (a.y + b.y) * cross;
  }
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { lat: round(o.lat + lat / (3 * doubleArea)), lng: round(o.lng + lng / (3 * doubleArea)) };
}

/** The sign of the turn a → b → c: 1 left, -1 right, 0 collinear. */
function orientation(a: LatLng, b: LatLng, c: LatLng): number {
  const cross = (b.lng - a.lng) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lng - a.lng);
  return Math.sign(cross);
}

/** Whether c, collinear with a and b, lies on the segment ab (ends included). */
function onSegment(a: LatLng, b: LatLng, c: LatLng): boolean {
  return Math.min(a.lng, b.lng) <= c.lng && c.lng <= Math.max(a.lng, b.lng) && Math.min(a.lat, b.lat) <= c.lat && c.lat <= Math.max(a.lat, b.lat);
}

/** Whether the segments ab and cd share any point (crossing, touching or overlapping). */
export function segmentsIntersect(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4 && o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/**
 * Whether any two edges of the ring meet anywhere but at the vertex that joins neighbours: edges apart
 * may not share a point; neighbours may not fold back over each other (collinear overlap).
 */
function selfIntersects(v: LatLng[]): boolean {
  const n = v.length;
  const edge = (i: number): [LatLng, LatLng] => [v[i]!, v[(i + 1) % n]!];
  for (let i = 0; i < n; i++) {
    const [a, b] = edge(i);
    for (let j = i + 1; j < n; j++) {
      const [c, d] = edge(j);
      if (j === i + 1) {
        // shared vertex b === c: overlap when a lies on cd or d on ab (folding back)
        if ((orientation(a, b, d) === 0 && onSegment(a, b, d)) || (orientation(c, d, a) === 0 && onSegment(c, d, a))) return true;
      } else if (i === 0 && j === n - 1) {
        // shared vertex a === d
        if ((orientation(a, b, c) === 0 && onSegment(a, b, c)) || (orientation(c, d, b) === 0 && onSegment(c, d, b))) return true;
      } else if (segmentsIntersect(a, b, c, d)) {
        return true;
      }
    }
  }
  return false;
}
