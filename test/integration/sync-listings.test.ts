import { expect } from 'chai';
import { api, request } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, pushListing, withKey, type TestAccount } from '../support/factories.ts';
import type { ListingDocument } from '../../src/listing-index/document/listing-document.ts';
import { ListingPageViews } from '../../src/listing-index/document/listing-page-views.ts';

const LISTINGS = '/api/rest/listings';

/** The listing's document as the index holds it, with its pages' view as PostgreSQL holds it (listing-page-views.ts). */
async function indexed(id: number): Promise<ListingDocument | null> {
  const { search, listingIndex, prisma } = testApp().runtime;
  const res = await search.get<ListingDocument>({ index: listingIndex.alias, id: String(id) }, { ignore: [404] });
  const stored = (await new ListingPageViews(prisma).read([id])).get(id);
  return res.found && stored ? { ...res._source!, view: stored.view } : null;
}

describe('synchronisation interfaces: listings', () => {
  let account: TestAccount;
  before(async () => {
    account = await createAccount();
    await api.put('/api/rest/inventory/developments/ld', developmentPayload({ postcode: 'SW1A 2AA', displayAddress: 'Downing Street' }), withKey(account));
    await api.put('/api/rest/inventory/developments/ld-other', developmentPayload(), withKey(account));
    await api.put('/api/rest/inventory/properties/lp1', propertyPayload('ld'), withKey(account));
    await api.put('/api/rest/inventory/properties/lp2', propertyPayload('ld', { propertyNumber: 'Flat 2', bedrooms: 3, fullMarketPrice: 420000 }), withKey(account));
    await api.put('/api/rest/inventory/properties/lp-rent', propertyPayload('ld', { forSale: false, isSharedOwnership: false, monthlyRent: 1300 }), withKey(account));
    await api.put('/api/rest/inventory/properties/lp-elsewhere', propertyPayload('ld-other'), withKey(account));
  });

  it('pushes a listing (201) with its marketplace id and slug, searchable at once with refresh=wait_for', async () => {
    const res = await api.put(`${LISTINGS}/l-main`, listingPayload('ld', ['lp1', 'lp2'], { name: 'Downing Gardens' }), withKey(account, { refresh: 'wait_for' }));
    expect(res.status).to.equal(201);
    expect(res.body).to.include({ externalRef: 'l-main', slug: 'downing-gardens', development: 'ld', withdrawn: false });
    expect(res.body.properties).to.deep.equal(['lp1', 'lp2']);
    const doc = await indexed(res.body.id);
    expect(doc).to.not.equal(null);
    expect(doc!.bedrooms).to.deep.equal([2, 3]);
    expect(doc!.schemes).to.deep.equal(['shared-ownership']);
    expect(doc!.view.listing.minShareValue).to.equal(75000);
    expect(doc!.view.listing.depositValue).to.equal(7500);
    expect(doc!.view.properties).to.have.length(2);
  });

  it('names the development, properties and schemes in the order sent in every answer: PUT (created, unchanged, updated), GET, PATCH, DELETE', async () => {
    const payload = listingPayload('ld', ['lp2', 'lp1'], { name: 'Named Links', schemes: ['market-sale', 'shared-ownership'] });
    const names = { development: 'ld', properties: ['lp2', 'lp1'], schemes: ['market-sale', 'shared-ownership'] };
    const created = await api.put(`${LISTINGS}/l-names`, payload, withKey(account));
    expect(created.status).to.equal(201);
    expect(created.body).to.deep.include(names);
    const unchanged = await api.put(`${LISTINGS}/l-names`, payload, withKey(account));
    expect(unchanged.status).to.equal(200);
    expect(unchanged.body).to.deep.equal(created.body);
    const updated = await api.put(`${LISTINGS}/l-names`, { ...payload, properties: ['lp1'], schemes: ['shared-ownership'] }, withKey(account));
    expect(updated.body).to.deep.include({ development: 'ld', properties: ['lp1'], schemes: ['shared-ownership'] });
    const read = await api.get(`${LISTINGS}/l-names`, withKey(account));
    expect(read.body).to.deep.equal(updated.body);
    const patched = await api.patch(`${LISTINGS}/l-names`, { properties: ['lp2', 'lp1'], schemes: ['market-sale', 'shared-ownership'] }, withKey(account));
    expect(patched.body).to.deep.include(names);
    const deleted = await api.delete(`${LISTINGS}/l-names`, withKey(account));
    expect(deleted.body).to.deep.include({ ...names, withdrawn: true });
  });

  it('keeps open-day slot ids while their date and time stay the same', async () => {
    const openDays = [
      { date: '2027-01-09', time: '10:00', durationMin: 30, capacity: 5 },
      { date: '2027-07-10', time: '14:30', durationMin: 45, capacity: 8 },
    ];
    const first = await api.put(`${LISTINGS}/l-slots`, listingPayload('ld', ['lp1'], { openDays }), withKey(account));
    expect(first.body.openDays.map((s: { time: string }) => s.time)).to.deep.equal(['10:00', '14:30']);
    const changed = await api.put(`${LISTINGS}/l-slots`, listingPayload('ld', ['lp1'], { openDays: [{ ...openDays[0], capacity: 9 }] }), withKey(account));
    expect(changed.body.openDays).to.have.length(1);
    expect(changed.body.openDays[0]).to.include({ id: first.body.openDays[0].id, capacity: 9, date: '2027-01-09', time: '10:00' });
    const same = await api.put(`${LISTINGS}/l-slots`, listingPayload('ld', ['lp1'], { openDays: [{ ...openDays[0], capacity: 9 }] }), withKey(account));
    expect(same.body.updatedAt).to.equal(changed.body.updatedAt);
  });

  it('gives the listings of one name the next free slugs, beyond the first twenty asked for at once', async () => {
    const slugs = [];
    for (let i = 1; i <= 21; i++) slugs.push((await api.put(`${LISTINGS}/l-crowded-${i}`, listingPayload('ld', ['lp1'], { name: 'Crowded Name' }), withKey(account))).body.slug);
    expect(slugs[0]).to.equal('crowded-name');
    expect(slugs.slice(18)).to.deep.equal(['crowded-name-19', 'crowded-name-20', 'crowded-name-21']);
    expect(new Set(slugs).size).to.equal(21);
  });

  it('makes a unique slug from the name and keeps it on later writes', async () => {
    const a = await api.put(`${LISTINGS}/l-slug-a`, listingPayload('ld', ['lp1'], { name: 'Same Name' }), withKey(account));
    const b = await api.put(`${LISTINGS}/l-slug-b`, listingPayload('ld', ['lp1'], { name: 'Same Name' }), withKey(account));
    expect(a.body.slug).to.equal('same-name');
    expect(b.body.slug).to.equal('same-name-2');
    const renamed = await api.patch(`${LISTINGS}/l-slug-b`, { name: 'Other Name' }, withKey(account));
    expect(renamed.body.slug).to.equal('same-name-2');
    const taken = await api.patch(`${LISTINGS}/l-slug-b`, { slug: 'same-name' }, withKey(account));
    expect(taken.status).to.equal(422);
    expect(taken.body.errors).to.have.property('slug');
  });

  for (const [what, overrides, field] of [
    ['an unknown development', { development: 'nope' }, 'development'],
    ['an unknown property', { properties: ['lp1', 'ghost'] }, 'properties'],
    ['no property', { properties: [] }, 'properties'],
    ['a property of another development', { properties: ['lp-elsewhere'] }, 'properties'],
    ['a rent property in a sale listing', { properties: ['lp-rent'] }, 'properties'],
    ['an unknown scheme', { schemes: ['free-houses'] }, 'schemes'],
    ['a shortDescription over 512 characters', { shortDescription: 'z'.repeat(513) }, 'shortDescription'],
    ['a bad displayAs', { displayAs: 'gold' }, 'displayAs'],
    ['an unknown portal', { portals: [99] }, 'portals'],
    ['an unknown local authority in eligibility', { eligibility: { localAuthorities: [999999] } }, 'eligibility.localAuthorities'],
    ['a bad localConnection', { eligibility: { localConnection: 'sometimes' } }, 'eligibility.localConnection'],
    ['a home ownership status of 5', { eligibility: { homeOwnershipStatuses: [5] } }, 'eligibility.homeOwnershipStatuses[0]'],
    ['an unknown eligibility field', { registerInterestFields: { eligibilityFields: ['shoeSize'] } }, 'registerInterestFields.eligibilityFields[0]'],
    ['a bad open-day time', { openDays: [{ date: '2027-01-01', time: '25:00', durationMin: 30, capacity: 3 }] }, 'openDays[0].time'],
    ['a bad publishAt', { publishAt: 'soon' }, 'publishAt'],
  ] as const) {
    it(`answers 422 naming ${field} for ${what}`, async () => {
      const res = await api.put(`${LISTINGS}/l-bad`, listingPayload('ld', ['lp1'], overrides), withKey(account));
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.property(field);
    });
  }

  it('has no POST for listings (405 with Allow)', async () => {
    const res = await api.post(LISTINGS, listingPayload('ld', ['lp1']), { ...withKey(account), undocumented: true });
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.contain('GET');
  });

  it('refuses marketplace, in any case, as a listing ref (422 on the ref), in REST and bulk alike', async () => {
    // the listing routes are reached with the path escaped; plainly spelled, it is the marketplace's path (below)
    const rest = await api.put(`${LISTINGS}/marketplac%65`, listingPayload('ld', ['lp1']), withKey(account));
    expect(rest.status).to.equal(422);
    expect(rest.body.errors.externalRef).to.deep.equal(['externalRef must not be marketplace: listings/marketplace is the path of the marketplace pull']);
    const bulk = await api.post('/api/bulk/listings', { data: ['marketplace', 'MarketPlace'].map((externalRef) => ({ externalRef, ...listingPayload('ld', ['lp1']) })) }, withKey(account));
    expect(bulk.status).to.equal(200);
    expect(bulk.body.data.map((r: { status: string }) => r.status)).to.deep.equal(['failed', 'failed']);
    expect(bulk.body.data[1].errors).to.have.keys('externalRef');
    expect(await testApp().runtime.prisma.listing.count({ where: { externalRef: { equals: 'marketplace', mode: 'insensitive' } } })).to.equal(0);
  });

  it('answers only GET and HEAD on the marketplace path: OPTIONS and 405 say so, in any case', async () => {
    const allowed = (res: { headers: Headers }) => (res.headers.get('allow') ?? '').split(/,\s*/).sort();
    for (const path of [`${LISTINGS}/marketplace`, `${LISTINGS}/Marketplace`, `${LISTINGS}/marketplace/`]) {
      const options = await request('OPTIONS', path, { ...withKey(account), undocumented: true });
      expect(options.status, path).to.equal(200);
      expect(allowed(options), path).to.deep.equal(['GET', 'HEAD']);
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        const res = await request(method, path, { ...withKey(account), body: listingPayload('ld', ['lp1']), undocumented: true });
        expect(res.status, `${method} ${path}`).to.equal(405);
        expect(allowed(res)).to.deep.equal(['GET', 'HEAD']);
      }
    }
    expect((await api.get(`${LISTINGS}/marketplace`, withKey(account))).body).to.have.keys('data', 'pagination', 'links');
    // the pull is the path as written; another case of the word is neither the pull nor a ref
    expect((await request('GET', `${LISTINGS}/MarketPlace`, { ...withKey(account), undocumented: true })).status).to.equal(404);
    // the listing routes still serve every other ref, those that begin with the word too
    const other = await api.put(`${LISTINGS}/marketplace-2`, listingPayload('ld', ['lp1']), withKey(account));
    expect(other.status).to.equal(201);
    expect((await api.get(`${LISTINGS}/marketplace-2`, withKey(account))).body.externalRef).to.equal('marketplace-2');
  });

  it('withdraws a listing with DELETE: out of search and the marketplace, history kept', async () => {
    const { res } = await pushListing(account, api, 'withdraw');
    const id = res.body.id;
    expect(await indexed(id)).to.not.equal(null);
    const del = await api.delete(`${LISTINGS}/listing-withdraw`, withKey(account, { refresh: 'wait_for' }));
    expect(del.status).to.equal(200);
    expect(del.body.withdrawn).to.equal(true);
    expect(await indexed(id)).to.equal(null);
    expect((await api.get(`${LISTINGS}/listing-withdraw`, withKey(account))).status).to.equal(404);
    expect(await testApp().runtime.prisma.listing.findUnique({ where: { id } })).to.not.equal(null);
  });

  it('removes a listing from search when its development is deleted, and brings it back with the development', async () => {
    const { res, dev } = await pushListing(account, api, 'devgone');
    await api.delete(`/api/rest/inventory/developments/${dev}`, withKey(account, { refresh: 'wait_for' }));
    expect(await indexed(res.body.id)).to.equal(null);
    await api.put(`/api/rest/inventory/developments/${dev}`, developmentPayload(), withKey(account, { refresh: 'wait_for' }));
    expect(await indexed(res.body.id)).to.not.equal(null);
  });

  it('reindexes listings when one of their properties changes', async () => {
    const { res, prop, dev } = await pushListing(account, api, 'propchange');
    await api.put(`/api/rest/inventory/properties/${prop}`, propertyPayload(dev, { fullMarketPrice: 500000 }), withKey(account, { refresh: 'wait_for' }));
    const doc = await indexed(res.body.id);
    expect(doc!.minFullMarketPrice).to.equal(500000);
    expect(doc!.view.listing.minShareValue).to.equal(125000);
  });

  it('lists only the account\'s own listings', async () => {
    const other = await createAccount();
    await pushListing(other, api, 'other-own');
    const mine = await api.get(LISTINGS, withKey(account, { size: '100' }));
    expect(mine.body.data.map((l: { externalRef: string }) => l.externalRef)).to.not.include('listing-other-own');
    const theirs = await api.get(LISTINGS, withKey(other));
    expect(theirs.body.data.map((l: { externalRef: string }) => l.externalRef)).to.deep.equal(['listing-other-own']);
  });

  it('serves published marketplace listings to premium accounts, never unpublished or future ones', async () => {
    const { res: live } = await pushListing(account, api, 'mk-live');
    const { res: draft } = await pushListing(account, api, 'mk-draft', { published: false });
    const { res: later } = await pushListing(account, api, 'mk-later', { publishAt: '2999-01-01T00:00:00Z' });
    const all: number[] = [];
    for (let page = 1; ; page++) {
      const res = await api.get('/api/rest/listings/marketplace', withKey(account, { page: String(page), size: '100' }));
      expect(res.status).to.equal(200);
      all.push(...res.body.data.map((l: { id: number }) => l.id));
      if (!res.body.links.next) break;
    }
    expect(all).to.include(live.body.id);
    expect(all).to.not.include(draft.body.id);
    expect(all).to.not.include(later.body.id);
  });
});
