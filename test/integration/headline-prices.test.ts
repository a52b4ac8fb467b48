// Generated listings of mixed availability around Leicester (a place no other test uses): every price
// field a search item or listing details show comes from one home, the one the rule names, and every
// page of every price sort is in the order of the prices shown.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { testApp } from '../support/test-app.ts';
import { P } from '../support/customers.ts';
import { Rng } from '../../src/demo/random.ts';
import { PRICE_FIELD_NAMES } from '../../src/listings/price-rules.ts';

const SEARCH = `${P}/search`;
const PARTNER = 'leicester-homes';
const STATUSES = ['available', 'coming-soon', 'under-offer', 'closed'] as const;
const SHOWN_FIELDS = [...PRICE_FIELD_NAMES, 'isSharedOwnership'] as const;

type Home = Record<string, unknown> & { id: number; bedrooms: number; availabilityStatus: { code: string }; priceHistory: { date: string; change: string }[] };
type Item = Record<string, unknown> & { id: number; partnerName: string | null; priceReducedOn: string | null };
interface Generated {
  id: number;
  forSale: boolean;
  partner: boolean;
  homes: Home[];
}
type Query = Record<string, string | number | string[]>;

const priceOf = (h: Record<string, unknown>, forSale: boolean) => (forSale ? h.fullMarketPrice : h.monthlyRent) as number | null;

/** The rule, written out independently of the code: most advertised, then cheapest (unknown last), then lowest id. */
function expectedHeadline(homes: Home[], forSale: boolean): Home {
  const rank = (h: Home) => STATUSES.indexOf(h.availabilityStatus.code as (typeof STATUSES)[number]);
  const key = (h: Home): [number, number, number] => [rank(h), priceOf(h, forSale) ?? Number.POSITIVE_INFINITY, h.id];
  return [...homes].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || (ka[1] === kb[1] ? 0 : ka[1] < kb[1] ? -1 : 1) || ka[2] - kb[2];
  })[0]!;
}

/** monthlyCostFrom over the pool (PORTAL-EXTRAS §10): the lowest monthly cost among the homes of the best availability. */
function poolCostFrom(homes: Home[]): number | null {
  const rank = (h: Home) => STATUSES.indexOf(h.availabilityStatus.code as (typeof STATUSES)[number]);
  const best = Math.min(...homes.map(rank));
  const costs = homes.filter((h) => rank(h) === best).map((h) => h.monthlyCostFrom as number | null).filter((c): c is number => c !== null);
  return costs.length ? Math.min(...costs) : null;
}

/**
 * The homes whose reductions are news (PORTAL-EXTRAS §10): those of their listing's own pool (its best
 * availability) that are not sold or let. Filled once the homes are read back.
 */
const newsHomes = new Set<number>();
const historyReducedOn = (h: Home): string | null => h.priceHistory.filter((e) => e.change === 'reduced').reduce<string | null>((latest, e) => (latest === null || e.date > latest ? e.date : latest), null);

/** A home's latest reduction as items and listing details show it: only a home whose reductions are news. */
const reducedOn = (h: Home): string | null => (newsHomes.has(h.id) ? historyReducedOn(h) : null);

function expectFromHome(shown: Record<string, unknown>, home: Home, context: string): void {
  for (const field of SHOWN_FIELDS) expect(shown[field], `${context}: ${field} of home ${home.id}`).to.equal(home[field] ?? null);
  // and that home's own costing, as its property details give it
  expect(shown.monthlyCost, `${context}: monthlyCost of home ${home.id}`).to.equal(home.monthlyCostFrom ?? null);
  expect(shown.depositNeeded, `${context}: depositNeeded of home ${home.id}`).to.equal(home.depositNeeded ?? null);
  // every reduction here is today's, so within the window
  expect(shown.priceReducedOn, `${context}: priceReducedOn of home ${home.id}`).to.equal(reducedOn(home));
}

/** Shown prices in the order of the sort: known ones ascending or descending, unknown ones after them. */
function expectOrdered(prices: (number | null)[], order: 'asc' | 'desc', context: string): void {
  const known = prices.filter((p): p is number => p !== null);
  expect(prices.slice(0, known.length), `${context}: unknown prices last`).to.deep.equal(known);
  const sorted = [...known].sort((a, b) => (order === 'asc' ? a - b : b - a));
  expect(known, `${context}: ${order}`).to.deep.equal(sorted);
}

