// Imports the ONS postcode lookup CSV (ONSPD/NSPL layout): live postcodes with their local authority
// and coordinates. Columns are found by header name, so the full directory and extracts both work.
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import type { PrismaClient } from '../db/prisma.ts';
import { normalisePostcode, postcodeDistrict } from './postcode-format.ts';

export interface PostcodeImportResult {
  imported: number;
  skippedTerminated: number;
  skippedUnknownAuthority: number;
  skippedInvalid: number;
}

const COLUMN_CHOICES = {
  postcode: ['pcds', 'pcd2', 'pcd'],
  terminated: ['doterm'],
  authority: ['oslaua', 'laua', 'lad25cd', 'lad24cd', 'lad23cd', 'lad22cd', 'lad21cd'],
  latitude: ['lat'],
  longitude: ['long', 'lng'],
} as const;

const BATCH = 2000;

export async function importPostcodes(prisma: PrismaClient, csvPath: string): Promise<PostcodeImportResult> {
  const authorities = new Map((await prisma.localAuthority.findMany({ select: { id: true, code: true } })).map((a) => [a.code, a.id]));
  const result: PostcodeImportResult = { imported: 0, skippedTerminated: 0, skippedUnknownAuthority: 0, skippedInvalid: 0 };
  const parser = createReadStream(csvPath).pipe(parse({ columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), bom: true }));
  let columns: Record<keyof typeof COLUMN_CHOICES, string> | null = null;
  let batch: { postcode: string; district: string; localAuthorityId: number; latitude: number; longitude: number }[] = [];

  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await prisma.$executeRawUnsafe(
      `INSERT INTO "Postcode" ("postcode", "district", "localAuthorityId", "latitude", "longitude")
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::float8[], $5::float8[])
       ON CONFLICT ("postcode") DO UPDATE SET "district" = EXCLUDED."district",
         "localAuthorityId" = EXCLUDED."localAuthorityId", "latitude" = EXCLUDED."latitude", "longitude" = EXCLUDED."longitude"`,
      rows.map((r) => r.postcode),
      rows.map((r) => r.district),
      rows.map((r) => r.localAuthorityId),
      rows.map((r) => r.latitude),
      rows.map((r) => r.longitude),
    );
    result.imported += rows.length;
  };

  for await (const record of parser as AsyncIterable<Record<string, string>>) {
    columns ??= resolveColumns(Object.keys(record));
    const postcode = normalisePostcode(record[columns.postcode] ?? '');
    const latitude = Number(record[columns.latitude]);
    const longitude = Number(record[columns.longitude]);
    if (!postcode || !Number.isFinite(latitude) || !Number.isFinite(longitude) || latitude > 90) {
      result.skippedInvalid++;
      continue;
    }
    if ((record[columns.terminated] ?? '').trim() !== '') {
      result.skippedTerminated++;
      await prisma.postcode.deleteMany({ where: { postcode } });
      continue;
    }
    const localAuthorityId = authorities.get((record[columns.authority] ?? '').trim());
    if (localAuthorityId === undefined) {
      result.skippedUnknownAuthority++;
      continue;
    }
    batch.push({ postcode, district: postcodeDistrict(postcode), localAuthorityId, latitude, longitude });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return result;
}

function resolveColumns(headers: string[]): Record<keyof typeof COLUMN_CHOICES, string> {
  const pick = (key: keyof typeof COLUMN_CHOICES): string => {
    const found = COLUMN_CHOICES[key].find((name) => headers.includes(name));
    if (!found) throw new Error(`postcode CSV lacks a ${key} column (one of ${COLUMN_CHOICES[key].join(', ')})`);
    return found;
  };
  return { postcode: pick('postcode'), terminated: pick('terminated'), authority: pick('authority'), latitude: pick('latitude'), longitude: pick('longitude') };
}
