// Map listings come from a cache keyed by a digest of their fields, and whole map arrays from one keyed
// by the fingerprint of a search's matches: a listing that changes, starts or stops matching must show
// on the map as it is now, never as the cache held it before.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, propertyPayload, listingPayload, withKey, type TestAccount } from '../support/factories.ts';
import { testApp } from '../support/test-app.ts';
import type { SearchClient } from '../../src/search/client.ts';
import { MapListingCache } from '../../src/listing-search/map-listing-cache.ts';
import { readMapFingerprint } from '../../src/listing-index/map-fingerprint.ts';
import { parseSearchParams } from '../../src/search-criteria/search-params.ts';
import { resolveArea } from '../../src/search-criteria/search-area.ts';
import { buildFilters } from '../../src/listing-index/search-filters.ts';
import { planSearch } from '../../src/listing-index/search-request.ts';
import { PortalService } from '../../src/portals/portal-settings.ts';

const SEARCH = '/api/rest/portal/search';
type MapListing = { id: number; name: string; slug: string; schemes: { text: string }[] };

describe('search map listings', function () {
  this.timeout(60_000);
  let account: TestAccount;
  const edinburgh = () => api.get(SEARCH, { query: { location: 'EH2 3EW', radius: 1, max_featured: 0 } });
  const mapOf = async (id: number) => ((await edinburgh()).body.mapListings as MapListing[]).find((m) => m.id === id);

  before(async () => {
    account = await createAccount();
    await api.put('/api/rest/inventory/developments/map-dev', developmentPayload({ postcode: 'EH2 3EW' }), withKey(account));
    await api.put('/api/rest/inventory/properties/map-prop', propertyPayload('map-dev'), withKey(account));
  });

  it('shows a listing as it is now after its name and schemes change', async () => {
    const first = await api.put('/api/rest/listings/map-listing', listingPayload('map-dev', ['map-prop'], { name: 'Old Town Rooms' }), withKey(account, { refresh: 'wait_for' }));
    const id = first.body.id as number;
    expect(await mapOf(id)).to.deep.include({ id, name: 'Old Town Rooms' });

    await api.patch('/api/rest/listings/map-listing', { name: 'New Town Rooms', schemes: ['first-homes'] }, withKey(account, { refresh: 'wait_for' }));
    const after = await eventually(async () => {
      const m = await mapOf(id);
      expect(m?.name).to.equal('New Town Rooms');
      return m!;
    });
    expect(after.schemes.map((s) => s.text)).to.deep.equal(['First Homes']);
    expect(after.slug).to.be.a('string');
  });

  it('drops a withdrawn listing from the map', async () => {
    const res = await api.put('/api/rest/listings/map-gone', listingPayload('map-dev', ['map-prop'], { name: 'Leaving Soon' }), withKey(account, { refresh: 'wait_for' }));
    const id = res.body.id as number;
    expect(await mapOf(id)).to.deep.include({ name: 'Leaving Soon' });
    await api.delete('/api/rest/listings/map-gone', withKey(account, { refresh: 'wait_for' }));
    await eventually(async () => expect(await mapOf(id)).to.equal(undefined));
  });

  it('adds a listing that starts to match to a map seen before', async () => {
    const before = (await edinburgh()).body.mapListings as MapListing[];
    expect((await edinburgh()).body.mapListings).to.deep.equal(before);
    const res = await api.put('/api/rest/listings/map-new', listingPayload('map-dev', ['map-prop'], { name: 'Newly Listed' }), withKey(account, { refresh: 'wait_for' }));
    const id = res.body.id as number;
    await eventually(async () => expect(await mapOf(id)).to.deep.include({ name: 'Newly Listed' }));
  });

  it('answers a repeated fingerprint from memory, without asking the engine for the map', async () => {
    const { runtime } = testApp();
    let engineCalls = 0;
    const counting = { searchBytes: (...args: Parameters<SearchClient['searchBytes']>) => (engineCalls++, runtime.search.searchBytes(...args)) } as unknown as SearchClient;
    const cache = new MapListingCache(counting, runtime.listingIndex.alias, { listings: 100, arrayBytes: 1_000_000 });
    const p = parseSearchParams({ location: 'EH2 3EW', radius: '1' });
    const area = await resolveArea(p, runtime.gazetteer);
    const portal = (await new PortalService(runtime.prisma).find(1))!;
    const plan = planSearch(p, buildFilters(p, { rect: area.rectBounds, portalId: 1, now: new Date(), eligibility: null, allowedExtraFilters: [] }), area, portal.settings, null);
    const counts = await runtime.search.search({ index: runtime.listingIndex.alias, ...plan.counts! });
    const fingerprint = readMapFingerprint(counts.aggregations as Record<string, unknown>);
    expect(fingerprint).to.match(/^\d+:\d+(\.\d+)?(e\+\d+)?$/);
    const schemes = await runtime.prisma.scheme.findMany({ select: { slug: true, text: true, color: true }, orderBy: { slug: 'asc' } });

    const first = await cache.arrayFor(plan.map!, fingerprint, 'basic', schemes);
    expect(engineCalls).to.equal(2); // the map request, then the listings not seen before
    expect(first.toJSON().length).to.be.greaterThan(0);
    const again = await cache.arrayFor(plan.map!, fingerprint, 'basic', schemes);
    expect(engineCalls).to.equal(2);
    expect(again.json.equals(first.json)).to.equal(true);
    await cache.arrayFor(plan.map!, `${fingerprint}0`, 'basic', schemes);
    expect(engineCalls).to.equal(3); // an unknown fingerprint asks again; its listings are known by digest
  });
});
