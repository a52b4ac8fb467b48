// A full reindex builds a new index from PostgreSQL and swaps the alias while searches and writes go on.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, pushListing, withKey } from '../support/factories.ts';
import { fullReindex } from '../../src/indexing/full-reindex.ts';
import { diffIndex } from '../../src/indexing/index-diff.ts';

describe('full reindex', function () {
  this.timeout(120_000);

  it('rebuilds into a new index, keeps searches answering, loses no concurrent write and swaps the alias', async () => {
    const runtime = testApp().runtime;
    const { search, listingIndex, prisma } = runtime;
    const account = await createAccount();
    for (let i = 0; i < 5; i++) await pushListing(account, api, `fr-${i}`);
    const [before] = await listingIndex.currentIndices();

    let writing = true;
    const written: string[] = [];
    let searchesOk = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const ref = `during-${i}`;
        await api.put(`/api/rest/inventory/developments/${ref}`, developmentPayload(), withKey(account));
        await api.put(`/api/rest/inventory/properties/${ref}`, propertyPayload(ref), withKey(account));
        await api.put(`/api/rest/listings/${ref}`, listingPayload(ref, [ref], { name: `During ${i}` }), withKey(account));
        await api.patch(`/api/rest/listings/listing-fr-${i % 5}`, { name: `Renamed ${i}` }, withKey(account));
        written.push(ref);
      }
    })();
    const searcher = (async () => {
      while (writing) {
        const res = await search.search({ index: listingIndex.alias, size: 0, query: { match_all: {} } });
        expect(res.hits.total).to.not.equal(undefined);
        searchesOk++;
      }
    })();

    const progress: number[] = [];
    const merges: unknown[] = [];
    const indices = search.indices as unknown as { forcemerge: (params: unknown, options?: unknown) => Promise<unknown> };
    const forcemerge = indices.forcemerge.bind(search.indices);
    indices.forcemerge = (params, options) => (merges.push(params), forcemerge(params, options));
    const result = await fullReindex(runtime, { batchSize: 3, onProgress: (p) => progress.push(p.done) }).finally(() => (indices.forcemerge = forcemerge));
    writing = false;
    await Promise.all([writer, searcher]);

    expect(result.index).to.not.equal(before);
    expect(await listingIndex.currentIndices()).to.deep.equal([result.index]);
    expect(await search.indices.exists({ index: before! })).to.equal(false);
    expect(progress.length).to.be.greaterThan(1);
    expect(searchesOk).to.be.greaterThan(0);
    expect(written.length).to.be.greaterThan(0);
    expect(await prisma.searchReindex.count({ where: { finishedAt: null } })).to.equal(0);
    // merged into one segment by the engine after it went live, in the background
    expect(merges).to.deep.equal([{ index: result.index, max_num_segments: 1, wait_for_completion: false }]);

    await eventually(async () => expect(await prisma.listingOutbox.count()).to.equal(0), 20_000, 100);
    await search.indices.refresh({ index: listingIndex.alias });
    expect(await diffIndex(prisma, search, listingIndex.alias)).to.deep.equal({ missing: [], stale: [], extra: [] });
  });

  it('leaves no new index behind when a page fails while the one before it is still being indexed', async () => {
    const runtime = testApp().runtime;
    const { search, listingIndex, indexer } = runtime;
    const account = await createAccount();
    for (let i = 0; i < 4; i++) await pushListing(account, api, `fr-fail-${i}`);
    const before = await listingIndex.currentIndices();
    let prepared = 0;
    let created = '';
    const failing = Object.assign(Object.create(indexer) as typeof indexer, {
      prepare: (...args: Parameters<typeof indexer.prepare>) => {
        created = args[2].targets[0]!;
        if (++prepared === 2) return Promise.reject(new Error('the second page cannot be built'));
        return indexer.prepare(...args);
      },
      // the first page is still on its way to the engine when the second fails
      send: async (...args: Parameters<typeof indexer.send>) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return indexer.send(...args);
      },
    });
    let failed: unknown = null;
    await fullReindex({ ...runtime, indexer: failing }, { batchSize: 2 }).catch((err: unknown) => (failed = err));
    expect(String(failed)).to.contain('the second page cannot be built');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await search.indices.exists({ index: created })).to.equal(false);
    expect(await listingIndex.currentIndices()).to.deep.equal(before);
  });
});
