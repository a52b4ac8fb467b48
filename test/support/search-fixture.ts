// A small, known marketplace for search tests, pushed through the sync interface: listings in Leeds,
// Bristol and Cardiff (places no other test uses) with chosen prices, types, schemes and rules.
import { api } from './api.ts';
import { createAccount, eventually, withKey, type TestAccount } from './factories.ts';
import { testApp } from './test-app.ts';

export interface FixtureListing {
  ref: string;
  id: number;
  slug: string;
}

export interface SearchFixture {
  account: TestAccount;
  partner: TestAccount;
  listings: Record<string, FixtureListing>;
}

const dev = (postcode: string, newBuild = true) => ({ name: `Dev ${postcode}`, displayAddress: `Somewhere near ${postcode}`, postcode, tenure: 'leasehold', newBuild });

const prop = (development: string, o: Record<string, unknown>) => ({
  development,
  propertyNumber: 'Flat',
  propertyType: 'Apartment',
  propertyTypeGroup: 'flat',
  bedrooms: 2,
  bathrooms: 1,
  tenure: 'leasehold',
  energyEfficiencyRatingCurrent: 80,
  energyEfficiencyRatingPotential: 85,
  environmentalImpactRatingCurrent: 80,
  environmentalImpactRatingPotential: 85,
  availabilityStatus: 'available',
  forSale: true,
  ...o,
});

let cached: Promise<SearchFixture> | null = null;

export function searchFixture(): Promise<SearchFixture> {
  cached ??= build();
  return cached;
}

async function build(): Promise<SearchFixture> {
  const account = await createAccount({ tier: 'premium' });
  const partner = await createAccount({ kind: 'partner', partnerSource: 'yorkshire-homes' });
  const k = withKey(account);
  const developments: Record<string, Record<string, unknown>> = {
    leeds: dev('LS2 7QJ'),
    leeds2: dev('LS6 3AN', false),
    leedsSouth: dev('LS11 5UU'),
    bristol: dev('BS1 3DU'),
    cardiff: dev('CF5 1AJ'),
  };
  for (const [ref, body] of Object.entries(developments)) await api.put(`/api/rest/inventory/developments/s-${ref}`, body, k);

  const properties: Record<string, [string, Record<string, unknown>]> = {
    so1: ['leeds', { bedrooms: 1, isSharedOwnership: true, fullMarketPrice: 180000, minSharePercentage: 25, propertyFeatures: [{ section: 'Parking', values: ['Allocated space'] }] }],
    so2: ['leeds', { bedrooms: 2, isSharedOwnership: true, fullMarketPrice: 240000, minSharePercentage: 25 }],
    so3: ['leeds', { bedrooms: 3, propertyTypeGroup: 'house', propertyType: 'Semi-detached house', isSharedOwnership: true, fullMarketPrice: 320000, minSharePercentage: 25, availabilityStatus: 'coming-soon', propertyFeatures: [{ section: 'Outside space', values: ['Garden'] }] }],
    ms1: ['leeds2', { bedrooms: 2, fullMarketPrice: 210000, depositValue: 21000, propertyFeatures: [{ section: 'Parking', values: ['Garage'] }, { section: 'Accessibility', values: ['Step-free access'] }] }],
    ms2: ['leeds2', { bedrooms: 4, propertyTypeGroup: 'house', propertyType: 'Detached house', fullMarketPrice: 450000, depositValue: 45000, bathrooms: 2 }],
    fh1: ['leedsSouth', { bedrooms: 2, fullMarketPrice: 200000, openMarketValue: 290000, depositValue: 10000 }],
    rent1: ['leeds', { forSale: false, monthlyRent: 950, bedrooms: 1 }],
    rent2: ['leeds2', { forSale: false, monthlyRent: 1400, bedrooms: 3, propertyTypeGroup: 'house', propertyType: 'Terraced house' }],
    br1: ['bristol', { bedrooms: 2, isSharedOwnership: true, fullMarketPrice: 300000, minSharePercentage: 10 }],
    cf1: ['cardiff', { bedrooms: 2, fullMarketPrice: 190000 }],
  };
  for (const [ref, [development, o]] of Object.entries(properties)) await api.put(`/api/rest/inventory/properties/s-${ref}`, prop(`s-${development}`, o), k);

  const rules = { maxHouseholdIncome: 80000, eligibleCitizen: true, homeOwnershipStatuses: [1, 2, 3] };
  const listings: Record<string, [string, string[], Record<string, unknown>]> = {
    leedsSO: ['leeds', ['so1', 'so2', 'so3'], { name: 'Aire Quay', schemes: ['shared-ownership'], displayAs: 'featured', depositPercentage: 5, eligibility: rules, partnerSources: ['yorkshire-homes'] }],
    leedsMarket: ['leeds2', ['ms1', 'ms2'], { name: 'Headingley Mews', schemes: ['market-sale'], displayAs: 'premium' }],
    leedsFirst: ['leedsSouth', ['fh1'], { name: 'Holbeck Yard', schemes: ['first-homes'], displayAs: 'featured', eligibility: { maxHouseholdIncome: 50000, homeOwnershipStatuses: [1] } }],
    leedsRent: ['leeds', ['rent1'], { name: 'Call Lane Lets', forSale: false, schemes: ['market-rent'] }],
    leedsRent2: ['leeds2', ['rent2'], { name: 'Otley Road Lets', forSale: false, schemes: ['market-rent'], displayAs: 'featured' }],
    bristolSO: ['bristol', ['br1'], { name: 'Harbourside', schemes: ['shared-ownership'], displayAs: 'featured', portals: [2] }],
    cardiffMarket: ['cardiff', ['cf1'], { name: 'Canton Court', schemes: ['market-sale'] }],
    leedsDraft: ['leeds', ['so1'], { name: 'Draft Quay', schemes: ['shared-ownership'], published: false }],
  };
  const out: Record<string, FixtureListing> = {};
  const entries = Object.entries(listings);
  for (const [ref, [development, props, o]] of entries) {
    const body = { development: `s-${development}`, properties: props.map((p) => `s-${p}`), forSale: true, ...o };
    const res = await api.put(`/api/rest/listings/s-${ref}`, body, k);
    if (res.status !== 201 && res.status !== 200) throw new Error(`fixture listing ${ref}: ${res.status} ${JSON.stringify(res.body)}`);
    out[ref] = { ref: `s-${ref}`, id: res.body.id, slug: res.body.slug };
  }
  // every listing indexed and visible before the tests read
  const { prisma, search, listingIndex } = testApp().runtime;
  await eventually(async () => {
    if ((await prisma.listingOutbox.count()) > 0) throw new Error('outbox not drained yet');
  }, 20_000);
  await search.indices.refresh({ index: listingIndex.alias });
  return { account, partner, listings: out };
}
