// Loads the national postcode file into "NationalPostcode" with COPY: into a table of its own first, indexed
// there, then swapped in for the old one in one short transaction, so that lookups keep answering from the
// old rows (or none) while it loads and never see half a file. The version loaded is recorded in
// "ReferenceDataset"; a load of the version already there does nothing. An advisory lock keeps two loads
// of one database (two `npm test` runs) from racing.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { NATIONAL_POSTCODES_DATASET } from './postcode-lookup.ts';
import { nationalPostcodeFiles, readNationalPostcodes, type NationalPostcodeCounts } from './national-postcode-file.ts';

/** any number, the same in every process that loads the file */
const LOAD_LOCK = 3_920_271;
/** rows a chunk written to the COPY stream */
const CHUNK_ROWS = 5000;

export interface NationalPostcodeLoad extends NationalPostcodeCounts {
  version: string;
  skipped: boolean;
  seconds: number;
}

export interface LoadProgress {
  file: string;
  filesDone: number;
  files: number;
  rows: number;
}

/** The version of the national file the database holds, or null. */
export async function loadedVersion(client: pg.ClientBase): Promise<string | null> {
  const { rows } = await client.query<{ version: string }>(`SELECT version FROM "ReferenceDataset" WHERE name = $1`, [NATIONAL_POSTCODES_DATASET]);
  return rows[0]?.version ?? null;
}

export async function loadNationalPostcodes(
  databaseUrl: string,
  dir: string,
  version: string,
  onProgress: (p: LoadProgress) => void = () => undefined,
): Promise<NationalPostcodeLoad> {
  const started = Date.now();
  const counts: NationalPostcodeCounts = { read: 0, kept: 0, noGridReference: 0, noLocalAuthority: 0, invalid: 0 };
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'national-postcode-load' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOAD_LOCK]);
    if ((await loadedVersion(client)) === version) return { ...counts, version, skipped: true, seconds: 0 };
    const files = nationalPostcodeFiles(dir);
    await client.query('DROP TABLE IF EXISTS "NationalPostcode_load"');
    await client.query('CREATE TABLE "NationalPostcode_load" (LIKE "NationalPostcode" INCLUDING DEFAULTS)');
    const copy = client.query(copyFrom('COPY "NationalPostcode_load" ("postcode", "district", "localAuthorityCode", "latitude", "longitude") FROM STDIN'));
    await pipeline(Readable.from(copyLines(files, counts, onProgress)), copy);
    await client.query('ALTER TABLE "NationalPostcode_load" ADD CONSTRAINT "NationalPostcode_load_pkey" PRIMARY KEY ("postcode")');
    await client.query('CREATE INDEX "NationalPostcode_load_district_idx" ON "NationalPostcode_load" ("district")');
    await client.query('BEGIN');
    await client.query('DROP TABLE "NationalPostcode"');
    await client.query('ALTER TABLE "NationalPostcode_load" RENAME TO "NationalPostcode"');
    await client.query('ALTER TABLE "NationalPostcode" RENAME CONSTRAINT "NationalPostcode_load_pkey" TO "NationalPostcode_pkey"');
    await client.query('ALTER INDEX "NationalPostcode_load_district_idx" RENAME TO "NationalPostcode_district_idx"');
    await client.query(
      `INSERT INTO "ReferenceDataset" (name, version, rows, "loadedAt") VALUES ($1, $2, $3, now())
       ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, rows = EXCLUDED.rows, "loadedAt" = EXCLUDED."loadedAt"`,
      [NATIONAL_POSTCODES_DATASET, version, counts.kept],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE "NationalPostcode"');
    return { ...counts, version, skipped: false, seconds: Math.round((Date.now() - started) / 100) / 10 };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** The COPY text format, a chunk of rows at a time. Postcodes, codes and numbers hold no tab or backslash. */
function* copyLines(files: string[], counts: NationalPostcodeCounts, onProgress: (p: LoadProgress) => void): Generator<string> {
  let lines: string[] = [];
  for (const [index, file] of files.entries()) {
    for (const r of readNationalPostcodes(file, counts)) {
      lines.push(`${r.postcode}\t${r.district}\t${r.localAuthorityCode}\t${r.latitude}\t${r.longitude}\n`);
      if (lines.length >= CHUNK_ROWS) {
        yield lines.join('');
        lines = [];
      }
    }
    onProgress({ file, filesDone: index + 1, files: files.length, rows: counts.kept });
  }
  if (lines.length) yield lines.join('');
}
