// Benchmark of the BLM import (not a test): a BLM of --rows homes (default 5,000; a development of 8 new
// flats in every 40 rows, the rest single homes at known postcodes) is generated, taken as an upload
// would be (read, checked, queued), and run by the feed import job in this process; then the time until
// every listing is in the search index. Runs on the database DATABASE_URL names and the index of
// ES_INDEX_PREFIX, under a new account, and leaves the homes there. It prints the statements the import
// sent to PostgreSQL per row (counted on the connections, BEGIN and COMMIT included; the reindex worker's
// own are not counted) and the process's CPU time; --queries lists the statements by kind, --again imports
// the same file a second time (a nightly file that changed nothing). Each row has a photo of its own in
// the zip (1024x768 JPEG: the import keeps its largest size; the two smaller are made after it by the
// picture-sizes jobs, which are then run here and timed apart); --url-photos names photo addresses instead.
// While the long import runs, a second account's one-row import (with its photo) is submitted and run
// beside it, as the feed import job would, and its time from upload to done is printed.
// --no-sizes leaves the picture-sizes jobs unrun.
//   --rows=5000 --concurrency=4 --queries --again --url-photos --no-sizes
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import AdmZip from 'adm-zip';
import pg from 'pg';
import sharp from 'sharp';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { ApiAccountService } from '../../src/api-accounts/api-account-service.ts';
import { DevelopmentService } from '../../src/inventory/development-service.ts';
import { PropertyService } from '../../src/inventory/property-service.ts';
import { ListingSyncService } from '../../src/listings/listing-sync-service.ts';
import { FeedWriter } from '../../src/feeds/feed-writer.ts';
import { FeedImportService } from '../../src/feeds/feed-import-service.ts';
import { FeedMedia } from '../../src/feeds/feed-media.ts';
import { PostgresMediaStore } from '../../src/feeds/media-stores/postgres-media-store.ts';
import { outboxBacklog } from '../../src/sync/outbox.ts';
import { MAX_ATTEMPTS } from '../../src/indexing/reindex-worker.ts';
import { PICTURE_SIZES_KIND, PictureSizes, type PictureSizesJobData } from '../../src/feeds/picture-sizes.ts';
import { AlertChecks } from '../../src/alerts/alert-checks.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROWS = Number(args.get('rows') ?? 5000);
const CONCURRENCY = Number(args.get('concurrency') ?? 4);
const BY_KIND = args.has('queries');
const AGAIN = args.has('again');
const URL_PHOTOS = args.has('url-photos');
const SIZES = !args.has('no-sizes');

