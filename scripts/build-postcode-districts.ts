// Writes prisma/data/postcode-districts.csv, the centre and extent of every UK postcode district, from
//   - OS Code-Point Open (Great Britain): one CSV per postcode area, with or without gzip, whose rows start
//     postcode, positional quality, easting, northing (the full product's layout and trimmed extracts both);
//   - the GeoNames postal codes of GB (GB.txt, tab-separated): Northern Ireland's districts, which
//     Code-Point Open does not cover, and a place name and area for every district.
// Usage: tsx scripts/build-postcode-districts.ts <code-point CSV folder> <GB.txt> [out.csv]
// A district's centre is the mean of its postcodes' points, its extent their bounding box (Great Britain;
// W1, EC1 and the other districts now split into lettered ones (W1A, W1B, ...) take their parts' postcodes);
// in Northern Ireland, the mean and box of the GeoNames places of the best accuracy given for it.
import { createReadStream, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { osgbToWgs84 } from '../src/postcodes/grid-references.ts';
import { POSTCODE_DISTRICTS_FILE } from '../src/places/postcode-districts.ts';

interface Acc {
  n: number;
  lat: number;
  lng: number;
  south: number;
  north: number;
  west: number;
  east: number;
}

const OUTWARD = /^([A-Z]{1,2}[0-9][A-Z0-9]?) ?[0-9][A-Z]{2}$/;
/** Code-Point Open's quality for a postcode with no coordinates. */
const NO_COORDINATES = 90;

/** `a` (a new one when undefined) with the point added. */
function widened(a: Acc | undefined, lat: number, lng: number): Acc {
  a ??= { n: 0, lat: 0, lng: 0, south: 90, north: -90, west: 180, east: -180 };
  a.n++;
  a.lat += lat;
  a.lng += lng;
  a.south = Math.min(a.south, lat);
  a.north = Math.max(a.north, lat);
  a.west = Math.min(a.west, lng);
  a.east = Math.max(a.east, lng);
  return a;
}

async function codePoint(dir: string): Promise<Map<string, Acc>> {
  const acc = new Map<string, Acc>();
  for (const file of readdirSync(dir)
    .filter((f) => /\.csv(\.gz)?$/i.test(f))
    .sort()) {
    const raw = createReadStream(path.join(dir, file));
    const lines = readline.createInterface({ input: file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw, crlfDelay: Infinity });
    for await (const line of lines) {
      const [postcode = '', quality, easting, northing] = line.split(',').map((c) => c.replace(/"/g, '').trim());
      const m = OUTWARD.exec(postcode.replace(/\s+/g, ' ').replace(/^(\S+?)\s*(\d[A-Z]{2})$/, '$1 $2'));
      if (!m || Number(quality) === NO_COORDINATES) continue;
      const [e, n] = [Number(easting), Number(northing)];
      if (!(e > 0 && n > 0)) continue;
      const { lat, lng } = osgbToWgs84(e, n);
      acc.set(m[1]!, widened(acc.get(m[1]!), lat, lng));
    }
  }
  return acc;
}

interface GeoNamesDistrict {
  place: string;
  area: string;
  acc: Map<number, Acc>;
}

function geoNames(file: string): Map<string, GeoNamesDistrict> {
  const out = new Map<string, GeoNamesDistrict>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const f = line.split('\t');
    if (f.length < 11 || f[0] !== 'GB') continue;
    const [district, place, area, lat, lng, accuracy] = [f[1]!, f[2]!, f[5] ?? '', Number(f[9]), Number(f[10]), Number(f[11] || 0)];
    if (!/^[A-Z]{1,2}[0-9][A-Z0-9]?$/.test(district) || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    const d = out.get(district) ?? { place, area, acc: new Map() };
    d.acc.set(accuracy, widened(d.acc.get(accuracy), lat, lng));
    out.set(district, d);
  }
  return out;
}

const round = (x: number) => Math.round(x * 1e5) / 1e5;
const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

async function main(): Promise<void> {
  const [cpDir, gbFile, outFile = POSTCODE_DISTRICTS_FILE] = process.argv.slice(2);
  if (!cpDir || !gbFile) throw new Error('usage: build-postcode-districts <code-point CSV folder> <GB.txt> [out.csv]');
  const gb = await codePoint(cpDir);
  const names = geoNames(gbFile);
  // a district people still name whose postcodes all carry a letter now: W1 of W1A to W1W, EC1 of EC1A to EC1Y
  for (const district of names.keys()) {
    const parts = [...gb.keys()].filter((d) => d.length === district.length + 1 && d.startsWith(district) && /[A-Z]$/.test(d));
    if (gb.has(district) || parts.length === 0) continue;
    gb.set(
      district,
      parts
        .map((d) => gb.get(d)!)
        .reduce((a, b) => ({
          n: a.n + b.n,
          lat: a.lat + b.lat,
          lng: a.lng + b.lng,
          south: Math.min(a.south, b.south),
          north: Math.max(a.north, b.north),
          west: Math.min(a.west, b.west),
          east: Math.max(a.east, b.east),
        })),
    );
  }
  const rows: string[] = [];
  const districts = new Set([...gb.keys(), ...[...names.keys()].filter((d) => d.startsWith('BT'))]);
  for (const district of [...districts].sort()) {
    const named = names.get(district);
    let a = gb.get(district);
    if (!a && named) a = named.acc.get(Math.max(...named.acc.keys()))!;
    if (!a) continue;
    const cells = [district, a.lat / a.n, a.lng / a.n, a.south, a.west, a.north, a.east].map((v) =>
      typeof v === 'number' ? String(round(v)) : v,
    );
    rows.push([...cells, quote(named?.place ?? ''), quote(named?.area ?? '')].join(','));
  }
  writeFileSync(outFile, `district,latitude,longitude,south,west,north,east,place,area\n${rows.join('\n')}\n`);
  console.log(`${rows.length} districts written to ${outFile}`);
}

await main();