describe('one headline per listing, and price sorts in the order shown', function () {
  this.timeout(240_000);
  let account: TestAccount;
  const generated = new Map<number, Generated>();
  let meadow: Generated;
  let announced: Generated;
  const rng = new Rng('headline-prices');

  async function pushListing(ref: string, forSale: boolean, homes: Record<string, unknown>[], listing: Record<string, unknown>): Promise<Generated> {
    const dev = `hp-dev-${ref}`;
    await api.put(`/api/rest/inventory/developments/${dev}`, developmentPayload({ postcode: rng.pick(['LE2 1FN', 'LE2 3LU', 'LE2 6AP']), displayAddress: 'London Road, Leicester' }), withKey(account));
    const refs: string[] = [];
    for (const [i, home] of homes.entries()) {
      const propertyRef = `hp-${ref}-${i}`;
      const { reduceFrom, ...body } = home;
      const price = forSale ? 'fullMarketPrice' : 'monthlyRent';
      if (typeof reduceFrom === 'number') await api.put(`/api/rest/inventory/properties/${propertyRef}`, propertyPayload(dev, { ...body, [price]: reduceFrom }), withKey(account));
      const res = await api.put(`/api/rest/inventory/properties/${propertyRef}`, propertyPayload(dev, body), withKey(account));
      expect(res.status, res.text).to.be.oneOf([200, 201]);
      refs.push(propertyRef);
    }
    const res = await api.put(`/api/rest/listings/hp-${ref}`, listingPayload(dev, refs, { name: `Leicester ${ref}`, forSale, ...listing }), withKey(account));
    expect(res.status, res.text).to.equal(201);
    return { id: res.body.id, forSale, partner: Boolean((listing.partnerSources as string[] | undefined)?.length), homes: [] };
  }

  function generatedHome(forSale: boolean): Record<string, unknown> {
    const availabilityStatus = rng.weighted(STATUSES.map((s) => [s, s === 'available' ? 3 : 1] as const));
    const bedrooms = rng.int(1, 4);
    const tba = rng.chance(0.08);
    if (!forSale) {
      const monthlyRent = tba ? null : rng.int(12, 50) * 50;
      return { availabilityStatus, bedrooms, forSale: false, isSharedOwnership: false, fullMarketPrice: null, minSharePercentage: null, subsidisedMonthlyRent: null, monthlyRent, rentalDeposit: monthlyRent && monthlyRent * 1.2, reduceFrom: monthlyRent !== null && rng.chance(0.3) ? monthlyRent + 100 : undefined };
    }
    const shared = rng.chance(0.6);
    const fullMarketPrice = tba ? null : rng.int(120, 1200) * 500;
    return {
      availabilityStatus,
      bedrooms,
      isSharedOwnership: shared,
      fullMarketPrice,
      minSharePercentage: shared ? rng.pick([10, 25, 40]) : null,
      subsidisedMonthlyRent: shared ? rng.float(150, 900) : null,
      depositValue: shared ? null : rng.pick([null, 5000, 12500]),
      monthlyServiceCharge: rng.float(40, 200),
      reduceFrom: fullMarketPrice !== null && rng.chance(0.3) ? fullMarketPrice + 5000 : undefined,
    };
  }

  before(async () => {
    account = await createAccount({ tier: 'premium' });
    await createAccount({ kind: 'partner', partnerSource: PARTNER });
    const pushed: Generated[] = [];
    for (let i = 0; i < 26; i++) {
      const forSale = i < 18;
      const homes = Array.from({ length: rng.int(1, 5) }, () => generatedHome(forSale));
      const listing = forSale
        ? { schemes: [homes.some((h) => h.isSharedOwnership) ? 'shared-ownership' : 'market-sale'], partnerSources: rng.chance(0.3) ? [PARTNER] : [] }
        : { schemes: ['market-rent'], eligibility: {}, registerInterestFields: { eligibilityFields: [], priorityFields: [] } };
      pushed.push(await pushListing(`g${i}`, forSale, homes, listing));
    }
    // the development of the issue: the cheapest home is sold and was reduced, the shares differ
    meadow = await pushListing('meadow', true, [
      { availabilityStatus: 'closed', bedrooms: 1, isSharedOwnership: true, fullMarketPrice: 135000, minSharePercentage: 10, subsidisedMonthlyRent: 232.03, reduceFrom: 140000 },
      { availabilityStatus: 'available', bedrooms: 2, isSharedOwnership: true, fullMarketPrice: 230000, minSharePercentage: 10, subsidisedMonthlyRent: 395.31 },
      { availabilityStatus: 'available', bedrooms: 1, isSharedOwnership: true, fullMarketPrice: 195000, minSharePercentage: 10, subsidisedMonthlyRent: 335.16 },
      { availabilityStatus: 'under-offer', bedrooms: 1, isSharedOwnership: true, fullMarketPrice: 150000, minSharePercentage: 25, subsidisedMonthlyRent: 250 },
    ], { schemes: ['shared-ownership'] });
    pushed.push(meadow);
    // the available home's price is still to be announced: the listing shows no price, not the coming one's
    announced = await pushListing('announced', true, [
      { availabilityStatus: 'available', bedrooms: 2, isSharedOwnership: false, fullMarketPrice: null, minSharePercentage: null, subsidisedMonthlyRent: null },
      { availabilityStatus: 'coming-soon', bedrooms: 2, isSharedOwnership: false, fullMarketPrice: 99000, minSharePercentage: null, subsidisedMonthlyRent: null },
    ], { schemes: ['market-sale'] });
    pushed.push(announced);

    const { prisma, search, listingIndex } = testApp().runtime;
    await eventually(async () => {
      if ((await prisma.listingOutbox.count()) > 0) throw new Error('outbox not drained yet');
    }, 30_000);
    await search.indices.refresh({ index: listingIndex.alias });
    for (const g of pushed) {
      const res = await api.get(`${P}/listings/${g.id}/properties`);
      expect(res.status, res.text).to.equal(200);
      g.homes = res.body.data as Home[];
      generated.set(g.id, g);
      const rank = (h: Home) => STATUSES.indexOf(h.availabilityStatus.code as (typeof STATUSES)[number]);
      const best = Math.min(...g.homes.map(rank));
      for (const h of g.homes) if (rank(h) === best && h.availabilityStatus.code !== 'closed') newsHomes.add(h.id);
    }
    const statuses = new Set([...generated.values()].flatMap((g) => g.homes.map((h) => h.availabilityStatus.code)));
    expect([...statuses].sort(), 'every availability is generated').to.deep.equal([...STATUSES].sort());
  });

  /** Every item of every page of a search around Leicester, in order. */
  async function everyItem(query: Query): Promise<Item[]> {
    const base = { location: 'LE2 3LU', radius: 5, max_featured: 0, size: 5, ...query };
    const first = await api.get(SEARCH, { query: base });
    expect(first.status, first.text).to.equal(200);
    const items = [...(first.body.data as Item[])];
    for (let page = 2; page <= first.body.pagination.lastPage; page++) items.push(...((await api.get(SEARCH, { query: { ...base, page } })).body.data as Item[]));
    expect(items.length).to.equal(first.body.pagination.total);
    return items;
  }

  it("shows the issue's development as one home: the cheapest available, not the sold one", async () => {
    const details = (await api.get(`${P}/listings/${meadow.id}`)).body;
    expect(details).to.include({ fullMarketPrice: 195000, minSharePercentage: 10, minShareValue: 19500, subsidisedMonthlyRent: 335.16, priceReducedOn: null });
    const item = (await everyItem({})).find((i) => i.id === meadow.id)!;
    expect(item).to.include({ fullMarketPrice: 195000, minShareValue: 19500, subsidisedMonthlyRent: 335.16, priceReducedOn: null });
    // only the sold home matches: its prices, but not its reduction (a sold home's reduction is not news)
    const sold = (await everyItem({ 'status[]': ['closed'] })).find((i) => i.id === meadow.id)!;
    expect(sold).to.include({ fullMarketPrice: 135000, minShareValue: 13500, subsidisedMonthlyRent: 232.03, priceReducedOn: null });
    // nor does reduced_only find the listing by it
    expect((await everyItem({ reduced_only: '1' })).map((i) => i.id)).to.not.include(meadow.id);
  });

  it('puts a listing whose headline price is to be announced last in both price sorts', async () => {
    for (const sort_by of ['price-low-high', 'price-high-low']) {
      const items = await everyItem({ sort_by });
      expect(items.at(-1)!.id, sort_by).to.equal(announced.id);
      expect(items.at(-1)!.fullMarketPrice).to.equal(null);
    }
  });

  it("gives listing details the prices of one home, the headline's, with and without bedrooms[]", async () => {
    for (const g of generated.values()) {
      const details = (await api.get(`${P}/listings/${g.id}`)).body;
      expectFromHome(details, expectedHeadline(g.homes, g.forSale), `listing ${g.id}`);
      expect(details.monthlyCostFrom, `listing ${g.id}: monthlyCostFrom`).to.equal(poolCostFrom(g.homes));
      for (const bedrooms of new Set(g.homes.map((h) => h.bedrooms))) {
        const some = (await api.get(`${P}/listings/${g.id}`, { query: { 'bedrooms[]': [String(bedrooms)] } })).body;
        const homes = g.homes.filter((h) => h.bedrooms === bedrooms);
        expectFromHome(some, expectedHeadline(homes, g.forSale), `listing ${g.id}, ${bedrooms} bedrooms`);
        // monthlyCostFrom follows the same homes, and is never above the headline home's own
        expect(some.monthlyCostFrom, `listing ${g.id}, ${bedrooms} bedrooms: monthlyCostFrom`).to.equal(poolCostFrom(homes));
        const own = expectedHeadline(homes, g.forSale).monthlyCostFrom as number | null;
        if (own !== null) expect(some.monthlyCostFrom as number).to.be.at.most(own);
      }
    }
  });

  const saleFilters: [string, Query, (h: Home) => boolean][] = [
    ['no filter', {}, () => true],
    ['two bedrooms', { 'bedrooms[]': ['2'] }, (h) => h.bedrooms === 2],
    ['sold homes', { 'status[]': ['closed'] }, (h) => h.availabilityStatus.code === 'closed'],
    ['coming soon or under offer', { 'status[]': ['coming-soon', 'under-offer'] }, (h) => ['coming-soon', 'under-offer'].includes(h.availabilityStatus.code)],
    ['at most 250,000', { max_full_value: 250000 }, (h) => h.fullMarketPrice !== null && (h.fullMarketPrice as number) <= 250000],
    ['at least 300,000 with three bedrooms or more', { min_full_value: 300000, min_bedrooms: 3 }, (h) => h.fullMarketPrice !== null && (h.fullMarketPrice as number) >= 300000 && h.bedrooms >= 3],
    // reduced_only is a filter on the homes whose reductions are news: the home shown is a reduced one of the pool
    ['reduced in price', { reduced_only: '1' }, (h) => reducedOn(h) !== null],
    ['two bedrooms reduced in price', { reduced_only: '1', 'bedrooms[]': ['2'] }, (h) => h.bedrooms === 2 && reducedOn(h) !== null],
  ];
  const rentFilters: [string, Query, (h: Home) => boolean][] = [
    ['no filter', {}, () => true],
    ['one or two bedrooms', { 'bedrooms[]': ['1', '2'] }, (h) => h.bedrooms <= 2],
    ['at most 1,500 a month', { max_monthly_rent: 1500 }, (h) => h.monthlyRent !== null && (h.monthlyRent as number) <= 1500],
    ['let or let agreed', { 'status[]': ['closed', 'under-offer'] }, (h) => ['closed', 'under-offer'].includes(h.availabilityStatus.code)],
    ['available and reduced', { reduced_only: '1', 'status[]': ['available'] }, (h) => h.availabilityStatus.code === 'available' && reducedOn(h) !== null],
  ];
  const searches: [boolean, string[], typeof saleFilters][] = [
    [true, ['newest', 'price-low-high', 'price-high-low'], saleFilters],
    [false, ['newest', 'rent-low-high', 'rent-high-low'], rentFilters],
  ];

  for (const [forSale, sorts, filters] of searches) {
    for (const [name, query, matches] of filters) {
      it(`${forSale ? 'for sale' : 'to rent'}, ${name}: each item shows the headline of its matching homes, and price sorts order every page by it`, async () => {
        const occupancy = { occupancy_type: forSale ? 'for-sale' : 'to-rent' };
        const expectedIds = [...generated.values()].filter((g) => g.forSale === forSale && g.homes.some(matches)).map((g) => g.id);
        for (const sort_by of sorts) {
          const items = await everyItem({ ...occupancy, ...query, sort_by });
          const ours = items.filter((i) => generated.has(i.id));
          expect(ours.map((i) => i.id), `${name}, ${sort_by}: the listings with a matching home`).to.have.members(expectedIds);
          for (const item of ours) {
            const g = generated.get(item.id)!;
            expectFromHome(item, expectedHeadline(g.homes.filter(matches), forSale), `${name}, ${sort_by}, listing ${item.id}`);
          }
          if (sort_by !== 'newest') expectOrdered(items.map((i) => priceOf(i, forSale)), sort_by.endsWith('low-high') ? 'asc' : 'desc', `${name}, ${sort_by}`);
        }
      });
    }
  }

  it("puts the partner's listings first in price sorts, each group in the order of the prices shown", async () => {
    const partnered = [...generated.values()].filter((g) => g.partner).map((g) => g.id);
    expect(partnered.length, 'some generated listings are in partnership').to.be.greaterThan(1);
    for (const sort_by of ['price-low-high', 'price-high-low'] as const) {
      const items = await everyItem({ source: PARTNER, sort_by });
      const firsts = items.findIndex((i) => i.partnerName === null);
      const group = items.slice(0, firsts < 0 ? items.length : firsts);
      expect(group.map((i) => i.id), sort_by).to.have.members(partnered);
      expect(items.slice(group.length).every((i) => i.partnerName === null), `${sort_by}: no partner listing after the others`).to.equal(true);
      const order = sort_by === 'price-low-high' ? 'asc' : 'desc';
      expectOrdered(group.map((i) => priceOf(i, true)), order, `${sort_by}, partner listings`);
      expectOrdered(items.slice(group.length).map((i) => priceOf(i, true)), order, `${sort_by}, the others`);
    }
  });
});
