// affordable_only, max_monthly_cost and the monthly-cost-low-high sort, judged by the engine, return
// exactly what the affordability module decides, over generated listings and households.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey } from '../support/factories.ts';
import { P } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';
import { affordableAtMinimumShare, affordabilityOf, lowestMonthlyCost as monthlyCostFrom, monthlyCostOf, type CostedProperty } from '../../src/affordability/affordability.ts';
import { DEFAULT_LENDING } from '../../src/affordability/lending.ts';

interface Generated {
  id: number;
  properties: CostedProperty[];
}

let seed = 2024;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
const lending = DEFAULT_LENDING;

describe('affordability judged by the engine', function () {
  this.timeout(120_000);
  const forSale: Generated[] = [];
  const toRent: Generated[] = [];

  before(async () => {
    const account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    await api.put('/api/rest/inventory/developments/aff-dev', developmentPayload({ postcode: 'NG8 2EL', name: 'Bilborough Rise' }), k);
    for (let l = 0; l < 28; l++) {
      const rent = l >= 22;
      const properties: CostedProperty[] = [];
      const refs: string[] = [];
      for (let n = 0; n < 1 + Math.floor(random() * 3); n++) {
        const ref = `aff-${l}-${n}`;
        const shared = !rent && random() < 0.6;
        const body = rent
          ? { forSale: false, isSharedOwnership: false, fullMarketPrice: null, minSharePercentage: null, subsidisedMonthlyRent: null, monthlyRent: Math.round(500 + random() * 1500) }
          : {
              isSharedOwnership: shared,
              fullMarketPrice: Math.round(90_000 + random() * 400_000),
              minSharePercentage: shared ? pick([10, 25, 40]) : null,
              subsidisedMonthlyRent: shared ? Math.round(100 + random() * 700) : null,
              monthlyServiceCharge: pick([null, 45, 120.5]),
              annualGroundRent: pick([null, 300]),
            };
        const res = await api.put(`/api/rest/inventory/properties/${ref}`, propertyPayload('aff-dev', { bedrooms: 1 + n, ...body }), k);
        expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
        refs.push(ref);
        properties.push({
          id: res.body.id,
          forSale: !rent,
          isSharedOwnership: !rent && shared,
          fullMarketPrice: rent ? null : (body.fullMarketPrice as number),
          minSharePercentage: rent || !shared ? null : (body.minSharePercentage as number),
          subsidisedMonthlyRent: rent || !shared ? null : (body.subsidisedMonthlyRent as number),
          monthlyServiceCharge: rent ? null : ((body as { monthlyServiceCharge: number | null }).monthlyServiceCharge ?? null),
          annualGroundRent: rent ? null : ((body as { annualGroundRent: number | null }).annualGroundRent ?? null),
          monthlyRent: rent ? (body.monthlyRent as number) : null,
          // the listing's deposit percentage (the factory's 10%): the one deposit rule reads it
          depositPercentage: 10,
        });
      }
      const listing = await api.put(`/api/rest/listings/aff-${l}`, listingPayload('aff-dev', refs, { name: `Rumney ${l}`, forSale: !rent, schemes: [rent ? 'market-rent' : 'shared-ownership'], eligibility: {} }), k);
      expect(listing.status, JSON.stringify(listing.body)).to.be.oneOf([200, 201]);
      (rent ? toRent : forSale).push({ id: listing.body.id, properties });
    }
    const { prisma, search, listingIndex } = testApp().runtime;
    await eventually(async () => {
      if ((await prisma.listingOutbox.count()) > 0) throw new Error('outbox not drained yet');
    }, 30_000);
    await search.indices.refresh({ index: listingIndex.alias });
  });

  const search = (query: Record<string, unknown>) => api.get(`${P}/search`, { query: { location: 'NG8', radius: 0, max_featured: 0, size: 100, ...query } });
  const sortedIds = (list: Generated[]) => list.map((g) => g.id).sort((a, b) => a - b);
  const idsOf = (body: { data: { id: number }[] }) => body.data.map((i) => i.id).sort((a, b) => a - b);

  it('shows each listing’s monthlyCostFrom and sorts by it, lowest first', async () => {
    const res = await search({ sort_by: 'monthly-cost-low-high' });
    expect(res.body.pagination.total).to.equal(forSale.length);
    const expected = [...forSale].sort((a, b) => monthlyCostFrom(a.properties, lending)! - monthlyCostFrom(b.properties, lending)! || a.id - b.id);
    expect(res.body.data.map((i: { id: number }) => i.id)).to.deep.equal(expected.map((g) => g.id));
    for (const item of res.body.data) expect(item.monthlyCostFrom).to.equal(monthlyCostFrom(forSale.find((g) => g.id === item.id)!.properties, lending));
    const rents = await search({ occupancy_type: 'to-rent', sort_by: 'monthly-cost-low-high' });
    expect(rents.body.data.map((i: { monthlyCostFrom: number }) => i.monthlyCostFrom)).to.deep.equal(toRent.map((g) => monthlyCostFrom(g.properties, lending)).sort((a, b) => a! - b!));
  });

  it('keeps exactly the listings with a property within max_monthly_cost', async () => {
    for (const max of [600, 800, 1000, 1300, 1800]) {
      const res = await search({ max_monthly_cost: max });
      const expected = forSale.filter((g) => g.properties.some((p) => monthlyCostOf(p, lending)! <= max));
      expect(idsOf(res.body), `max ${max}`).to.deep.equal(sortedIds(expected));
      expect(res.body.pagination.total).to.equal(expected.length);
    }
  });

  it('keeps exactly the listings the household can afford, with totals, facets and the map agreeing', async () => {
    let some = 0;
    for (let h = 0; h < 30; h++) {
      const household = { income: Math.round(15_000 + random() * 90_000), deposit: Math.round(random() * 40_000) };
      const occupancy = h % 5 === 4 ? 'to-rent' : 'for-sale';
      const pool = occupancy === 'to-rent' ? toRent : forSale;
      const res = await search({ occupancy_type: occupancy, affordable_only: '1', household_income: household.income, deposit: household.deposit, sort_by: 'monthly-cost-low-high' });
      expect(res.status).to.equal(200);
      const affordable = (g: Generated) => g.properties.filter((p) => affordableAtMinimumShare(p, household, lending));
      const expected = pool.filter((g) => affordable(g).length > 0);
      if (expected.length) some++;
      const context = JSON.stringify({ household, occupancy });
      expect(idsOf(res.body), context).to.deep.equal(sortedIds(expected));
      expect(res.body.pagination.total, context).to.equal(expected.length);
      expect(res.body.mapListings.map((m: { id: number }) => m.id).sort((a: number, b: number) => a - b), context).to.deep.equal(sortedIds(expected));
      const schemeCount = res.body.facets.find((f: { param: string }) => f.param === 'schemes').options.reduce((n: number, o: { count: number }) => n + o.count, 0);
      expect(schemeCount, context).to.equal(expected.reduce((n, g) => n + affordable(g).length, 0));
      // sorted by the monthly cost the item shows (its pool's lowest, every home here being available);
      // each item's figures those of its cheapest affordable property
      const from = (g: Generated) => monthlyCostFrom(g.properties, lending)!;
      expect(res.body.data.map((i: { id: number }) => i.id), context).to.deep.equal([...expected].sort((a, b) => from(a) - from(b) || a.id - b.id).map((g) => g.id));
      for (const item of res.body.data) {
        const g = expected.find((e) => e.id === item.id)!;
        const judged = affordable(g).map((p) => affordabilityOf(p, household, lending));
        expect(item.affordability.status, context).to.equal('affordable');
        expect(item.affordability.monthlyCost, context).to.equal(Math.min(...judged.map((a) => a.monthlyCost!)));
      }
    }
    expect(some).to.be.within(5, 29);
  });
});
