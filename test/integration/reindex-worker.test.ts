// The outbox and the reindex worker against the real node: writes become searchable on their own,
// survive the engine being unreachable, and stale documents never replace newer ones.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { CuttableLink } from '../support/tcp-proxy.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, pushListing, withKey, type TestAccount } from '../support/factories.ts';
import { createSearchClient } from '../../src/search/client.ts';
import { ListingIndexer } from '../../src/indexing/listing-indexer.ts';
import { ReindexWorker } from '../../src/indexing/reindex-worker.ts';
import { diffIndex } from '../../src/indexing/index-diff.ts';
import { createLogger } from '../../src/core/logger.ts';
import { engineUrls } from '../../src/search/engine-urls.ts';
import { OutboxListener } from '../../src/indexing/outbox-listener.ts';
import { RefreshScheduler } from '../../src/indexing/refresh-scheduler.ts';

describe('reindex worker', function () {
  this.timeout(90_000);
  let account: TestAccount;

  before(async () => {
    account = await createAccount();
  });

  async function searchByRef(ref: string): Promise<number> {
    const { search, listingIndex } = testApp().runtime;
    const res = await search.search({ index: listingIndex.alias, query: { term: { externalRef: ref } } });
    return res.hits.hits.length;
  }

  it('makes a REST write searchable within seconds without being asked', async () => {
    await api.put('/api/rest/inventory/developments/w-dev', developmentPayload(), withKey(account));
    await api.put('/api/rest/inventory/properties/w-prop', propertyPayload('w-dev'), withKey(account));
    const started = Date.now();
    await api.put('/api/rest/listings/w-listing', listingPayload('w-dev', ['w-prop']), withKey(account));
    await eventually(async () => expect(await searchByRef('w-listing')).to.equal(1), 5000, 50);
    expect(Date.now() - started).to.be.below(5000);
  });

  it('bumps the version on every change and leaves no outbox rows behind', async () => {
    const { prisma } = testApp().runtime;
    const { res } = await pushListing(account, api, 'versions');
    const before = await prisma.listing.findUniqueOrThrow({ where: { id: res.body.id } });
    await api.patch('/api/rest/listings/listing-versions', { name: 'Versioned' }, withKey(account));
    const after = await prisma.listing.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(after.indexVersion).to.equal(before.indexVersion + 1n);
    await eventually(async () => expect(await prisma.listingOutbox.count({ where: { listingId: res.body.id } })).to.equal(0));
  });

  it('never lets a stale document replace a newer one (external versions)', async () => {
    const { prisma, search, listingIndex, indexer } = testApp().runtime;
    const { res } = await pushListing(account, api, 'stale');
    const oldSnapshot = await indexer.loadSnapshot([res.body.id]);
    await api.patch('/api/rest/listings/listing-stale', { name: 'Newest name' }, withKey(account, { refresh: 'wait_for' }));
    // a slow writer now delivers the document it built before the change
    const { failed } = await indexer.write(oldSnapshot, [res.body.id], { targets: [listingIndex.alias], refresh: true });
    expect(failed.size).to.equal(0);
    const doc = await search.get<{ name: string }>({ index: listingIndex.alias, id: String(res.body.id) });
    expect(doc._source!.name).to.equal('Newest name');
    const row = await prisma.listing.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(doc._version).to.equal(Number(row.indexVersion));
  });

  it('keeps accepting writes while the engine is unreachable and catches up when it returns', async () => {
    const runtime = testApp().runtime;
    const { prisma, listingIndex } = runtime;
    await runtime.worker.stop();
    const link = new CuttableLink(new URL(engineUrls(runtime.config.ELASTICSEARCH_URL)[0]!));
    await link.open();
    const search = createSearchClient(link.url);
    const worker = new ReindexWorker(prisma, new ListingIndexer(prisma, search), createLogger('silent'), { alias: listingIndex.alias, pollMs: 50, maxBackoffMs: 200 });
    try {
      await link.cut();
      worker.start();
      const refs: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { listing, res } = await pushListingNoWait(account, `outage-${i}`);
        expect(res.status).to.equal(201);
        refs.push(listing);
      }
      await api.patch('/api/rest/listings/outage-0', { name: 'Changed during the outage' }, withKey(account));
      await new Promise((r) => setTimeout(r, 500));
      expect(await prisma.listingOutbox.count(), 'changes wait in the outbox').to.be.greaterThan(0);
      for (const ref of refs) expect(await searchByRef(ref)).to.equal(0);

      await link.restore();
      await eventually(async () => expect(await prisma.listingOutbox.count()).to.equal(0), 20_000, 100);
      await runtime.search.indices.refresh({ index: listingIndex.alias });
      const diff = await diffIndex(prisma, runtime.search, listingIndex.alias);
      expect(diff).to.deep.equal({ missing: [], stale: [], extra: [] });
      for (const ref of refs) expect(await searchByRef(ref)).to.equal(1);
    } finally {
      await worker.stop();
      await link.cut();
      await search.close();
      runtime.worker.start();
    }
  });

  async function pushListingNoWait(acc: TestAccount, ref: string) {
    await api.put(`/api/rest/inventory/developments/${ref}-dev`, developmentPayload(), withKey(acc));
    await api.put(`/api/rest/inventory/properties/${ref}-prop`, propertyPayload(`${ref}-dev`), withKey(acc));
    const res = await api.put(`/api/rest/listings/${ref}`, listingPayload(`${ref}-dev`, [`${ref}-prop`]), withKey(acc));
    return { listing: ref, res };
  }

  it('is woken by the committed write, not its poll, and refreshes the index itself, also after losing its connection', async () => {
    const runtime = testApp().runtime;
    const { prisma, search, listingIndex, indexer, config } = runtime;
    await runtime.worker.stop();
    const logger = createLogger('silent');
    // a poll of a minute and an index that never refreshes on its own: only the notification and the
    // worker's own refresh can make these writes searchable within seconds
    const worker = new ReindexWorker(prisma, indexer, logger, {
      alias: listingIndex.alias,
      pollMs: 60_000,
      listener: new OutboxListener(config.DATABASE_URL, logger),
      refresher: new RefreshScheduler((targets) => indexer.refresh(targets), 100, logger),
    });
    await search.indices.putSettings({ index: listingIndex.alias, settings: { refresh_interval: '-1' } });
    worker.start();
    try {
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      await pushListingNoWait(account, 'notified');
      await eventually(async () => expect(await searchByRef('notified')).to.equal(1), 3000, 20);
      expect(Date.now() - started).to.be.below(3000);

      const killed = await prisma.$queryRaw<{ ok: boolean }[]>`
        SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = 'outbox-listener' AND datname = current_database()`;
      expect(killed.length, 'listener connections').to.be.greaterThan(0);
      await pushListingNoWait(account, 'notified-after-reconnect');
      await eventually(async () => expect(await searchByRef('notified-after-reconnect')).to.equal(1), 8000, 50);
    } finally {
      await worker.stop();
      await search.indices.putSettings({ index: listingIndex.alias, settings: { refresh_interval: listingIndex.refreshInterval } });
      runtime.worker.start();
    }
  });

  it('runs safely as several workers at once: every change indexed once, nothing left', async () => {
    const runtime = testApp().runtime;
    const { prisma, listingIndex, indexer } = runtime;
    const extra = [1, 2, 3].map(() => new ReindexWorker(prisma, indexer, createLogger('silent'), { alias: listingIndex.alias, pollMs: 20, batchSize: 3 }));
    extra.forEach((w) => w.start());
    try {
      await Promise.all(Array.from({ length: 12 }, (_, i) => pushListingNoWait(account, `multi-${i}`)));
      await eventually(async () => expect(await prisma.listingOutbox.count()).to.equal(0), 20_000, 100);
      await runtime.search.indices.refresh({ index: listingIndex.alias });
      expect(await diffIndex(prisma, runtime.search, listingIndex.alias)).to.deep.equal({ missing: [], stale: [], extra: [] });
    } finally {
      await Promise.all(extra.map((w) => w.stop()));
    }
  });

  it('frees the rows of a batch that does not end (a call that never answers) within its bound, and goes on', async () => {
    const { prisma, listingIndex } = testApp().runtime;
    const called: number[][] = [];
    // an indexer whose engine call never answers
    const stuck = { indexListings: (ids: number[]) => (called.push(ids), new Promise<never>(() => {})) } as unknown as ListingIndexer;
    const worker = new ReindexWorker(prisma, stuck, createLogger('silent'), { alias: listingIndex.alias, batchTimeoutMs: 1500 });
    // the test application's own worker takes changes too: push until the stuck one has claimed some
    let claimed: number[] = [];
    let outcome: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < 20 && claimed.length === 0; i++) {
      await pushListingNoWait(account, `stuck-${i}`);
      outcome = worker.drainOnce().catch((err: unknown) => err);
      await new Promise((resolve) => setTimeout(resolve, 100));
      claimed = called.at(-1) ?? [];
    }
    expect(claimed, 'the stuck worker claimed a change').to.not.be.empty;
    const started = Date.now();
    expect(await outcome, 'the batch gives up').to.be.instanceOf(Error);
    expect(Date.now() - started).to.be.below(30_000);
    // its rows are free: another worker (the test application's) indexes them
    await eventually(async () => expect(await prisma.listingOutbox.count({ where: { listingId: { in: claimed } } })).to.equal(0), 20_000, 100);
  });
});
