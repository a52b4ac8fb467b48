// The listing pages' view is kept out of the search index, in PostgreSQL (ListingPageView), at the
// version of the document built with it: written before the engine is sent the document, never replaced
// by an older one, removed only with the document; and listing pages present it from there.
import { expect } from 'chai';
import { api, request } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { createAccount, eventually, pushListing, withKey, withdrawListingsOf, type TestAccount } from '../support/factories.ts';
import { P } from '../support/customers.ts';
import { ListingIndexer } from '../../src/indexing/listing-indexer.ts';
import { ListingPageViews } from '../../src/listing-index/document/listing-page-views.ts';
import type { SearchClient } from '../../src/search/client.ts';

describe('listing page views', function () {
  this.timeout(60_000);
  let account: TestAccount;

  before(async () => {
    account = await createAccount();
  });

  after(async () => {
    await withdrawListingsOf(account);
  });

  const storedView = async (listingId: number) => {
    const [row] = await testApp().runtime.prisma.$queryRaw<{ version: bigint; name: string }[]>`
      SELECT version, view->'listing'->>'name' AS name FROM "ListingPageView" WHERE "listingId" = ${listingId}`;
    return row ? { version: Number(row.version), name: row.name } : null;
  };

  it('keeps the view out of the document and in PostgreSQL at the document version, which the listing page presents', async () => {
    const { search, listingIndex, prisma } = testApp().runtime;
    const { res, listing } = await pushListing(account, api, 'page-view', { name: 'Page view court' });
    const id = res.body.id as number;
    const doc = await search.get<Record<string, unknown>>({ index: listingIndex.alias, id: String(id) });
    expect(doc._source).to.not.have.property('view');
    expect(doc._source).to.include({ name: 'Page view court' });
    expect(await storedView(id)).to.deep.equal({ version: doc._version, name: 'Page view court' });

    await api.patch(`/api/rest/listings/${listing}`, { name: 'Renamed court' }, withKey(account, { refresh: 'wait_for' }));
    const row = await prisma.listing.findUniqueOrThrow({ where: { id } });
    expect(await storedView(id)).to.deep.equal({ version: Number(row.indexVersion), name: 'Renamed court' });
    const page = await request('GET', `${P}/listings/${id}`);
    expect(page.status).to.equal(200);
    expect(page.body.name).to.equal('Renamed court');

    // the page presents the stored view (a view at the document's version), not anything the index holds
    await prisma.$executeRaw`UPDATE "ListingPageView" SET view = jsonb_set(view::jsonb, '{listing,name}', '"Told by the table"')::json WHERE "listingId" = ${id}`;
    for (const path of [`${P}/listings/${id}`, `${P}/listings/slug/${page.body.slug as string}`]) {
      const again = await request('GET', path);
      expect(again.status, path).to.equal(200);
      expect(again.body.name, path).to.equal('Told by the table');
    }
    const full = await request('GET', `${P}/listings/${id}/full-details`);
    expect(full.body.listing.name).to.equal('Told by the table');
  });

  it('commits the view before the engine is sent the document, and never lets an older view replace a newer one', async () => {
    const { search, listingIndex, prisma, indexer } = testApp().runtime;
    const { res, listing } = await pushListing(account, api, 'view-order', { name: 'Order court' });
    const id = res.body.id as number;
    const oldSnapshot = await indexer.loadSnapshot([id]);
    await api.patch(`/api/rest/listings/${listing}`, { name: 'Newer court' }, withKey(account));

    // what PostgreSQL holds at the moment the bulk request leaves, seen from another connection
    const seen: ({ version: number; name: string } | null)[] = [];
    const watched = new Proxy(search, {
      get(target, name) {
        const value = Reflect.get(target, name, target) as unknown;
        if (name !== 'bulk') return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        return async (...args: Parameters<SearchClient['bulk']>) => {
          seen.push(await storedView(id));
          return target.bulk(...args);
        };
      },
    });
    const spied = new ListingIndexer(prisma, watched);
    const { failed } = await spied.indexListings([id], { targets: [listingIndex.alias], refresh: true });
    expect(failed.size).to.equal(0);
    const version = Number((await prisma.listing.findUniqueOrThrow({ where: { id } })).indexVersion);
    expect(seen).to.deep.equal([{ version, name: 'Newer court' }]);

    // a slow writer delivers the document and view it built before the change: neither replaces the newer
    await indexer.write(oldSnapshot, [id], { targets: [listingIndex.alias], refresh: true });
    expect(await storedView(id)).to.deep.equal({ version, name: 'Newer court' });
    expect((await request('GET', `${P}/listings/${id}`)).body.name).to.equal('Newer court');
  });

  it('removes the view with the document, never a newer one', async () => {
    const { prisma } = testApp().runtime;
    const { res, listing } = await pushListing(account, api, 'view-gone');
    const id = res.body.id as number;
    expect(await storedView(id)).to.not.equal(null);
    const gone = await request('DELETE', `/api/rest/listings/${listing}`, withKey(account, { refresh: 'wait_for' }));
    expect(gone.status).to.be.oneOf([200, 204]);
    await eventually(async () => expect(await storedView(id)).to.equal(null));
    expect((await request('GET', `${P}/listings/${id}`)).status).to.equal(404);

    const views = new ListingPageViews(prisma);
    const view = { listing: { name: 'Kept' } } as never;
    await views.write([{ listingId: id, version: 50, view }]);
    await views.remove([{ listingId: id, version: 49 }]);
    expect(await storedView(id)).to.deep.equal({ version: 50, name: 'Kept' });
    await views.write([{ listingId: id, version: 49, view: { listing: { name: 'Older' } } as never }]);
    expect(await storedView(id)).to.deep.equal({ version: 50, name: 'Kept' });
    await views.remove([{ listingId: id, version: 50 }]);
    expect(await storedView(id)).to.equal(null);
  });
});
