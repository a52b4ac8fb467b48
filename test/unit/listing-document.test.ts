import { expect } from 'chai';
import { buildListingDocument } from '../../src/listing-index/document/listing-document.ts';
import { monthlyCostOf } from '../../src/affordability/affordability.ts';
import { shareOptionsOf, thresholdsOf, undominated } from '../../src/affordability/affordability-thresholds.ts';
import { DEFAULT_LENDING } from '../../src/affordability/lending.ts';
import type { LoadedListing } from '../../src/listing-index/document/listing-loader.ts';
import { listingAvailability, availabilityStatus } from '../../src/inventory/availability.ts';
import { readItem } from '../../src/listing-index/hit-readers.ts';
import { presentListingItem } from '../../src/listings/listing-presenter.ts';

const now = new Date('2026-11-01T10:00:00Z');

function property(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    accountId: 1,
    externalRef: `p${id}`,
    developmentId: 10,
    propertyNumber: `Flat ${id}`,
    propertyType: 'Apartment',
    propertyTypeGroup: 'flat',
    bedrooms: 2,
    bathrooms: 1,
    receptionRooms: 1,
    furnitureStatus: null,
    floorArea: 60,
    rooms: [],
    numberOfFloors: null,
    floor: { name: 'First floor', level: 1 },
    tenure: 'leasehold',
    leaseYears: 125,
    propertyFeatures: [
      { section: 'Parking', values: ['Allocated space'] },
      { section: 'Outside space', values: ['Balcony'] },
    ],
    energyEfficiencyRatingCurrent: 84,
    energyEfficiencyRatingPotential: 86,
    environmentalImpactRatingCurrent: 85,
    environmentalImpactRatingPotential: 88,
    floorplans: [],
    fullSpecifications: null,
    availabilityStatus: 'available',
    firstDibs: false,
    firstDibsExpirationDate: null,
    forSale: true,
    isSharedOwnership: true,
    fullMarketPrice: 300000,
    openMarketValue: null,
    depositValue: null,
    minSharePercentage: 25,
    subsidisedMonthlyRent: 500,
    maxGovernmentLoanPercent: null,
    monthlyServiceCharge: null,
    annualGroundRent: null,
    reservationFee: null,
    monthlyRent: null,
    rentalDeposit: null,
    minTenancyMonths: null,
    maxTenancyMonths: null,
    administrationFee: null,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
    priceChanges: [],
    ...overrides,
  };
}

function listing(overrides: Record<string, unknown> = {}, properties = [property(1), property(2, { bedrooms: 3, fullMarketPrice: 400000, availabilityStatus: 'coming-soon', propertyFeatures: [{ section: 'Parking', values: ['Garage'] }] })]) {
  return {
    id: 7,
    accountId: 1,
    externalRef: 'l7',
    developmentId: 10,
    slug: 'canal-wharf',
    name: 'Canal Wharf',
    forSale: true,
    displayAs: 'featured',
    shortDescription: 'Short',
    longDescription: null,
    headline: 'H',
    titleTag: 'T',
    metaKeywords: 'K',
    metaDescription: 'D',
    mainImage: null,
    galleryImages: [],
    termsAndConditions: null,
    disclaimer: null,
    depositPercentage: 10,
    eligibility: { maxHouseholdIncome: 80000 },
    eligibilityFields: ['deposit'],
    priorityFields: [],
    published: true,
    publishAt: null,
    withdrawnAt: null,
    partnerSources: ['london-portal'],
    indexVersion: 3n,
    createdAt: now,
    updatedAt: now,
    account: { partnerSource: null },
    development: {
      id: 10,
      accountId: 1,
      externalRef: 'd10',
      name: 'Canal Wharf',
      displayAddress: 'Canal Street, Manchester',
      postcode: 'M1 1AD',
      latitude: 53.48,
      longitude: -2.24,
      localAuthorityId: 5,
      localAreaName: null,
      localAreaDescription: null,
      specifications: [],
      galleryImages: [],
      videos: [],
      brochures: [],
      tenure: 'leasehold',
      newBuild: true,
      housingProviderId: 3,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
      housingProvider: { id: 3, name: 'Riverside', contactEmail: 'a@example.org', logoUrl: null, createdAt: now, updatedAt: now },
      localAuthority: { id: 5, code: 'E08000003', name: 'Manchester', longName: 'Manchester City Council', type: 'Metropolitan district', countyId: 2, county: { id: 2, code: 'E11000001', name: 'Greater Manchester', regionId: 1, region: { id: 1, code: 'E12000002', name: 'North West' } } },
    },
    properties: properties.map((p, position) => ({ listingId: 7, propertyId: p.id, position, property: p })),
    schemes: [{ listingId: 7, schemeId: 1, position: 0, scheme: { id: 1, slug: 'shared-ownership', text: 'Shared Ownership', color: '#00847f', position: 0 } }],
    portals: [],
    ...overrides,
  } as unknown as LoadedListing;
}

