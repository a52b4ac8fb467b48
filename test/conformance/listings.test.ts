// Conformance: listings and properties as read by the portal (Listing item, Price fields and Price rules,
// Listing details, Property details, Search and listing endpoints, Limits of listing content).
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, propertyPayload, withKey, withdrawListingsOf, type TestAccount } from '../support/factories.ts';
import { pushAppListing, type PushedListing } from '../support/applications.ts';
import { searchFixture, type SearchFixture } from '../support/search-fixture.ts';

const P = '/api/rest/portal';
type Body = Record<string, any>;

const ITEM_FIELDS = [
  'id',
  'name',
  'slug',
  'mainImage',
  'schemes',
  'shortDescription',
  'housingProvider',
  'propertyTypeGroup',
  'propertyType',
  'availabilityStatus',
  'displayAs',
  'forSale',
  'firstDibs',
  'partnerName',
  'partnerImageUrl',
  'favourite',
  'createdAt',
  'displayAddress',
  'postcode',
  'latitude',
  'longitude',
  'newBuild',
  'bedrooms',
  'bathrooms',
  'receptionRooms',
  'furnitureStatus',
  'tenure',
  'propertyFeatures',
];
const PRICE_FIELDS = [
  'fullMarketPrice',
  'depositValue',
  'minSharePercentage',
  'minShareValue',
  'subsidisedMonthlyRent',
  'maxGovernmentLoanPercent',
  'maxGovernmentLoanValue',
  'monthlyServiceCharge',
  'annualGroundRent',
  'reservationFee',
  'isSharedOwnership',
  'monthlyRent',
  'weeklyRent',
  'rentalDeposit',
  'minTenancyMonths',
  'maxTenancyMonths',
  'administrationFee',
];
const DETAIL_FIELDS = [
  'singleProperty',
  'propertyDetails',
  'schemes',
  'housingProvider',
  'featured',
  'galleryImages',
  'videos',
  'brochures',
  'localAuthority',
  'mapImageUrl',
  'longDescription',
  'localAreaName',
  'localAreaDescription',
  'specifications',
  'termsAndConditions',
  'disclaimer',
  'depositPercentage',
  'headline',
  'titleTag',
  'metaKeywords',
  'metaDescription',
];
const PROPERTY_FIELDS = [
  'id',
  'propertyNumber',
  'schemes',
  'propertyType',
  'availabilityStatus',
  'fullSpecifications',
  'floorplans',
  'forSale',
  'firstDibs',
  'firstDibsExpirationDate',
  'newBuild',
  'bedrooms',
  'bathrooms',
  'receptionRooms',
  'furnitureStatus',
  'floorArea',
  'rooms',
  'numberOfFloors',
  'floor',
  'tenure',
  'leaseYears',
  'propertyFeatures',
  'energyEfficiencyRatingCurrent',
  'energyEfficiencyRatingPotential',
  'environmentalImpactRatingCurrent',
  'environmentalImpactRatingPotential',
];

const STANDARD = {
  isSharedOwnership: false,
  fullMarketPrice: 250000,
  depositValue: 25000,
  minSharePercentage: null,
  subsidisedMonthlyRent: null,
  maxGovernmentLoanPercent: 20,
  annualGroundRent: 250,
  monthlyServiceCharge: 100,
  reservationFee: 500,
  administrationFee: 300,
  bedrooms: 3,
  receptionRooms: 1,
  floorArea: 72.5,
  numberOfFloors: 2,
  floor: { name: 'Second floor', level: 2 },
  leaseYears: 125,
  furnitureStatus: 'unfurnished',
  fullSpecifications: 'Oak floors',
  floorplans: [{ url: 'https://img.example.org/plan.png', thumbnailUrl: 'https://img.example.org/plan-t.png' }],
  rooms: [
    { name: 'Kitchen', units: 'metre' },
    { name: 'Lounge', additionalDetails: 'South facing', units: 'foot', width: 12, length: 14, floorArea: 168 },
  ],
};
const UNPRICED = {
  isSharedOwnership: false,
  fullMarketPrice: null,
  minSharePercentage: null,
  subsidisedMonthlyRent: null,
  maxGovernmentLoanPercent: 20,
  tenure: 'freehold',
  rooms: [],
};

