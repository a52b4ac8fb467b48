// A card is about one home (PORTAL-EXTRAS §10), property-based: generated listings of available, sold,
// under-offer and reduced homes, standard sales and shared ownership with and without a deposit their
// provider states, searched by generated households (savings known or not). Every money line of each
// item, and of the portal's card text (web/src/format.ts, the card's own pure functions), is of the
// headline home or names its home and that home's price; no sold home feeds a figure, badge or reduction
// while another is advertised; each breakdown adds up to the figure beside it; one monthly figure per
// home and deposit; and register interest's decision agrees with search's verdict on money.
// The expected figures come from the homes as generated here; each home's costing is affordability.ts's
// (tested by hand in test/unit/affordability.test.ts).
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey, withdrawListingsOf, type TestAccount } from '../support/factories.ts';
import { P, passwordCustomer } from '../support/customers.ts';
import { registerInterest } from '../support/applications.ts';
import { testApp } from '../support/test-app.ts';
import { depositNeededOf, monthlyCostOf, type CostedProperty } from '../../src/affordability/affordability.ts';
import { DEFAULT_LENDING } from '../../src/affordability/lending.ts';
import { affordableText, money, monthlyCostText, priceText, verdictHomeText, type AffordabilityFigures } from '../../web/src/format.ts';

interface Home extends CostedProperty {
  availabilityStatus: string;
  reduced: boolean;
}
interface Generated {
  id: number;
  homes: Home[];
}
interface Item {
  id: number;
  fullMarketPrice: number | null;
  minShareValue: number | null;
  isSharedOwnership: boolean;
  forSale: boolean;
  minSharePercentage: number | null;
  monthlyRent: number | null;
  monthlyCost: number | null;
  depositNeeded: number | null;
  priceReducedOn: string | null;
  affordability: (AffordabilityFigures & { propertyId: number | null; property: { id: number; name: string | null; fullMarketPrice: number | null; monthlyRent: number | null } | null }) | null;
}

let seed = 5021;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
const lending = DEFAULT_LENDING;
const ORDER = ['available', 'coming-soon', 'under-offer', 'closed'];
const poolOf = (homes: readonly Home[]): Home[] => {
  const best = Math.min(...homes.map((h) => ORDER.indexOf(h.availabilityStatus)));
  return homes.filter((h) => ORDER.indexOf(h.availabilityStatus) === best);
};
const headlineOf = (pool: Home[]): Home => [...pool].sort((a, b) => (a.fullMarketPrice ?? Infinity) - (b.fullMarketPrice ?? Infinity) || a.id - b.id)[0]!;
const cents = (x: number) => Math.round(x * 100);