describe('listing document builder', () => {
  it('denormalises what search filters on', () => {
    const doc = buildListingDocument(listing())!;
    expect(doc).to.include({ id: 7, slug: 'canal-wharf', forSale: true, displayAs: 'featured', availabilityStatus: 'available', newBuild: true, allPortals: true, localAuthorityId: 5, countyId: 2, regionId: 1 });
    expect(doc.location).to.deep.equal({ lat: 53.48, lon: -2.24 });
    expect(doc.bedrooms).to.deep.equal([2, 3]);
    expect(doc.schemes).to.deep.equal(['shared-ownership']);
    expect(doc.parking).to.deep.equal(['Allocated space', 'Garage']);
    expect(doc.features).to.deep.equal(['Balcony']);
    expect(doc.minFullMarketPrice).to.equal(300000);
    expect(doc.minShareValue).to.equal(75000);
    expect(doc.properties.map((p) => [p.id, p.bedrooms, p.minShareValue, p.parking])).to.deep.equal([
      [1, 2, 75000, ['Allocated space']],
      [2, 3, 100000, ['Garage']],
    ]);
    expect(doc.eligibility).to.deep.equal({ maxHouseholdIncome: 80000 });
  });

  it('costs each property a month and holds the thresholds affordable_only filters on', () => {
    const doc = buildListingDocument(listing())!;
    const [first] = buildListingDocument(listing())!.properties;
    // the same arithmetic as the affordability module's (tested there by hand): the document only carries it
    const costed = {
      id: 1,
      forSale: true,
      availabilityStatus: 'available',
      propertyNumber: 'Flat 1',
      depositPercentage: 10,
      minDeposit: null,
      maxHouseholdIncome: 80000,
      isSharedOwnership: true,
      fullMarketPrice: 300000,
      minSharePercentage: 25,
      subsidisedMonthlyRent: 500,
      monthlyServiceCharge: null,
      annualGroundRent: null,
      monthlyRent: null,
      statedDeposit: null,
    };
    // the listing's 10% of the £75,000 share (£7,500) is the deposit needed: loan £67,500 → £375.19 + £500 rent
    expect(first).to.include({ monthlyCost: 875, affordShareValue: 75000, affordMinSavings: 7500, affordMaxIncome: 80000, depositNeeded: 7500, inPool: true, tenure: 'leasehold' });
    expect(first!.monthlyCost).to.equal(monthlyCostOf(costed, DEFAULT_LENDING));
    expect(first!.affordMinIncome).to.be.closeTo(thresholdsOf(costed, DEFAULT_LENDING)!.minIncome, 1e-9);
    // the pool is the available home: the coming-soon one neither feeds monthlyCostFrom nor is in it
    expect(doc.properties.map((p) => p.inPool)).to.deep.equal([true, false]);
    expect(doc.monthlyCostFrom).to.equal(first!.monthlyCost);
    expect(doc.view.properties.map((p) => p.depositNeeded)).to.deep.equal([7500, 10000]);
    expect(doc.view.listing.monthlyCostFrom).to.equal(doc.monthlyCostFrom);
    // the headline home's own costing beside its prices
    expect(doc.view.listing).to.include({ monthlyCost: first!.monthlyCost, depositNeeded: 7500 });
    // eligible_only's money: the listing names "deposit" among its eligibility fields; every share of the pool's one home
    expect(doc.depositRequired).to.equal(true);
    expect(doc.poolShares).to.deep.equal(undominated(shareOptionsOf(costed, DEFAULT_LENDING)));
    expect(doc.poolShares[0]).to.include({ shareValue: 75000, minSavings: 7500 });
    expect(doc.view.properties[0]!.monthlyCostFrom).to.equal(first!.monthlyCost);
    expect(JSON.parse(doc.itemFacts!)).to.deep.include({ latitude: 53.48, longitude: -2.24 });
    expect(JSON.parse(doc.itemFacts!).properties[0]).to.deep.equal(costed);
    // dearer lending, dearer months
    const dearer = buildListingDocument(listing(), { ...DEFAULT_LENDING, mortgageRatePercent: 7 })!;
    expect(dearer.monthlyCostFrom).to.be.above(doc.monthlyCostFrom!);
  });

  it('holds the presentation fields in the view', () => {
    const { view } = buildListingDocument(listing())!;
    expect(view.listing).to.include({ singleProperty: false, depositValue: 7500, minShareValue: 75000, propertyTypeGroup: 'flat', tenure: 'leasehold' });
    expect(view.listing.availabilityStatus).to.deep.equal({ code: 'available', name: 'Available' });
    expect(view.listing.localAuthority).to.deep.include({ name: 'Manchester', longName: 'Manchester City Council' });
    expect(view.listing.propertyFeatures).to.deep.equal([
      { section: 'Parking', values: ['Allocated space', 'Garage'] },
      { section: 'Outside space', values: ['Balcony'] },
    ]);
    expect(view.properties[1]).to.include({ id: 2, bedrooms: 3, minShareValue: 100000, depositValue: 10000 });
    expect(view.properties[1]!.availabilityStatus).to.deep.equal({ code: 'coming-soon', name: 'Coming soon' });
    expect(view.registerInterestFields).to.deep.equal({ eligibilityFields: ['deposit'], priorityFields: [] });
    expect(String(view.listing.mapImageUrl)).to.contain('53.480000,-2.240000');
  });

  it("shows a home sold below its value with the headline home's open-market value and discount", () => {
    const sale = { isSharedOwnership: false, minSharePercentage: null, subsidisedMonthlyRent: null };
    const doc = buildListingDocument(
      listing({}, [
        property(1, { ...sale, fullMarketPrice: 210_000, openMarketValue: 300_000 }),
        property(2, { ...sale, fullMarketPrice: 175_000, openMarketValue: 250_000 }),
        property(3, { ...sale, fullMarketPrice: 150_000, openMarketValue: 250_000, availabilityStatus: 'closed' }),
      ]),
    )!;
    expect(doc.view.listing).to.include({ fullMarketPrice: 175_000, openMarketValue: 250_000, discountPercentage: 30 });
    expect(presentListingItem(doc.view)).to.include({ fullMarketPrice: 175_000, openMarketValue: 250_000, discountPercentage: 30 });
    expect(doc.view.properties.map((p) => [p.id, p.openMarketValue, p.discountPercentage])).to.deep.equal([
      [1, 300_000, 30],
      [2, 250_000, 30],
      [3, 250_000, 40],
    ]);
    const item = JSON.parse(doc.itemPieces!.join('')) as Record<string, unknown>;
    expect(item).to.include({ fullMarketPrice: 175_000, openMarketValue: 250_000, discountPercentage: 30 });
  });

  it('keeps the listing-item slice of the view as one stored field', () => {
    const doc = buildListingDocument(listing({ partnerSources: ['partner-a'] } as Partial<LoadedListing>))!;
    const item = readItem({ fields: { item: [doc.item!] } })!;
    expect(item.id).to.equal(7);
    expect(item.partnerSources).to.deep.equal(['partner-a']);
    expect(presentListingItem(item.view)).to.deep.equal(presentListingItem(doc.view));
    expect(Object.keys(item.view.listing)).to.not.include('longDescription');
  });

  it('writes the stored item in ASCII and reads every other character back', () => {
    const name = 'Quay – Ünïcode £ 😀 \u2028';
    const doc = buildListingDocument(listing({ name }))!;
    expect(doc.item).to.match(/^[\x20-\x7e]*$/);
    expect(readItem({ fields: { item: [doc.item!] } })!.view.listing.name).to.equal(name);
  });

  it('digests the map listing fields: the same for equal documents, new when a map field changes', () => {
    const doc = buildListingDocument(listing())!;
    expect(doc.mapDigest).to.equal(buildListingDocument(listing())!.mapDigest);
    expect(Number.isSafeInteger(doc.mapDigest)).to.equal(true);
    expect(buildListingDocument(listing({ name: 'Canal Wharf II' }))!.mapDigest).to.not.equal(doc.mapDigest);
    expect(buildListingDocument(listing({ displayAs: 'basic' }))!.mapDigest).to.not.equal(doc.mapDigest);
    expect(buildListingDocument(listing({}, [property(1), property(2, { bedrooms: 4 })]))!.mapDigest).to.not.equal(doc.mapDigest);
    expect(buildListingDocument(listing({ longDescription: 'Another text' }))!.mapDigest).to.equal(doc.mapDigest);
  });

  it('is null for withdrawn listings, deleted developments and listings with nothing left to advertise', () => {
    expect(buildListingDocument(listing({ withdrawnAt: now }))).to.equal(null);
    const base = listing();
    expect(buildListingDocument({ ...base, development: { ...base.development, deletedAt: now } } as LoadedListing)).to.equal(null);
    expect(buildListingDocument(listing({}, [property(1, { deletedAt: now })]))).to.equal(null);
  });

  it('carries each property\'s price history and the latest reduction of any of them', () => {
    const at = (iso: string) => new Date(iso);
    const doc = buildListingDocument(
      listing({}, [
        property(1, {
          priceChanges: [
            { forSale: false, price: 1200, change: 'added', changedAt: at('2026-08-01T09:00:00Z') },
            { forSale: true, price: 320000, change: 'added', changedAt: at('2026-09-01T09:00:00Z') },
            { forSale: true, price: 300000, change: 'reduced', changedAt: at('2026-10-10T23:30:00Z') },
          ],
        }),
        property(2, { priceChanges: [{ forSale: true, price: 390000, change: 'reduced', changedAt: at('2026-10-05T09:00:00Z') }] }),
      ]),
    )!;
    // 23:30 UTC on 10 October is 00:30 on the 11th in London (summer time)
    expect(doc.view.properties[0]!.priceHistory).to.deep.equal([
      { date: '2026-09-01', price: 320000, change: 'added' },
      { date: '2026-10-11', price: 300000, change: 'reduced' },
    ]);
    expect(doc.priceReducedOn).to.equal('2026-10-11');
    expect(doc.view.listing.priceReducedOn).to.equal('2026-10-11');
    expect(buildListingDocument(listing())!.priceReducedOn).to.equal(null);
  });

  it("takes the provider's own depositValue of a shared-ownership home into the one deposit rule", () => {
    // the provider asks £24,000 down on the 25% share of £300,000 (£75,000), above the listing's 10% (£7,500)
    const doc = buildListingDocument(listing({}, [property(1, { depositValue: 24_000 })]))!;
    const [home] = doc.properties;
    expect(home).to.include({ depositNeeded: 24_000, affordMinSavings: 24_000 });
    expect(doc.view.properties[0]!.depositNeeded).to.equal(24_000);
    expect(doc.view.listing.depositNeeded).to.equal(24_000);
    // the monthly cost is at that deposit: loan £51,000 → £283.48 + £500 rent
    expect(home!.monthlyCost).to.equal(783);
    expect(doc.monthlyCostFrom).to.equal(783);
  });

  it("counts only the pool's homes' reductions: a sold or let home's is not news (Meadow View, Yeadon)", () => {
    const at = (iso: string) => new Date(iso);
    const reduced = (day: string) => ({ priceChanges: [{ forSale: true, price: 30_000, change: 'reduced', changedAt: at(`${day}T09:00:00Z`) }] });
    // Apartment 609 is sold and was reduced; the available home was not
    const doc = buildListingDocument(listing({}, [property(1, { fullMarketPrice: 135_000 }), property(609, { fullMarketPrice: 120_000, availabilityStatus: 'closed', ...reduced('2026-11-09') })]))!;
    expect(doc.priceReducedOn).to.equal(null);
    expect(doc.view.listing.priceReducedOn).to.equal(null);
    expect(doc.properties.map((p) => p.priceReducedOn)).to.deep.equal([null, null]);
    // a reduction of a home out of the pool (under offer while one is available) is not counted either
    const offer = buildListingDocument(listing({}, [property(1), property(2, { availabilityStatus: 'under-offer', ...reduced('2026-11-09') })]))!;
    expect(offer.priceReducedOn).to.equal(null);
    expect(offer.properties.map((p) => p.priceReducedOn)).to.deep.equal([null, null]);
    // every home sold: still no reduction shown
    const sold = buildListingDocument(listing({}, [property(1, { availabilityStatus: 'closed', ...reduced('2026-11-09') })]))!;
    expect(sold.priceReducedOn).to.equal(null);
    // an available home's reduction is
    const news = buildListingDocument(listing({}, [property(1, reduced('2026-11-09')), property(609, { availabilityStatus: 'closed' })]))!;
    expect(news.priceReducedOn).to.equal('2026-11-09');
  });

  it('dates publication by publishAt, or by creation when that came later', () => {
    expect(buildListingDocument(listing({ publishAt: null }))!.publishedAt).to.equal(now.toISOString());
    const later = new Date('2026-11-05T09:00:00Z');
    expect(buildListingDocument(listing({ publishAt: later }))!.publishedAt).to.equal(later.toISOString());
    expect(buildListingDocument(listing({ publishAt: new Date('2020-01-01T00:00:00Z') }))!.publishedAt).to.equal(now.toISOString());
  });

  it('is live when published and its publication time has passed by the time it is built, never before', () => {
    const at = new Date('2026-11-05T09:00:00Z');
    const built = (o: Record<string, unknown>, when: Date) => buildListingDocument(listing(o), undefined, when)!.live;
    expect(built({ publishAt: null }, at)).to.equal(true);
    expect(built({ publishAt: at }, at)).to.equal(true);
    expect(built({ publishAt: new Date(at.getTime() + 1) }, at)).to.equal(false);
    expect(built({ publishAt: new Date(at.getTime() + 1) }, new Date(at.getTime() + 1))).to.equal(true);
    expect(built({ publishAt: null, published: false }, at)).to.equal(false);
  });

  it('leaves deleted properties out', () => {
    const doc = buildListingDocument(listing({}, [property(1), property(2, { deletedAt: now, bedrooms: 4 })]))!;
    expect(doc.bedrooms).to.deep.equal([2]);
    expect(doc.view.listing.singleProperty).to.equal(true);
  });

  it('names availability by occupancy type and ranks a listing by its most available property', () => {
    expect(availabilityStatus('closed', true).name).to.equal('Sold');
    expect(availabilityStatus('closed', false).name).to.equal('Let');
    expect(listingAvailability(['closed', 'under-offer'])).to.equal('under-offer');
    expect(listingAvailability(['coming-soon', 'closed'])).to.equal('coming-soon');
    expect(listingAvailability(['closed'])).to.equal('closed');
  });
});
