// The marketplace pull (PORTAL-EXTRAS §12), REST and bulk: each listing with `singleProperty` and its
// properties' details exactly as its listing page gives them to a visitor, so that a partner needs no
// second call per listing.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { P } from '../support/customers.ts';

interface Pulled {
  id: number;
  slug: string;
  singleProperty: boolean;
  propertyDetails: { id: number } | null;
  properties: { id: number }[];
}

async function pullAll(account: TestAccount, path: string): Promise<Map<number, Pulled>> {
  const all = new Map<number, Pulled>();
  for (let page = 1; ; page++) {
    const res = await api.get(path, withKey(account, { page: String(page), size: '100' }));
    expect(res.status).to.equal(200);
    for (const item of res.body.data as Pulled[]) all.set(item.id, item);
    if (!res.body.links.next) break;
  }
  return all;
}

describe('the marketplace pull with property details', function () {
  this.timeout(30_000);
  let account: TestAccount;
  const ids = { single: 0, multi: 0 };

  before(async () => {
    account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    await api.put('/api/rest/inventory/developments/mp-dev', developmentPayload({ postcode: 'LS1 4AP', displayAddress: 'Park Row, Leeds' }), k);
    await api.put('/api/rest/inventory/properties/mp-1', propertyPayload('mp-dev', { floorArea: 61 }), k);
    await api.put('/api/rest/inventory/properties/mp-2', propertyPayload('mp-dev', { propertyNumber: 'Flat 2', bedrooms: 3, fullMarketPrice: 420000 }), k);
    await api.put('/api/rest/inventory/properties/mp-3', propertyPayload('mp-dev', { propertyNumber: 'Flat 3' }), k);
    const single = await api.put('/api/rest/listings/mp-single', listingPayload('mp-dev', ['mp-1'], { name: 'Park Row One' }), withKey(account, { refresh: 'wait_for' }));
    const multi = await api.put('/api/rest/listings/mp-multi', listingPayload('mp-dev', ['mp-2', 'mp-3'], { name: 'Park Row Two' }), withKey(account, { refresh: 'wait_for' }));
    expect([single.status, multi.status]).to.deep.equal([201, 201]);
    ids.single = single.body.id;
    ids.multi = multi.body.id;
  });

  for (const [name, path] of [
    ['REST', '/api/rest/listings/marketplace'],
    ['bulk', '/api/bulk/listings'],
  ] as const) {
    it(`gives each listing of the ${name} pull singleProperty and the listing page's property details`, async () => {
      const pulled = await pullAll(account, path);
      const single = pulled.get(ids.single)!;
      const multi = pulled.get(ids.multi)!;
      const singlePage = (await api.get(`${P}/listings/slug/${single.slug}/full-details`)).body;
      const multiPage = (await api.get(`${P}/listings/slug/${multi.slug}/full-details`)).body;

      expect(single.singleProperty).to.equal(true);
      expect(single.propertyDetails).to.not.equal(null);
      expect(single.propertyDetails).to.deep.equal(singlePage.listing.propertyDetails);
      expect(single.properties).to.deep.equal([]);
      expect(single.propertyDetails).to.include({ floorArea: 61, bedrooms: 2 });

      expect(multi.singleProperty).to.equal(false);
      expect(multi.propertyDetails).to.equal(null);
      expect(multi.properties).to.deep.equal(multiPage.properties);
      expect(multi.properties.map((p) => p.id)).to.have.length(2);
    });
  }
});