// Every statement sent on a connection while the import runs (its async context), by kind.
const importScope = new AsyncLocalStorage<Map<string, number>>();
const send = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as { query: unknown }).query = function (this: pg.Client, ...a: unknown[]) {
  const kinds = importScope.getStore();
  if (kinds) {
    const text = (typeof a[0] === 'string' ? a[0] : ((a[0] as { text?: string } | null)?.text ?? '')).replace(/\s+/g, ' ').trim();
    const table = /\b(?:FROM|INTO|UPDATE)\s+((?:"?\w+"?\.)?"?\w+"?)/i.exec(text)?.[1]?.replace(/"/g, '').replace(/^public\./, '');
    const kind = text.includes(' ') ? `${text.split(' ')[0]!.toUpperCase()} ${table ?? text.slice(text.indexOf(' ') + 1, 40)}` : text.toUpperCase();
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return send.apply(this, a);
};

const postcodes = readFileSync(new URL('../../prisma/data/postcodes-sample.csv', import.meta.url), 'utf8')
  .split('\n')
  .slice(1)
  .map((line) => line.split(','))
  // live postcodes only (no date of termination)
  .filter((cols) => cols[4] === '' && / /.test(cols[2] ?? ''))
  .map((cols) => cols[2]!);

const COLUMNS = ['AGENT_REF', 'BRANCH_ID', 'ADDRESS_1', 'ADDRESS_2', 'TOWN', 'POSTCODE1', 'POSTCODE2', 'DISPLAY_ADDRESS', 'FEATURE1', 'FEATURE2', 'SUMMARY', 'DESCRIPTION', 'STATUS_ID', 'BEDROOMS', 'PRICE', 'PROP_SUB_ID', 'NEW_HOME_FLAG', 'TRANS_TYPE_ID', 'TENURE_TYPE_ID', 'LET_RENT_FREQUENCY', 'UPDATE_DATE', 'PUBLISHED_FLAG', 'MEDIA_IMAGE_00'];

function blmOf(rows: number, photo: (i: number) => string = (i) => `https://images.example.org/bench/${i}.jpg`, branch = '9001'): Buffer {
  const records: string[] = [];
  for (let i = 0; i < rows; i++) {
    const postcode = postcodes[Math.floor(i / 8) % postcodes.length]!;
    const [pc1, pc2] = postcode.split(' ') as [string, string];
    const inBlock = i % 40 < 8;
    const forSale = i % 5 !== 4;
    const name = inBlock ? `Block ${Math.floor(i / 40)} Court` : `${i} Bench Street`;
    records.push(
      [
        `B${i}`, branch, name, 'Bench Street', 'Benchton', pc1, pc2, `${name}, Benchton`, 'Garden', 'Parking',
        `A ${1 + (i % 4)}-bedroom home.`, `<p>Home number ${i}.</p><p>Kitchen &amp; living room.</p>`, '0', String(1 + (i % 4)),
        forSale ? `${(150 + (i % 300)) * 1000}`.replace(/(\d)(?=(\d{3})+$)/g, '$1,') : String(700 + (i % 900)),
        inBlock ? '8' : String(1 + (i % 4)), inBlock && i % 2 === 0 ? 'Y' : 'N', forSale ? '1' : '2', forSale ? String(1 + (i % 2)) : '', forSale ? '' : '1',
        '2026-11-20 09:00:00', '1', photo(i),
      ].join('|') + '|~',
    );
  }
  return Buffer.from(
    `#HEADER#\r\nVersion : 3\r\nEOF : '|'\r\nEOR : '~'\r\nProperty Count : ${rows}\r\n\r\n#DEFINITION#\r\n${COLUMNS.join('|')}|~\r\n\r\n#DATA#\r\n${records.join('\r\n')}\r\n#END#\r\n`,
    'latin1',
  );
}

// Twelve photo-like pictures (smooth colour, some detail); each row's is one of them with its row number
// after the end of the JPEG, so that every row has a picture of its own (its own digest) to decode.
const bases = await Promise.all(
  Array.from({ length: 12 }, async (_, n) => {
    const small = await sharp({ create: { width: 48, height: 36, channels: 3, background: { r: 20 * n, g: 120, b: 200 - 10 * n }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    return sharp(small).resize(1024, 768, { kernel: 'cubic' }).jpeg({ quality: 85 }).toBuffer();
  }),
);
const photoOf = (i: number) => Buffer.concat([bases[i % bases.length]!, Buffer.from(`\n${i}\n`)]);

function zipOf(blm: Buffer, rows: number): Buffer {
  const zip = new AdmZip();
  zip.addFile('stock.blm', blm);
  for (let i = 0; i < rows; i++) {
    zip.addFile(`B${i}.jpg`, photoOf(i));
    // stored, as JPEGs hardly deflate
    zip.getEntry(`B${i}.jpg`)!.header.method = 0;
  }
  return zip.toBuffer();
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
const runtime = openRuntime(config);
await Promise.all([runtime.listingIndex.ensure(), runtime.jobs.start()]);
runtime.worker.start();
const { prisma } = runtime;
const provider = await prisma.housingProvider.create({ data: { name: `Bench provider ${Date.now()}`, contactEmail: 'bench@example.org' } });
const { account } = await new ApiAccountService(prisma).createAccount({ name: `BLM bench ${Date.now()}`, kind: 'provider', tier: 'premium', housingProviderId: provider.id });
// as the service builds them (src/app.ts): each write enqueues the alert checks of its listings
const alertChecks = new AlertChecks(runtime.jobs);
const sync = { developments: new DevelopmentService(prisma, alertChecks), properties: new PropertyService(prisma, alertChecks), listings: new ListingSyncService(prisma, alertChecks) };
const writer = new FeedWriter(prisma, sync);
const media = new FeedMedia(new PostgresMediaStore(runtime.pool), 'http://localhost/media');
const pictureSizes = new PictureSizes(prisma, media, sync, runtime.logger);
const imports = new FeedImportService(prisma, writer, media, {
  zip: { maxEntries: 100_000, maxUnzippedBytes: 1024 ** 3, maxRatio: 100 },
  concurrency: CONCURRENCY,
}, runtime.jobs);

const file = URL_PHOTOS ? blmOf(ROWS) : zipOf(blmOf(ROWS, (i) => `B${i}.jpg`), ROWS);
console.log(`${URL_PHOTOS ? 'BLM' : 'zip'} of ${ROWS} rows${URL_PHOTOS ? ' (photo addresses)' : ', a photo each'}: ${(file.length / 1024 / 1024).toFixed(1)} MB`);
// the second account, whose one-row import runs beside the long one
const otherProvider = await prisma.housingProvider.create({ data: { name: `Bench provider ${Date.now()} (one row)`, contactEmail: 'bench@example.org' } });
const other = (await new ApiAccountService(prisma).createAccount({ name: `BLM bench ${Date.now()} (one row)`, kind: 'provider', tier: 'premium', housingProviderId: otherProvider.id })).account;
const oneRow = URL_PHOTOS ? blmOf(1, undefined, '9002') : zipOf(blmOf(1, (i) => `B${i}.jpg`, '9002'), 1);

/** The second account's one-row import, from its upload to done, while the long one runs. */
async function oneRowImport(): Promise<number> {
  const started = performance.now();
  const queued = await imports.submit(other, oneRow, { partial: false, mediaBaseUrl: 'http://localhost/media' });
  // run here, not by a worker: the job its upload enqueued then finds it ended
  const job = (await imports.begin(queued.id))!;
  await imports.run(job);
  return performance.now() - started;
}
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const cpu = (u: NodeJS.CpuUsage) => `${((u.user + u.system) / 1e6).toFixed(1)} s`;

async function importOnce(): Promise<void> {
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const queued = await imports.submit(account, file, { partial: false, mediaBaseUrl: 'http://localhost/media' });
  const read = performance.now();
  const job = (await imports.begin(queued.id))!;
  const kinds = new Map<string, number>();
  let oneRowMs: Promise<number> | null = null;
  await importScope.run(kinds, () =>
    imports.run(job, () => {
      // once the long import writes homes, the other account uploads its one row
      oneRowMs ??= importScope.exit(() => oneRowImport());
    }),
  );
  const written = performance.now();
  const cpuWritten = process.cpuUsage(cpuAtStart);
  const report = await imports.report(account, queued.id);
  for (;;) {
    const backlog = await outboxBacklog(prisma, MAX_ATTEMPTS);
    if (backlog.pending === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const indexed = performance.now();
  const cpuIndexed = process.cpuUsage(cpuAtStart);
  const listings = await prisma.listing.count({ where: { accountId: account.id, withdrawnAt: null } });
  console.log(JSON.stringify(report.counts));
  const reasons = new Map<string, number>();
  for (const row of report.rows) for (const e of row.errors) reasons.set(`${e.field}: ${e.message.replace(/\d+/g, 'N')}`, (reasons.get(`${e.field}: ${e.message.replace(/\d+/g, 'N')}`) ?? 0) + 1);
  if (reasons.size) console.log('refused:', JSON.stringify(Object.fromEntries(reasons)));
  console.log(`read and queued: ${s(read - started)}; written (${CONCURRENCY} at once): ${s(written - read)}; all ${listings} listings indexed: ${s(indexed - started)} after the upload`);
  if (oneRowMs) console.log(`the other account's one-row import, uploaded while this one ran: done ${s(await oneRowMs)} after its upload`);
  console.log(`rows a second, upload to written: ${Math.round(ROWS / ((written - started) / 1000))}`);
  console.log(`process CPU: ${cpu(cpuWritten)} upload to written, ${cpu(cpuIndexed)} upload to indexed (the reindex worker's too)`);
  const statements = [...kinds.values()].reduce((a, b) => a + b, 0);
  const transactionEnds = (kinds.get('BEGIN') ?? 0) + (kinds.get('COMMIT') ?? 0) + (kinds.get('ROLLBACK') ?? 0);
  console.log(`statements to PostgreSQL by the import: ${statements}, ${(statements / ROWS).toFixed(1)} a row (${((statements - transactionEnds) / ROWS).toFixed(1)} without BEGIN and COMMIT)`);
  if (BY_KIND) for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / ROWS).toFixed(2).padStart(6)} a row  ${kind}`);
  if (!SIZES) return;
  // the smaller sizes, made after the import by its picture-sizes jobs (run here, one job at a time, as one instance's worker would)
  const sizingStarted = performance.now();
  const cpuAtSizing = process.cpuUsage();
  const jobs = await runtime.jobs.drain<PictureSizesJobData>(PICTURE_SIZES_KIND, (data) => pictureSizes.run(data));
  console.log(`the smaller sizes (${jobs} picture-sizes jobs, after the import): ${s(performance.now() - sizingStarted)}, process CPU ${cpu(process.cpuUsage(cpuAtSizing))}`);
}

await importOnce();
if (AGAIN) {
  console.log('the same file again (every home unchanged):');
  await importOnce();
}
await runtime.close();
process.exit(0);
