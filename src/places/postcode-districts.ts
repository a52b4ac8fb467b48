// Every UK postcode district (outward code) with its centre and extent, from prisma/data/postcode-districts.csv
// (OS Code-Point Open for Great Britain, GeoNames for Northern Ireland; the sources and their licences are in
// prisma/data/README.md). The gazetteer takes them as they are, and widens them by the imported postcodes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { PROJECT_ROOT } from '../core/project-root.ts';
import type { LatLng, Rect } from './geo.ts';

export const POSTCODE_DISTRICTS_FILE = path.join(PROJECT_ROOT, 'prisma/data/postcode-districts.csv');

export interface PostcodeDistrict {
  /** the outward code, e.g. "LS1" */
  district: string;
  center: LatLng;
  rect: Rect;
  /** a place in the district, e.g. "Leeds" (empty when the data names none) */
  place: string;
  /** the county or council area it lies in, e.g. "West Yorkshire" (may be empty) */
  area: string;
}

export function readPostcodeDistricts(file = POSTCODE_DISTRICTS_FILE): PostcodeDistrict[] {
  const rows = parse(readFileSync(file), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((r) => ({
    district: r.district!,
    center: { lat: Number(r.latitude), lng: Number(r.longitude) },
    rect: { south: Number(r.south), west: Number(r.west), north: Number(r.north), east: Number(r.east) },
    place: r.place ?? '',
    area: r.area ?? '',
  }));
}