describe('conformance: listings and properties', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let sale: PushedListing;
  let single: PushedListing;
  let rent: PushedListing;
  let fx: SearchFixture;
  let details: Body;
  let properties: Body[];

  before(async () => {
    fx = await searchFixture();
    account = await createAccount();
    // shared ownership, a standard sale with a government loan, a home whose price is to be announced
    sale = await pushAppListing(account, {
      properties: [{}, STANDARD, UNPRICED],
      listing: {
        displayAs: 'featured',
        headline: 'Canal homes',
        titleTag: 'Canal Wharf',
        metaKeywords: 'canal',
        metaDescription: 'Homes by the canal',
        mainImage: {
          largeSize: 'https://img.example.org/l.jpg',
          mediumSize: 'https://img.example.org/m.jpg',
          thumbnail: 'https://img.example.org/t.jpg',
        },
      },
    });
    single = await pushAppListing(account);
    rent = await pushAppListing(account, {
      properties: [
        {
          forSale: false,
          isSharedOwnership: false,
          fullMarketPrice: null,
          minSharePercentage: null,
          subsidisedMonthlyRent: null,
          monthlyRent: 1040,
        },
      ],
      listing: {
        forSale: false,
        schemes: ['market-rent'],
        eligibility: {},
        registerInterestFields: { eligibilityFields: [], priorityFields: [] },
      },
    });
    details = (await api.get(`${P}/listings/${sale.id}`)).body;
    properties = (await api.get(`${P}/listings/${sale.id}/properties`)).body.data;
  });

  after(() => withdrawListingsOf(account));

  const propertyOf = (ref: number) => properties.find((p) => p.id === sale.propertyIds[ref])!;

  it('[table:listing-item] a search result item has every field of the listing item table and the price fields', async () => {
    const res = await api.get(`${P}/search`, { query: { location: 'M1 1AD', radius: 1, size: 50 } });
    const item = res.body.data.find((i: Body) => i.id === sale.id);
    expect(item, 'the listing is found near its postcode').to.not.equal(undefined);
    expect(item).to.include.all.keys(...ITEM_FIELDS, ...PRICE_FIELDS);
    expect(item.displayAs).to.equal('featured');
    expect(item.forSale).to.equal(true);
    expect(item.favourite).to.equal(null);
    expect(item.partnerName).to.equal(null);
    expect(item.bedrooms).to.be.an('array');
    expect(item.housingProvider).to.include.keys('id', 'name', 'logoUrl');
    expect(item.availabilityStatus).to.include.keys('code', 'name');
    for (const s of item.schemes) {
      expect(s.text).to.be.a('string');
      expect(s.color).to.match(/^#/);
    }
    expect(item.displayAddress).to.not.include(item.postcode);
  });

  it('[table:listing-item] availabilityStatus codes are coming-soon, available, under-offer, closed; furnitureStatus values as listed', async () => {
    const res = await api.get(`${P}/search`, { query: { location: 'Leeds', radius: 10, size: 50 } });
    for (const item of res.body.data) {
      expect(['coming-soon', 'available', 'under-offer', 'closed']).to.include(item.availabilityStatus.code);
      for (const f of item.furnitureStatus ?? []) expect(['unfurnished', 'part-furnished', 'furnished']).to.include(f);
      expect(['featured', 'premium', 'regular']).to.include(item.displayAs);
      expect(['leasehold', 'freehold']).to.include(item.tenure);
    }
  });

  it('[table:listing-item] mainImage gives largeSize, mediumSize and thumbnail urls', async () => {
    const res = await api.get(`${P}/search`, { query: { location: 'M1 1AD', radius: 1, size: 50 } });
    const item = res.body.data.find((i: Body) => i.id === sale.id);
    expect(item.mainImage).to.include.keys('largeSize', 'mediumSize', 'thumbnail');
  });

  it('[table:price-fields] listing details and property details carry every price field (null when unknown)', () => {
    expect(details).to.include.all.keys(...PRICE_FIELDS);
    for (const p of properties) expect(p).to.include.all.keys(...PRICE_FIELDS);
  });

  it('[price-rules.1] a price field may be null: null means to be announced', () => {
    const unpriced = propertyOf(2);
    expect(unpriced.fullMarketPrice).to.equal(null);
    expect(unpriced.depositValue).to.equal(null);
    expect(unpriced.minShareValue).to.equal(null);
  });

  it('[price-rules.2] a standard sale shows fullMarketPrice plus depositValue', () => {
    const standard = propertyOf(1);
    expect(standard.isSharedOwnership).to.equal(false);
    expect(standard.fullMarketPrice).to.equal(250000);
    expect(standard.depositValue).to.equal(25000);
    expect(standard.minShareValue).to.equal(null);
  });

  it('[price-rules.3] shared ownership: minShareValue is the share of the full price, depositValue is computed against the share', () => {
    const so = propertyOf(0);
    expect(so.isSharedOwnership).to.equal(true);
    expect(so.minSharePercentage).to.equal(25);
    expect(so.minShareValue).to.equal(75000); // 25% of 300,000
    expect(so.subsidisedMonthlyRent).to.equal(500);
    expect(so.depositValue).to.equal(7500); // the listing's 10% of the 75,000 share
  });

  it('[price-rules.4] maxGovernmentLoanValue is the percent of fullMarketPrice, null when fullMarketPrice is null', () => {
    expect(propertyOf(1).maxGovernmentLoanPercent).to.equal(20);
    expect(propertyOf(1).maxGovernmentLoanValue).to.equal(50000);
    expect(propertyOf(2).maxGovernmentLoanPercent).to.equal(20);
    expect(propertyOf(2).maxGovernmentLoanValue).to.equal(null);
  });

  it('[price-rules.5] annualGroundRent is given for a leasehold home and is not meaningful (null) for a freehold one', async () => {
    expect(propertyOf(1).tenure).to.equal('leasehold');
    expect(propertyOf(1).annualGroundRent).to.equal(250);
    const ref = `freehold-${sale.dev}`;
    const res = await api.put(
      `/api/rest/inventory/properties/${ref}`,
      propertyPayload(sale.dev, { ...UNPRICED, fullMarketPrice: 200000, annualGroundRent: 300 }),
      withKey(account),
    );
    if (res.status === 422) {
      expect(res.body.errors).to.have.property('annualGroundRent');
    } else {
      expect(res.status, res.text).to.equal(201);
      const listingRef = `freehold-listing-${sale.dev}`;
      const put = await api.put(
        `/api/rest/listings/${listingRef}`,
        { development: sale.dev, properties: [ref], name: 'Freehold', forSale: true },
        withKey(account, { refresh: 'wait_for' }),
      );
      expect(put.status, put.text).to.equal(201);
      const [property] = (await api.get(`${P}/listings/${put.body.id}/properties`)).body.data;
      expect(property.tenure).to.equal('freehold');
      expect(property.annualGroundRent).to.equal(null);
    }
  });

  it('[price-rules.6] rent listings have no scheme variants: monthlyRent, weeklyRent computed, sale fields null, rental extras may be unset', async () => {
    const [p] = (await api.get(`${P}/listings/${rent.id}/properties`)).body.data;
    expect(p.forSale).to.equal(false);
    expect(p.monthlyRent).to.equal(1040);
    expect(p.weeklyRent).to.be.closeTo((1040 * 12) / 52, 0.01);
    expect(p.isSharedOwnership).to.equal(false);
    for (const f of [
      'fullMarketPrice',
      'minSharePercentage',
      'minShareValue',
      'subsidisedMonthlyRent',
      'rentalDeposit',
      'minTenancyMonths',
      'maxTenancyMonths',
    ])
      expect(p[f], f).to.equal(null);
  });

  it('[table:listing-details] details add the listing-details fields: featured replaces displayAs, no partner fields, no shortDescription', () => {
    expect(details).to.include.all.keys(...DETAIL_FIELDS);
    expect(details).to.not.have.any.keys('displayAs', 'partnerName', 'partnerImageUrl', 'shortDescription');
    expect(details.featured).to.equal(true);
    expect(details.singleProperty).to.equal(false);
    expect(details.propertyDetails).to.equal(null);
    expect(details.mapImageUrl).to.be.a('string').that.is.not.empty;
    expect(details.housingProvider).to.include.keys('id', 'name', 'contactEmail', 'logoUrl');
    for (const s of details.schemes) expect(s).to.include.keys('text', 'slug', 'color');
    expect([details.headline, details.titleTag, details.metaKeywords, details.metaDescription]).to.deep.equal([
      'Canal homes',
      'Canal Wharf',
      'canal',
      'Homes by the canal',
    ]);
    for (const f of [
      'id',
      'name',
      'slug',
      'propertyTypeGroup',
      'propertyType',
      'availabilityStatus',
      'forSale',
      'firstDibs',
      'favourite',
      'createdAt',
      'displayAddress',
      'postcode',
      'latitude',
      'longitude',
      'newBuild',
      'bedrooms',
      'tenure',
      'propertyFeatures',
    ])
      expect(details, f).to.have.property(f);
  });

  it('[table:listing-details] SEO strings are never null, even when the provider sent none', async () => {
    const res = await api.get(`${P}/listings/${single.id}`);
    for (const f of ['headline', 'titleTag', 'metaKeywords', 'metaDescription']) expect(res.body[f], f).to.be.a('string');
  });

  it('[table:listing-details] a single-property listing has singleProperty true and its propertyDetails', async () => {
    const res = await api.get(`${P}/listings/${single.id}`);
    expect(res.body.singleProperty).to.equal(true);
    expect(res.body.propertyDetails.id).to.equal(single.propertyIds[0]);
  });

  it('[table:property-details] property details have every field of the table; bedrooms a number; rooms, floor and floorplans as described', () => {
    const p = propertyOf(1);
    expect(p).to.include.all.keys(...PROPERTY_FIELDS);
    expect(p.bedrooms).to.equal(3);
    expect(p.floor).to.deep.equal({ name: 'Second floor', level: 2 });
    expect(p.rooms).to.have.length(2);
    expect(p.rooms[0]).to.include({ name: 'Kitchen', units: 'metre' });
    expect(p.rooms[1]).to.include({
      name: 'Lounge',
      additionalDetails: 'South facing',
      units: 'foot',
      width: 12,
      length: 14,
      floorArea: 168,
    });
    expect(p.floorplans[0]).to.include.keys('thumbnailUrl', 'alternativeText', 'caption');
    expect(propertyOf(2).rooms).to.deep.equal([]);
    for (const f of [
      'energyEfficiencyRatingCurrent',
      'energyEfficiencyRatingPotential',
      'environmentalImpactRatingCurrent',
      'environmentalImpactRatingPotential',
    ]) {
      expect(Number.isInteger(p[f]) && p[f] <= 100, f).to.equal(true);
    }
    for (const s of p.schemes) expect(s).to.include.keys('text', 'slug', 'color');
  });

  it('[table:search-endpoints] listing details by id and by slug agree; properties and full-details by id and slug', async () => {
    const bySlug = await api.get(`${P}/listings/slug/${sale.slug}`);
    expect(bySlug.body.id).to.equal(details.id);
    expect(bySlug.body.name).to.equal(details.name);
    const props = await api.get(`${P}/listings/slug/${sale.slug}/properties`);
    expect(props.body.data.map((p: Body) => p.id)).to.have.members(sale.propertyIds);
    for (const path of [`${P}/listings/${sale.id}/full-details`, `${P}/listings/slug/${sale.slug}/full-details`]) {
      const full = await api.get(path);
      expect(full.body.listing.id).to.equal(sale.id);
      expect(full.body.properties.map((p: Body) => p.id)).to.have.members(sale.propertyIds);
      expect(full.body.checkEligibility).to.be.a('boolean');
    }
    const singleFull = await api.get(`${P}/listings/${single.id}/full-details`);
    expect(singleFull.body.properties).to.deep.equal([]);
  });

  it("[table:search-endpoints] properties with bedrooms[] are those with exactly those bedroom counts; details with bedrooms[] give that count's minimum prices", async () => {
    const three = await api.get(`${P}/listings/${sale.id}/properties`, { query: { 'bedrooms[]': [3] } });
    expect(three.body.data.map((p: Body) => p.id)).to.deep.equal([sale.propertyIds[1]]);
    // two bedrooms: the shared-ownership home at 300,000 (the other is to be announced); three: the 250,000 sale
    const detailsTwo = await api.get(`${P}/listings/${sale.id}`, { query: { 'bedrooms[]': [2] } });
    expect(detailsTwo.body.fullMarketPrice).to.equal(300000);
    const detailsThree = await api.get(`${P}/listings/${sale.id}`, { query: { 'bedrooms[]': [3] } });
    expect(detailsThree.body.fullMarketPrice).to.equal(250000);
  });

  it('[table:search-endpoints] search-lists and search-ranges give {id, name} lists and {min, max}', async () => {
    for (const path of ['/search-lists/schemes', '/search-lists/types']) {
      const res = await api.get(path);
      expect(res.status).to.equal(200);
      const list = Array.isArray(res.body) ? res.body : res.body.data;
      expect(list).to.be.an('array').that.is.not.empty;
      for (const x of list) expect(x).to.include.keys('id', 'name');
    }
    for (const path of ['/search-ranges/full-market-price', '/search-ranges/monthly-rent']) {
      const res = await api.get(path);
      expect(res.body.min).to.be.a('number');
      expect(res.body.max).to.be.at.least(res.body.min);
    }
  });

  it('[table:search-endpoints] home-featured-listings {data} of featured items, 6 by default, not paginated; similar 3 by default', async () => {
    const featured = await api.get(`${P}/home-featured-listings`);
    expect(featured.body).to.have.all.keys('data');
    expect(featured.body.data.length).to.be.within(1, 6);
    const sized = await api.get(`${P}/home-featured-listings`, { query: { size: 1 } });
    expect(sized.body.data).to.have.length(1);
    for (const path of [
      `${P}/listings/${fx.listings.leedsMarket!.id}/similar`,
      `${P}/listings/slug/${fx.listings.leedsMarket!.slug}/similar`,
    ]) {
      const similar = await api.get(path);
      expect(similar.body.data.length).to.be.within(1, 3);
      expect(similar.body.data.map((i: Body) => i.id)).to.not.include(fx.listings.leedsMarket!.id);
    }
  });

  it('[table:search-endpoints] ignore_visibility lets an unpublished listing be previewed (by its owner); without it the listing is 404', async () => {
    const path = `${P}/listings/${fx.listings.leedsDraft!.id}`;
    expect((await api.get(path)).status).to.equal(404);
    const preview = await api.get(path, { query: { ignore_visibility: '1', api_key: fx.account.key } });
    expect(preview.status).to.equal(200);
    expect(preview.body.id).to.equal(fx.listings.leedsDraft!.id);
  });

  it('[limits.short-description] shortDescription is at most 512 characters', async () => {
    const put = (text: string) =>
      api.put(
        `/api/rest/listings/${sale.ref}`,
        { development: sale.dev, properties: sale.propertyRefs, name: 'Canal', forSale: true, shortDescription: text },
        withKey(account),
      );
    const long = await put('x'.repeat(513));
    expect(long.status).to.equal(422);
    expect(long.body.errors).to.have.property('shortDescription');
    expect((await put('y'.repeat(512))).status).to.equal(200);
    const item = (await api.get(`${P}/search`, { query: { location: 'M1 1AD', radius: 1, size: 50 } })).body.data.find(
      (i: Body) => i.id === sale.id,
    );
    if (item) expect(item.shortDescription.length).to.be.at.most(512);
  });

  it('[limits.rooms] room name and additionalDetails are at most 255 characters', async () => {
    const ref = `limits-${sale.dev}`;
    const room = (name: string, additionalDetails = 'ok') =>
      propertyPayload(sale.dev, { rooms: [{ name, additionalDetails, units: 'metre' }] });
    const longName = await api.put(`/api/rest/inventory/properties/${ref}`, room('n'.repeat(256)), withKey(account));
    expect(longName.status).to.equal(422);
    expect(Object.keys(longName.body.errors).join()).to.match(/rooms\[0\]\.name/);
    const longDetails = await api.put(`/api/rest/inventory/properties/${ref}`, room('Hall', 'd'.repeat(256)), withKey(account));
    expect(longDetails.status).to.equal(422);
    expect(Object.keys(longDetails.body.errors).join()).to.match(/rooms\[0\]\.additionalDetails/);
    expect(
      (await api.put(`/api/rest/inventory/properties/${ref}`, room('n'.repeat(255), 'd'.repeat(255)), withKey(account))).status,
    ).to.equal(201);
  });

  it('[limits.ratings] rating values are integers at most 100', async () => {
    const ref = `ratings-${sale.dev}`;
    for (const bad of [101, 80.5]) {
      const res = await api.put(
        `/api/rest/inventory/properties/${ref}`,
        propertyPayload(sale.dev, { energyEfficiencyRatingCurrent: bad }),
        withKey(account),
      );
      expect(res.status, String(bad)).to.equal(422);
      expect(res.body.errors).to.have.property('energyEfficiencyRatingCurrent');
    }
    expect(
      (
        await api.put(
          `/api/rest/inventory/properties/${ref}`,
          propertyPayload(sale.dev, { energyEfficiencyRatingCurrent: 100 }),
          withKey(account),
        )
      ).status,
    ).to.equal(201);
  });

  it('[limits.size-defaults] size defaults: 6 for home-featured listings, 3 for similar listings', async () => {
    // more featured listings than six exist once seven are pushed
    for (let i = 0; i < 7; i++) await pushAppListing(account, { listing: { displayAs: 'featured' } });
    expect((await api.get(`${P}/home-featured-listings`)).body.data).to.have.length(6);
    const similar = await api.get(`${P}/listings/${sale.id}/similar`);
    expect(similar.body.data).to.have.length(3);
  });

  it('[limits.image-widths] listing images come as three sizes: largeSize, mediumSize and thumbnail', () => {
    expect(details.mainImage).to.deep.equal({
      largeSize: 'https://img.example.org/l.jpg',
      mediumSize: 'https://img.example.org/m.jpg',
      thumbnail: 'https://img.example.org/t.jpg',
    });
  });
});
