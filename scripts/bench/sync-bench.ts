// Benchmark of the inventory side (not a test): full-reindex throughput beside the raw bulk throughput
// of the same node, and the delay from a sync write to its visibility in search.
// Run through scripts/bench-sync.sh, which prepares a separate database and index prefix.
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { buildApp } from '../../src/app.ts';
import { fullReindex } from '../../src/indexing/full-reindex.ts';
import { loadListingPage } from '../../src/listing-index/document/listing-loader.ts';
import { buildListingDocument, indexedDocumentOf } from '../../src/listing-index/document/listing-document.ts';
import { ApiAccountService } from '../../src/api-accounts/api-account-service.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const RAW_DOCS = Number(args.get('raw-docs') ?? 20000);
const WRITES = Number(args.get('writes') ?? 200);
const BATCH = 500;

const runtime = openRuntime(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }));
const { prisma, search, listingIndex } = runtime;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  await listingIndex.ensure();
  const listings = await prisma.listing.count();
  const properties = await prisma.property.count();
  console.log(`data: ${listings} listings, ${properties} properties`);

  // 1. Full reindex: PostgreSQL -> documents -> new index -> alias swap. It covers every change made
  // before it started, so the seed's outbox rows are settled by it rather than by the worker.
  const seeded = await prisma.listingOutbox.aggregate({ _max: { id: true } });
  let last = 0;
  const t0 = Date.now();
  const result = await fullReindex(runtime, {
    batchSize: BATCH,
    onProgress: ({ done, total }) => {
      if (done - last >= 10_000 || done === total) {
        last = done;
        process.stderr.write(`  reindex ${done}/${total} (${fmt((done / (Date.now() - t0)) * 1000)} docs/s)\n`);
      }
    },
  });
  const reindexSeconds = (Date.now() - t0) / 1000;
  if (seeded._max.id !== null) await prisma.listingOutbox.deleteMany({ where: { id: { lte: seeded._max.id } } });
  const reindexRate = result.documents / reindexSeconds;
  const stats = await search.indices.stats({ index: result.index, metric: ['store', 'docs'] });
  const storeBytes = stats._all.primaries?.store?.size_in_bytes ?? 0;

  // 2. Raw bulk throughput of the same node: the same kind of documents, prebuilt in memory.
  const docs: { id: number; doc: object }[] = [];
  for (let afterId = 0; docs.length < RAW_DOCS; ) {
    const page = await loadListingPage(prisma, afterId, BATCH);
    if (page.length === 0) break;
    for (const l of page) {
      const built = buildListingDocument(l);
      // as the indexer sends it: the listing pages' view stays in PostgreSQL
      if (built) docs.push({ id: l.id, doc: indexedDocumentOf(built) });
    }
    afterId = page[page.length - 1]!.id;
  }
  const scratch = await listingIndex.createPhysicalIndex();
  await search.indices.putSettings({ index: scratch, settings: { refresh_interval: '-1' } });
  const t1 = Date.now();
  for (let i = 0; i < docs.length; i += BATCH) {
    const operations = docs.slice(i, i + BATCH).flatMap(({ id, doc }) => [{ index: { _index: scratch, _id: String(id) } }, doc]);
    const res = await search.bulk({ operations });
    if (res.errors) throw new Error(`raw bulk had errors: ${JSON.stringify(res.items.find((item) => item.index?.error)?.index?.error)}`);
  }
  const rawRate = docs.length / ((Date.now() - t1) / 1000);
  await search.indices.delete({ index: scratch });

  // 3. Sync write -> visible in search, through the HTTP interface with the worker running.
  const account = await prisma.listing.findFirstOrThrow({ where: { withdrawnAt: null }, select: { accountId: true } });
  const key = await new ApiAccountService(prisma).rotateKey(account.accountId);
  const refs = await prisma.listing.findMany({ where: { accountId: account.accountId, withdrawnAt: null, published: true }, select: { id: true, externalRef: true }, take: WRITES });
  runtime.worker.start();
  const server = buildApp(runtime).app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const delays: number[] = [];
  for (const [i, ref] of refs.entries()) {
    const name = `Bench rename ${Date.now()}-${i}`;
    const started = performance.now();
    const res = await fetch(`${base}/api/rest/listings/${encodeURIComponent(ref.externalRef)}?api_key=${key}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (res.status !== 200) throw new Error(`PATCH answered ${res.status}: ${await res.text()}`);
    for (;;) {
      const hit = await search.search({ index: listingIndex.alias, size: 0, query: { bool: { filter: [{ term: { id: ref.id } }, { term: { 'name.raw': name } }] } } });
      const total = typeof hit.hits.total === 'number' ? hit.hits.total : hit.hits.total?.value;
      if (total) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    delays.push(performance.now() - started);
  }
  server.close();
  delays.sort((a, b) => a - b);

  console.log('\nresults');
  console.log(`  full reindex:       ${result.documents} docs in ${fmt(reindexSeconds)} s = ${fmt(reindexRate)} docs/s (index ${(storeBytes / 1e9).toFixed(2)} GB)`);
  console.log(`  raw bulk, same node: ${docs.length} prebuilt docs = ${fmt(rawRate)} docs/s (reindex reaches ${fmt((reindexRate / rawRate) * 100)}% of it)`);
  console.log(`  write -> searchable: n=${delays.length} p50 ${fmt(percentile(delays, 50))} ms, p99 ${fmt(percentile(delays, 99))} ms, max ${fmt(delays[delays.length - 1]!)} ms`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => runtime.close());
