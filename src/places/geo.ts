// Small geometry for place rectangles: centres, unions and expansion by a radius in miles.
export interface LatLng {
  lat: number;
  lng: number;
}

export interface Rect {
  north: number;
  south: number;
  east: number;
  west: number;
}

const MILES_PER_DEGREE_LAT = 69.0;

export const UK_RECT: Rect = { north: 60.86, south: 49.86, east: 1.77, west: -8.65 };
export const UK_CENTER: LatLng = { lat: 54.0, lng: -2.5 };

export function centerOf(r: Rect): LatLng {
  return { lat: (r.north + r.south) / 2, lng: (r.east + r.west) / 2 };
}

export function union(a: Rect, b: Rect): Rect {
  return { north: Math.max(a.north, b.north), south: Math.min(a.south, b.south), east: Math.max(a.east, b.east), west: Math.min(a.west, b.west) };
}

/** A square of `halfMiles` around a point. */
export function around(p: LatLng, halfMiles: number): Rect {
  return expand({ north: p.lat, south: p.lat, east: p.lng, west: p.lng }, halfMiles);
}

export function expand(r: Rect, miles: number): Rect {
  if (miles <= 0) return r;
  const dLat = miles / MILES_PER_DEGREE_LAT;
  const midLat = (r.north + r.south) / 2;
  const dLng = miles / (MILES_PER_DEGREE_LAT * Math.cos((midLat * Math.PI) / 180));
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    north: round(Math.min(90, r.north + dLat)),
    south: round(Math.max(-90, r.south - dLat)),
    east: round(Math.min(180, r.east + dLng)),
    west: round(Math.max(-180, r.west - dLng)),
  };
}

export function distanceMiles(a: LatLng, b: LatLng): number {
  const R = 3958.8;
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}