describe('a card is about one home: every money line, badge and reduction', function () {
  this.timeout(300_000);
  const listings: Generated[] = [];

  let account: TestAccount;
  // the money test searches the same district: nothing of this file stays there
  after(() => withdrawListingsOf(account));

  before(async () => {
    account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    const dev = await api.put('/api/rest/inventory/developments/card-dev', developmentPayload({ postcode: 'B76 1BQ', name: 'Saddlers Yard' }), k);
    expect(dev.status, dev.text).to.be.oneOf([200, 201]);
    for (let l = 0; l < 18; l++) {
      const depositPercentage = pick([null, 5, 10]);
      const homes: Home[] = [];
      const refs: string[] = [];
      const count = 2 + Math.floor(random() * 3);
      for (let n = 0; n < count; n++) {
        const ref = `card-${l}-${n}`;
        const shared = random() < 0.6;
        const price = Math.round(100_000 + random() * 300_000);
        const minShare = shared ? pick([25, 40, 50]) : null;
        // the provider's own deposit now and then, sometimes above what any other rule asks
        const providerDeposit = pick([null, null, 6_000, 24_000]);
        const body = {
          propertyNumber: n === 0 ? 'Plot 1' : `Apartment ${600 + n * 3}`,
          availabilityStatus: 'available',
          isSharedOwnership: shared,
          fullMarketPrice: price,
          minSharePercentage: minShare,
          subsidisedMonthlyRent: shared ? Math.round(150 + random() * 500) : null,
          monthlyServiceCharge: pick([null, 45, 120.5]),
          depositValue: providerDeposit,
        };
        let res = await api.put(`/api/rest/inventory/properties/${ref}`, propertyPayload('card-dev', body), k);
        expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
        // some homes are reduced; then some homes (reduced or not) are sold or go under offer
        const reduced = random() < 0.4;
        const finalPrice = reduced ? price - 10_000 : price;
        const status = pick(['available', 'available', 'under-offer', 'closed', 'closed']);
        if (reduced || status !== 'available') {
          res = await api.put(`/api/rest/inventory/properties/${ref}`, propertyPayload('card-dev', { ...body, fullMarketPrice: finalPrice, availabilityStatus: status }), k);
          expect(res.status, JSON.stringify(res.body)).to.equal(200);
        }
        refs.push(ref);
        homes.push({
          id: res.body.id,
          forSale: true,
          reduced,
          availabilityStatus: status,
          isSharedOwnership: shared,
          fullMarketPrice: finalPrice,
          minSharePercentage: minShare,
          subsidisedMonthlyRent: body.subsidisedMonthlyRent,
          monthlyServiceCharge: body.monthlyServiceCharge,
          annualGroundRent: null,
          monthlyRent: null,
          propertyNumber: body.propertyNumber,
          depositPercentage,
          minDeposit: null,
          maxHouseholdIncome: null,
          // the deposit the home states: a standard sale's price fields' (the provider's, else the listing's
          // percentage of the price, to the penny), a shared-ownership home's provider's
          statedDeposit: shared ? providerDeposit : (providerDeposit ?? (depositPercentage === null ? null : Math.round(finalPrice * depositPercentage) / 100)),
        });
      }
      const listing = await api.put(
        `/api/rest/listings/card-${l}`,
        listingPayload('card-dev', refs, { name: `Saddlers ${l}`, depositPercentage, eligibility: {}, registerInterestFields: { eligibilityFields: ['annualHouseholdIncome', 'deposit'], priorityFields: [] } }),
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
    // the generated market holds what the rules are about
    const soldReducedOnly = listings.filter((g) => g.homes.some((h) => h.reduced && h.availabilityStatus === 'closed') && !poolOf(g.homes).some((h) => h.reduced && h.availabilityStatus !== 'closed'));
    expect(soldReducedOnly.length, 'listings whose only reduction is of a home out of the pool').to.be.at.least(2);
    expect(listings.filter((g) => g.homes.some((h) => h.isSharedOwnership && h.statedDeposit === 24_000 && h.availabilityStatus === 'available')).length).to.be.at.least(1);
  });

  const search = (query: Record<string, unknown>) => api.get(`${P}/search`, { query: { location: 'B76', radius: 0, max_featured: 0, size: 100, ...query } });
  const generated = (id: number) => listings.find((g) => g.id === id)!;
  /** households: income and savings, the savings unknown now and then */
  const households = () => Array.from({ length: 10 }, (_, i) => ({ income: Math.round(18_000 + random() * 70_000), deposit: i % 3 === 2 ? null : Math.round(random() * 40_000) }));

  it('gives every item and card money line of its headline home, or names the home and its price', async () => {
    let otherHome = 0;
    let labelled = 0;
    for (const h of households()) {
      const res = await search({ household_income: h.income, ...(h.deposit === null ? {} : { deposit: h.deposit }) });
      expect(res.status, res.text).to.equal(200);
      for (const item of res.body.data as Item[]) {
        const g = generated(item.id);
        const pool = poolOf(g.homes);
        const headline = headlineOf(pool);
        const context = JSON.stringify({ h, listing: item.id, homes: g.homes.map((x) => [x.id, x.availabilityStatus, x.fullMarketPrice, x.reduced]) });
        // the item's own money lines: the headline home's price, its monthly cost and the deposit it needs
        expect(item.fullMarketPrice, context).to.equal(headline.fullMarketPrice);
        expect(item.monthlyCost, context).to.equal(monthlyCostOf(headline, lending));
        expect(item.depositNeeded, context).to.equal(depositNeededOf(headline, lending));
        // a reduction is shown only of the headline, a home of the pool that is not sold
        expect(item.priceReducedOn !== null, context).to.equal(headline.reduced && headline.availabilityStatus !== 'closed');
        const card = [priceText({ ...item, depositNeeded: item.depositNeeded }).main, ...priceText(item).details, monthlyCostText(item.monthlyCost)];
        expect(card.join(' | '), context).to.include(money(item.isSharedOwnership ? item.minShareValue! : item.fullMarketPrice!));
        if (item.depositNeeded !== null && !item.isSharedOwnership) expect(card.join(' | '), context).to.include(`Deposit ${money(item.depositNeeded)}`);

        // the verdict: of a home of the pool, which it names with its price
        const a = item.affordability!;
        const home = pool.find((p) => p.id === a.propertyId);
        expect(home, `${context} verdict of ${a.propertyId}`).to.not.equal(undefined);
        expect(a.property, context).to.deep.equal({ id: home!.id, name: home!.propertyNumber, fullMarketPrice: home!.fullMarketPrice, monthlyRent: null });
        if (home!.id !== headline.id) otherHome++;
        const named = verdictHomeText(a)!;
        expect(named, context).to.equal(`${home!.propertyNumber}, ${money(home!.fullMarketPrice!)}`);
        // never a deposit below the one needed; at the deposit needed, the one monthly figure of that home and share
        expect(a.deposit!, context).to.be.at.least(Math.round(a.depositNeeded!) - 1);
        if (a.share === (home!.isSharedOwnership ? home!.minSharePercentage : 100) && a.deposit === Math.round(a.depositNeeded!)) expect(a.monthlyCost, context).to.equal(monthlyCostOf(home!, lending));
        // the breakdown adds up to the figure beside it, in pence
        const b = a.breakdown!;
        expect(cents(b.mortgage) + cents(b.rentOnUnsoldShare) + cents(b.serviceCharge) + cents(b.groundRent), context).to.equal(cents(b.total));
        if (a.status === 'affordable') {
          const text = affordableText(a)!;
          expect(text, context).to.match(new RegExp(`^${named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
          expect(text, context).to.include(`${money(b.total)} a month`);
          // a figure with the household's own savings above the deposit needed says so
          if (a.deposit! > a.depositNeeded!) {
            labelled++;
            expect(text, context).to.include(`with your ${money(a.deposit!)} savings`);
          } else expect(text, context).to.not.include('savings');
        }
      }
    }
    expect(otherHome, 'verdicts about another home than the headline').to.be.at.least(1);
    expect(labelled, 'figures with the savings, labelled').to.be.at.least(1);
  });

  it("reduced_only keeps exactly the listings whose headline, a pool home not sold, was reduced", async () => {
    const res = await search({ reduced_only: '1' });
    expect(res.status, res.text).to.equal(200);
    const expected = listings.filter((g) => poolOf(g.homes).some((h) => h.reduced && h.availabilityStatus !== 'closed'));
    expect(expected.length).to.be.at.least(1);
    const items = res.body.data as Item[];
    expect(items.map((i) => i.id).sort((a, b) => a - b)).to.deep.equal(expected.map((g) => g.id).sort((a, b) => a - b));
    for (const item of items) {
      const reducedPool = poolOf(generated(item.id).homes).filter((h) => h.reduced);
      expect(item.priceReducedOn).to.not.equal(null);
      expect(item.fullMarketPrice).to.equal(headlineOf(reducedPool).fullMarketPrice);
    }
  });

  it("gives register interest's decision the verdict search gave on money, for the same household", async () => {
    let affordable = 0;
    for (const h of households().filter((x) => x.deposit !== null).slice(0, 5)) {
      const res = await search({ household_income: h.income, deposit: h.deposit });
      const items = res.body.data as Item[];
      for (const item of [items[0], items[items.length - 1]].filter((x): x is Item => x !== undefined)) {
        const verdict = item.affordability!.status;
        const body = { annualHouseholdIncome: h.income, deposit: h.deposit, eligibleCitizen: true, homeOwnershipStatus: 1, property: item.affordability!.propertyId };
        const decision = await registerInterest(item.id, body, await passwordCustomer());
        const context = JSON.stringify({ h, item: item.id, verdict, decision: decision.body.decision });
        expect(decision.status, context).to.equal(201);
        if (verdict === 'affordable') {
          affordable++;
          expect(decision.body.eligibilityStatus, context).to.equal('passed');
        } else expect(decision.body.eligibilityStatus, context).to.not.equal('passed');
      }
    }
    expect(affordable, 'affordable verdicts tried').to.be.at.least(1);
  });
});
