// One truth for money (PORTAL-EXTRAS §10), property-based: generated listings of mixed availability,
// households of random income and savings. Every item's money (headline, monthlyCostFrom, affordability)
// comes from its pool — the available homes among those matching, else coming soon, else under offer,
// else closed — whatever the filters; max_monthly_cost, affordable_only and the monthly-cost sort agree
// with the items shown; and register interest's decision agrees with search's verdict on money.
// The pool is worked out here on its own; each home's costing is affordability.ts's (tested by hand).
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey } from '../support/factories.ts';
import { P, passwordCustomer } from '../support/customers.ts';
import { registerInterest } from '../support/applications.ts';
import { testApp } from '../support/test-app.ts';
import { affordabilityOf, affordableAtMinimumShare, depositNeededOf, monthlyCostOf, type CostedProperty } from '../../src/affordability/affordability.ts';
import { DEFAULT_LENDING } from '../../src/affordability/lending.ts';

interface Home extends CostedProperty {
  bedrooms: number;
  availabilityStatus: string;
}
interface Generated {
  id: number;
  homes: Home[];
}

let seed = 3810;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
const lending = DEFAULT_LENDING;
const ORDER = ['available', 'coming-soon', 'under-offer', 'closed'];

/** The pool, worked out independently of the service: the homes of the best availability among those given. */
function poolOf(homes: readonly Home[]): Home[] {
  const best = Math.min(...homes.map((h) => ORDER.indexOf(h.availabilityStatus)));
  return homes.filter((h) => ORDER.indexOf(h.availabilityStatus) === best);
}
const lowest = (values: (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.min(...known) : null;
};
/** The headline: the pool's cheapest home by price (unknown last), then the lowest id. */
const headlineOf = (pool: Home[]): Home =>
  [...pool].sort((a, b) => (a.fullMarketPrice ?? Infinity) - (b.fullMarketPrice ?? Infinity) || a.id - b.id)[0]!;

interface Item {
  id: number;
  monthlyCostFrom: number | null;
  fullMarketPrice: number | null;
  depositValue: number | null;
  monthlyCost: number | null;
  depositNeeded: number | null;
  affordability: { status: string; propertyId: number | null; share: number | null; monthlyCost: number | null; breakdown: { total: number } | null } | null;
}

describe('one truth for money: the pool, the deposit rule and the decision agree', function () {
  this.timeout(300_000);
  const listings: Generated[] = [];

  before(async () => {
    const account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    const dev = await api.put('/api/rest/inventory/developments/money-dev', developmentPayload({ postcode: 'B76 1BQ', name: 'Ropemakers Walk' }), k);
    expect(dev.status, dev.text).to.be.oneOf([200, 201]);
    for (let l = 0; l < 26; l++) {
      const depositPercentage = pick([null, 5, 10, 15]);
      const minDeposit = pick([null, null, 6_000, 12_000]);
      const maxHouseholdIncome = pick([null, null, 70_000]);
      const homes: Home[] = [];
      const refs: string[] = [];
      const count = 1 + Math.floor(random() * 4);
      for (let n = 0; n < count; n++) {
        const ref = `money-${l}-${n}`;
        const shared = random() < 0.6;
        const body = {
          propertyNumber: `Apartment ${600 + n}`,
          bedrooms: 1 + Math.floor(random() * 3),
          availabilityStatus: pick(['available', 'available', 'coming-soon', 'under-offer', 'closed', 'closed']),
          isSharedOwnership: shared,
          fullMarketPrice: Math.round(90_000 + random() * 400_000),
          minSharePercentage: shared ? pick([10, 25, 40]) : null,
          subsidisedMonthlyRent: shared ? Math.round(100 + random() * 700) : null,
          monthlyServiceCharge: pick([null, 45, 120.5]),
          annualGroundRent: pick([null, 300]),
          // a standard sale's deposit as its provider states it, now and then (the one rule takes it in)
          depositValue: shared ? null : pick([null, 15_000, 60_000]),
        };
        const res = await api.put(`/api/rest/inventory/properties/${ref}`, propertyPayload('money-dev', body), k);
        expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
        refs.push(ref);
        homes.push({
          id: res.body.id,
          forSale: true,
          bedrooms: body.bedrooms,
          availabilityStatus: body.availabilityStatus,
          isSharedOwnership: shared,
          fullMarketPrice: body.fullMarketPrice,
          minSharePercentage: body.minSharePercentage,
          subsidisedMonthlyRent: body.subsidisedMonthlyRent,
          monthlyServiceCharge: body.monthlyServiceCharge,
          annualGroundRent: body.annualGroundRent,
          monthlyRent: null,
          propertyNumber: body.propertyNumber,
          depositPercentage,
          minDeposit,
          maxHouseholdIncome,
          // the price rules' depositValue of a standard sale: the provider's, else the listing's percentage of the price (to the penny)
          statedDeposit: shared ? null : (body.depositValue ?? (depositPercentage === null ? null : Math.round(body.fullMarketPrice * depositPercentage) / 100)),
        });
      }
      const eligibility = { ...(minDeposit !== null ? { minDeposit } : {}), ...(maxHouseholdIncome !== null ? { maxHouseholdIncome } : {}) };
      const listing = await api.put(
        `/api/rest/listings/money-${l}`,
        listingPayload('money-dev', refs, {
          name: `Ropemakers ${l}`,
          schemes: ['shared-ownership'],
          depositPercentage,
          eligibility,
          registerInterestFields: { eligibilityFields: ['annualHouseholdIncome', 'deposit'], priorityFields: [] },
        }),
        k,
      );
      expect(listing.status, JSON.stringify(listing.body)).to.be.oneOf([200, 201]);
      listings.push({ id: listing.body.id, homes });
    }
    const { prisma, search, listingIndex } = testApp().runtime;
    await eventually(async () => {
      if ((await prisma.listingOutbox.count()) > 0) throw new Error('outbox not drained yet');
    }, 60_000);
    await search.indices.refresh({ index: listingIndex.alias });
    // the generated market has what the rule is about: listings whose cheapest home is not in the pool
    const soldCheaper = listings.filter((g) => lowest(g.homes.map((h) => monthlyCostOf(h, lending))) !== lowest(poolOf(g.homes).map((h) => monthlyCostOf(h, lending))));
    expect(soldCheaper.length).to.be.at.least(3);
  });

  const search = (query: Record<string, unknown>) => api.get(`${P}/search`, { query: { location: 'B76', radius: 0, max_featured: 0, size: 100, ...query } });
  const byId = new Map<number, Generated>();
  const generated = (id: number) => {
    if (byId.size === 0) for (const g of listings) byId.set(g.id, g);
    return byId.get(id)!;
  };
  const matching = (g: Generated, bedrooms: number[], statuses: string[] = []) =>
    g.homes.filter((h) => (!bedrooms.length || bedrooms.includes(h.bedrooms)) && (!statuses.length || statuses.includes(h.availabilityStatus)));
  /** now and then the status filter too: a pool among the homes of some availabilities only */
  const statusesFor = (i: number): string[] => (i % 4 === 3 ? pick([['under-offer', 'closed'], ['coming-soon', 'closed'], ['available', 'under-offer']]) : []);
  const households = () => Array.from({ length: 12 }, () => ({ income: Math.round(15_000 + random() * 80_000), deposit: Math.round(random() * 40_000) }));

  it("takes every item's headline, monthlyCostFrom and affordability from its pool, and sorts by the cost it shows", async () => {
    // items whose headline home asks more a month than the pool's cheapest, and standard sales whose stated deposit the rule asks
    let otherFrom = 0;
    let statedAsked = 0;
    for (const [i, h] of households().entries()) {
      const bedrooms = i % 3 === 1 ? [pick([1, 2, 3])] : [];
      const statuses = statusesFor(i);
      const res = await search({ household_income: h.income, deposit: h.deposit, sort_by: 'monthly-cost-low-high', 'bedrooms[]': bedrooms, 'status[]': statuses });
      expect(res.status, res.text).to.equal(200);
      const context = JSON.stringify({ h, bedrooms, statuses });
      const expected = listings.filter((g) => matching(g, bedrooms, statuses).length > 0);
      expect(res.body.pagination.total, context).to.equal(expected.length);
      const items = res.body.data as Item[];
      for (const item of items) {
        const pool = poolOf(matching(generated(item.id), bedrooms, statuses));
        const headline = headlineOf(pool);
        const from = lowest(pool.map((p) => monthlyCostOf(p, lending)));
        expect(item.fullMarketPrice, context).to.equal(headline.fullMarketPrice);
        expect(item.monthlyCostFrom, context).to.equal(from);
        expect(item.monthlyCostFrom!, context).to.be.at.most(monthlyCostOf(headline, lending)!);
        // every money figure of the item is of that one home: its own monthly cost and the deposit it needs
        expect(item.monthlyCost, context).to.equal(monthlyCostOf(headline, lending));
        expect(item.depositNeeded, context).to.equal(depositNeededOf(headline, lending));
        expect(item.monthlyCostFrom!, context).to.be.at.most(item.monthlyCost!);
        // a deposit the provider states is never above the one the rule asks
        if (item.depositValue !== null && !headline.isSharedOwnership) expect(item.depositNeeded!, context).to.be.at.least(item.depositValue);
        if (item.monthlyCostFrom! < item.monthlyCost!) otherFrom++;
        if (!headline.isSharedOwnership && item.depositValue !== null && item.depositValue > (headline.fullMarketPrice! * 15) / 100 && item.depositNeeded === item.depositValue) statedAsked++;
        const verdicts = pool.map((p) => affordabilityOf(p, h, lending));
        expect(pool.map((p) => p.id), context).to.include(item.affordability!.propertyId);
        expect(item.affordability!.status, context).to.equal(verdicts.some((v) => v.status === 'affordable') ? 'affordable' : 'unaffordable');
        // the breakdown adds up to the figure shown
        const own = pool.find((p) => p.id === item.affordability!.propertyId)!;
        expect(item.affordability, context).to.deep.include({ monthlyCost: affordabilityOf(own, h, lending).monthlyCost });
        expect(Math.round(item.affordability!.breakdown!.total), context).to.be.closeTo(item.affordability!.monthlyCost!, 1);
      }
      const costs = items.map((i) => i.monthlyCostFrom ?? Infinity);
      expect(costs, context).to.deep.equal([...costs].sort((a, b) => a - b));
    }
    expect(otherFrom, 'headline homes dearer a month than the pool cheapest').to.be.at.least(1);
    expect(statedAsked, "standard sales whose stated deposit is the rule's").to.be.at.least(1);
  });

  it('keeps exactly the listings whose pool holds a home within max_monthly_cost, reporting a share within it', async () => {
    for (const [i, h] of households().slice(0, 8).entries()) {
      const max = pick([500, 700, 900, 1100, 1400]);
      const bedrooms = i % 2 === 1 ? [pick([1, 2, 3])] : [];
      const statuses = statusesFor(i);
      const res = await search({ household_income: h.income, deposit: h.deposit, max_monthly_cost: max, 'bedrooms[]': bedrooms, 'status[]': statuses });
      const context = JSON.stringify({ h, max, bedrooms, statuses });
      const expected = listings.filter((g) => {
        const m = matching(g, bedrooms, statuses);
        return m.length > 0 && poolOf(m).some((p) => monthlyCostOf(p, lending)! <= max);
      });
      expect((res.body.data as Item[]).map((x) => x.id).sort((a, b) => a - b), context).to.deep.equal(expected.map((g) => g.id).sort((a, b) => a - b));
      expect(res.body.pagination.total, context).to.equal(expected.length);
      for (const item of res.body.data as Item[]) {
        expect(item.monthlyCostFrom!, context).to.be.at.most(max);
        const own = generated(item.id).homes.find((p) => p.id === item.affordability!.propertyId)!;
        // the largest affordable share within the budget, when one is
        const withinBudget = affordabilityOf(own, h, lending, max);
        expect(item.affordability, context).to.deep.include({ share: withinBudget.share, monthlyCost: withinBudget.monthlyCost });
        const atMinimum = affordableAtMinimumShare(own, h, lending) && monthlyCostOf(own, lending)! <= max;
        if (atMinimum) expect(item.affordability!.monthlyCost!, context).to.be.at.most(max);
      }
    }
  });

  it('keeps exactly the listings whose pool holds a home the household can afford (affordable_only)', async () => {
    let some = 0;
    for (const [i, h] of households().entries()) {
      const bedrooms = i % 2 === 1 ? [pick([1, 2, 3])] : [];
      const statuses = statusesFor(i);
      const res = await search({ household_income: h.income, deposit: h.deposit, affordable_only: '1', 'bedrooms[]': bedrooms, 'status[]': statuses, sort_by: 'monthly-cost-low-high' });
      const context = JSON.stringify({ h, bedrooms, statuses });
      const expected = listings.filter((g) => {
        const m = matching(g, bedrooms, statuses);
        return m.length > 0 && poolOf(m).some((p) => affordableAtMinimumShare(p, h, lending));
      });
      if (expected.length) some++;
      expect((res.body.data as Item[]).map((x) => x.id).sort((a, b) => a - b), context).to.deep.equal(expected.map((g) => g.id).sort((a, b) => a - b));
      expect(res.body.mapListings.map((m: { id: number }) => m.id).sort((a: number, b: number) => a - b), context).to.deep.equal(expected.map((g) => g.id).sort((a, b) => a - b));
      for (const item of res.body.data as Item[]) expect(item.affordability!.status, context).to.equal('affordable');
    }
    expect(some).to.be.at.least(3);
  });

  it("gives register interest's decision the verdict search gave on money, for the same household", async () => {
    let affordable = 0;
    let unaffordable = 0;
    for (const h of households().slice(0, 8)) {
      const res = await search({ household_income: h.income, deposit: h.deposit });
      const items = (res.body.data as Item[]).filter((item) => {
        const home = generated(item.id).homes.find((p) => p.id === item.affordability!.propertyId)!;
        return home.availabilityStatus !== 'closed';
      });
      for (const item of [items[0], items[items.length - 1]].filter((x): x is Item => x !== undefined)) {
        const verdict = item.affordability!.status;
        const body = { annualHouseholdIncome: h.income, deposit: h.deposit, eligibleCitizen: true, homeOwnershipStatus: 1, property: item.affordability!.propertyId };
        const decision = await registerInterest(item.id, body, await passwordCustomer());
        const context = JSON.stringify({ h, item: item.id, verdict, decision: decision.body.decision });
        expect(decision.status, context).to.equal(201);
        if (verdict === 'affordable') {
          affordable++;
          expect(decision.body.eligibilityStatus, context).to.equal('passed');
        } else {
          unaffordable++;
          expect(decision.body.eligibilityStatus, context).to.equal('failed');
          expect(decision.body.decision.messages.join(' '), context).to.match(/£/);
        }
      }
    }
    expect(affordable, 'affordable verdicts tried').to.be.at.least(1);
    expect(unaffordable, 'unaffordable verdicts tried').to.be.at.least(1);
  });
});
