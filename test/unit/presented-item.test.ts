import { expect } from 'chai';
import { presentListingItem, type ItemContext } from '../../src/listings/listing-presenter.ts';
import { headlineSlotOf, ITEM_SLOTS, itemPiecesOf, PIECE_COUNT, presentedItemFieldOf, presentedItemText } from '../../src/listing-index/document/presented-item.ts';
import type { ListingItemPayload } from '../../src/listings/listing-item-payload.ts';
import { asciiJson } from '../../src/core/ascii-json.ts';
import { readPresentedItem } from '../../src/listing-index/hit-readers.ts';
import { applyPriceRules } from '../../src/listings/price-rules.ts';
import { PRICE_FIELD_NAMES } from '../../src/listings/price-rules.ts';
import { londonToday } from '../../src/core/london-time.ts';
import type { ListingView } from '../../src/listings/listing-view.ts';

const dayBefore = (days: number) => {
  const d = new Date(`${londonToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

function view(id: number, name: string, priceReducedOn: string | null): Pick<ListingView, 'listing'> {
  const prices = Object.fromEntries(PRICE_FIELD_NAMES.map((f, i) => [f, i % 3 === 0 ? null : 1000 * (i + id)]));
  return {
    listing: {
      id,
      name,
      slug: `listing-${id}`,
      mainImage: { largeSize: 'l.jpg', mediumSize: null, thumbnail: 't.jpg' },
      schemes: [{ slug: 'so', text: 'Shared Ownership – 25%', color: '#1d70b8' }],
      shortDescription: 'Says ,"bedrooms":[9] and "partnerName":null,"partnerImageUrl":null, "priceReducedOn":null}',
      housingProvider: { id: 7, name: 'Homes “Ltd”', contactEmail: 'x@example.com', logoUrl: null },
      propertyTypeGroup: 'flat',
      propertyType: 'apartment',
      availabilityStatus: 'available',
      displayAs: 'normal',
      forSale: true,
      firstDibs: false,
      createdAt: '2026-01-02T03:04:05.000Z',
      priceReducedOn,
      displayAddress: 'Quay Street, Manchester',
      postcode: 'M3 3JZ',
      latitude: 53.48,
      longitude: -2.25,
      newBuild: true,
      bedrooms: [1, 2, 3],
      bathrooms: [1, 2],
      receptionRooms: [],
      furnitureStatus: [],
      tenure: 'leasehold',
      propertyFeatures: ['Balcony'],
      isSharedOwnership: true,
      ...prices,
    } as unknown as ListingView['listing'],
  };
}

describe('presented items kept in the index', () => {
  const reductions = [null, dayBefore(1), dayBefore(29), dayBefore(45)];
  const contexts: ItemContext[] = [
    {},
    { bedrooms: [2] },
    { bedrooms: [1, 3], partner: { name: 'Partner "One" – £', imageUrl: 'https://example.com/p.png' } },
    { partner: { name: 'Plain', imageUrl: null } },
    { personal: { distanceFromHome: 3.2, distanceFromWork: null, affordability: null, eligibility: null } },
    { personal: { distanceFromHome: null, distanceFromWork: null, affordability: null, eligibility: { status: 'failed', reasons: ["Your household income of £95,000 is above this home's limit of £80,000 a year."] } } },
    {
      bedrooms: [2],
      personal: {
        distanceFromHome: null,
        distanceFromWork: 0.4,
        affordability: { propertyId: 7, propertyNumber: 'Plot 7', property: { id: 7, name: 'Plot 7', fullMarketPrice: 300000, monthlyRent: null }, status: 'unaffordable', share: 25, shareValue: 75000, deposit: 2000, mortgage: 73000, monthlyMortgage: 406, monthlyRent: 500, monthlyServiceCharge: 100, monthlyCost: 1006, costToIncomePercent: 35.5, depositNeeded: 3750, breakdown: { mortgage: 405.76, rentOnUnsoldShare: 500, serviceCharge: 100, groundRent: 0, total: 1005.76 }, reasons: ['A 25% share needs a deposit of £3,750; you have £2,000.'], assumptions: { mortgageRatePercent: 4.5, mortgageTermYears: 25, maxLoanToIncome: 4.5, minDepositPercent: 5, maxCostToIncomePercent: 40 } },
        eligibility: { status: 'passed', reasons: [] },
      },
    },
  ];

  it('gives the text presentListingItem would, for every context and reduction age', () => {
    for (const [i, reducedOn] of reductions.entries()) {
      const v = view(i + 1, i % 2 ? 'Ünït "A"' : 'Plain', reducedOn);
      const pieces = presentedItemFieldOf(v);
      expect(pieces).to.have.length(PIECE_COUNT);
      for (const piece of pieces) expect(/^[\x20-\x7e]*$/.test(piece), 'ASCII').to.equal(true);
      for (const context of contexts) {
        const { json, favouriteAt } = presentedItemText(pieces, { bedrooms: context.bedrooms ?? [], partner: context.partner ?? null, personal: context.personal ?? null });
        const expected = presentListingItem(v, { favourite: null, ...context });
        // the same keys in the same order, the same values, and the same escapes
        expect(JSON.stringify(JSON.parse(json))).to.equal(JSON.stringify(expected));
        expect(json).to.equal(asciiJson(JSON.stringify(expected)));
        // where the customer's favourite goes: the member's value, as a customer's copy writes it
        expect(json.slice(favouriteAt - '"favourite":'.length, favouriteAt + 4)).to.equal('"favourite":null');
        const filled = `${json.slice(0, favouriteAt)}true${json.slice(favouriteAt + 4)}`;
        expect(filled).to.equal(asciiJson(JSON.stringify(presentListingItem(v, { ...context, favourite: true }))));
      }
    }
  });

  it("cuts the item at its slots, each slot's members as the item holds them", () => {
    const pieces = presentedItemFieldOf(view(1, 'A', null));
    const slots = Object.keys(ITEM_SLOTS);
    slots.forEach((slot, i) => {
      const members = JSON.parse(`{${pieces[2 * i + 1]!}}`) as Record<string, unknown>;
      expect(Object.keys(members), slot).to.deep.equal([...ITEM_SLOTS[slot as keyof typeof ITEM_SLOTS]]);
    });
    expect(pieces[0]!.startsWith('{"id":1,')).to.equal(true);
    expect(pieces[PIECE_COUNT - 1]).to.equal('}');
  });

  it('refuses an item whose slots are split, out of order or missing', () => {
    const item = presentListingItem(view(1, 'A', null));
    const { partnerImageUrl, ...rest } = item;
    expect(() => itemPiecesOf({ ...rest, name: 'B', partnerImageUrl } as ListingItemPayload)).to.throw(/partner|order|slots/);
    const { bedrooms, ...withoutBedrooms } = item;
    expect(() => itemPiecesOf({ ...withoutBedrooms, bedroomz: bedrooms } as unknown as ListingItemPayload)).to.throw(/slot/);
    const { priceReducedOn, fullMarketPrice, ...moved } = item;
    expect(() => itemPiecesOf({ priceReducedOn, ...moved, fullMarketPrice } as ListingItemPayload)).to.throw(/order/);
  });

  it('shows a reduction only within its window, the day taken when read', () => {
    const pieces = presentedItemFieldOf(view(1, 'A', dayBefore(10)));
    const none = { bedrooms: [], partner: null };
    expect(JSON.parse(presentedItemText(pieces, none).json).priceReducedOn).to.equal(dayBefore(10));
    const later = new Date(Date.now() + 40 * 86_400_000);
    expect(JSON.parse(presentedItemText(pieces, none, later).json).priceReducedOn).to.equal(null);
  });

  it('takes every price field and the reduction from the headline of the matching homes when given', () => {
    const base = { forSale: true, isSharedOwnership: true, tenure: 'leasehold', openMarketValue: null, depositValue: null, maxGovernmentLoanPercent: null, monthlyServiceCharge: 95.5, annualGroundRent: 0, reservationFee: 250, monthlyRent: null, rentalDeposit: null, minTenancyMonths: null, maxTenancyMonths: null, administrationFee: null };
    const prices = applyPriceRules({ ...base, fullMarketPrice: 195000, minSharePercentage: 10, subsidisedMonthlyRent: 335.16 }, 5);
    const costs = { monthlyCost: 640, depositNeeded: 975 };
    const slot = headlineSlotOf(prices, costs);
    expect(/^[\x20-\x7e]*$/.test(slot), 'ASCII').to.equal(true);
    for (const reducedOn of reductions) {
      const headline = { ...prices, ...costs, priceReducedOn: reducedOn, monthlyCostFrom: 612 };
      for (const [i, context] of contexts.entries()) {
        const v = view(i + 1, 'Says ,"fullMarketPrice":1 in its name', dayBefore(2));
        const json = presentedItemText(presentedItemFieldOf(v), { bedrooms: context.bedrooms ?? [], partner: context.partner ?? null, headline: { slot, reducedOn, monthlyCostFrom: 612 }, personal: context.personal ?? null }).json;
        const expected = presentListingItem(v, { favourite: null, ...context, headline });
        expect(json).to.equal(asciiJson(JSON.stringify(expected)));
        const item = JSON.parse(json) as Record<string, unknown>;
        // one home's numbers: the share is its share of its price
        expect(item).to.include({ fullMarketPrice: 195000, minSharePercentage: 10, minShareValue: 19500, depositValue: 975, subsidisedMonthlyRent: 335.16, monthlyCost: 640, depositNeeded: 975, isSharedOwnership: true });
      }
    }
  });

  it('reads a hit, and passes over one without the pieces (an index of an older mapping)', () => {
    const pieces = presentedItemFieldOf(view(12, 'A', null));
    expect(readPresentedItem({ _id: '12', fields: { itemPieces: pieces, itemPartners: ['a'] } })).to.deep.equal({ id: 12, pieces, partnerSources: ['a'] });
    expect(readPresentedItem({ _id: '12', fields: { itemPieces: pieces } })!.partnerSources).to.deep.equal([]);
    expect(readPresentedItem({ _id: '12', fields: { presentedItem: ['{}'] } })).to.equal(null);
    expect(readPresentedItem({ _id: '12' })).to.equal(null);
  });
});
