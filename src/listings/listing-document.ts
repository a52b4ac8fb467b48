// The one builder of the denormalised listing document: what search filters on, plus a `view` (stored,
// not indexed) holding every field the listing item, listing details and property details present.
import type { Property } from '../generated/prisma/client.ts';
import type { LoadedListing } from './listing-loader.ts';
import type { ListingView } from './listing-view.ts';
import type { StoredPropertyDetails } from './property-details-payload.ts';
import { applyPriceRules, type PriceFields } from './price-rules.ts';
import { availabilityRank, headlineProperty } from './headline.ts';
import { facetTokensOf } from './facet-tokens.ts';
import { availabilityStatus, listingAvailability } from '../inventory/availability.ts';
import { mapImageUrl } from './map-image.ts';
import { itemFieldOf } from './listing-item-field.ts';
import { headlineSlotOf, presentedItemFieldOf } from './presented-item.ts';
import { mapDigestOf } from './map-listing-fields.ts';
import { latestReductionOn, priceHistoryOf } from './price-reductions.ts';
import { costedProperty, depositNeededOfProperty, ITEM_FACTS_FIELD, propertyCostFields, type ItemFacts, type PropertyCostFields } from './listing-costs.ts';
import { listingMonthlyCostFrom, poolRank } from './listing-affordability.ts';
import { tenureWords } from '../inventory/tenures.ts';
import { DEFAULT_LENDING, type LendingAssumptions } from '../affordability/lending.ts';
import { keywordTextOf } from '../keywords/keyword-text.ts';
import { epcBandOf, materialInformationOf } from '../inventory/material-information.ts';

type Json = unknown;
interface FeatureSection {
  section: string;
  values: string[];
}

export interface ListingEligibility {
  maxHouseholdIncome?: number | null;
  minDeposit?: number | null;
  eligibleCitizen?: boolean | null;
  homeOwnershipStatuses?: number[] | null;
  localAuthorities?: number[] | null;
  localConnection?: 'required' | 'preferred' | null;
  minAge?: number | null;
  maxAge?: number | null;
  firstDibsUntil?: string | null;
}

export interface IndexedProperty {
  id: number;
  bedrooms: number;
  /** null: not stated */
  bathrooms: number | null;
  propertyType: string;
  propertyTypeGroup: string;
  availabilityStatus: string;
  isSharedOwnership: boolean;
  fullMarketPrice: number | null;
  minShareValue: number | null;
  depositValue: number | null;
  monthlyRent: number | null;
  features: string[];
  parking: string[];
  newBuild: boolean;
  /** the listing's scheme slugs, copied, so that the schemes facet is counted in the properties' one nested pass */
  schemes: string[];
  /** the UK day of the latest reduction of its headline price, however long ago (`reduced_only` filters on it) */
  priceReducedOn: string | null;
  /** the rank of its availability in the headline choice (headline.ts), for the search's headline inner hit */
  availabilityRank: number;
  /** whether it is in the listing's pool (listing-affordability.ts): its availability is the listing's best */
  inPool: boolean;
  /** the deposit its minimum share needs (the one deposit rule, affordability.ts); null to rent or unpriced */
  depositNeeded: number | null;
  /** null when its provider did not say (a feed's home) */
  tenure: string | null;
  /** its price fields as the presented item's headline slot (presented-item.ts), doc values only */
  itemHeadline: string;
  epcBand: string | null;
  councilTaxBand: string | null;
  floorArea: number | null;
  monthlyServiceCharge: number | null;
  /** its values of every facet, `<param>:<value>` (facet-tokens.ts), which the counts count */
  facetTokens: string[];
}
export type IndexedPropertyWithCosts = IndexedProperty & PropertyCostFields;

export interface ListingDocument {
  id: number;
  slug: string;
  externalRef: string;
  accountId: number;
  name: string;
  housingProviderId: number;
  developmentId: number;
  forSale: boolean;
  displayAs: string;
  availabilityStatus: string;
  schemes: string[];
  propertyTypeGroups: string[];
  propertyTypes: string[];
  newBuild: boolean;
  /** null: not stated */
  tenure: string | null;
  firstDibs: boolean;
  location: { lat: number; lon: number };
  /** exact coordinates, address, image and type as doc values, so that map listings need no _source */
  latitude: number;
  longitude: number;
  displayAddress: string;
  mainImage: { largeSize: string; mediumSize: string; thumbnail: string } | null;
  propertyType: string;
  isSharedOwnership: boolean;
  postcode: string | null;
  localAuthorityId: number | null;
  countyId: number | null;
  regionId: number | null;
  bedrooms: number[];
  bathrooms: number[];
  features: string[];
  parking: string[];
  minFullMarketPrice: number | null;
  minShareValue: number | null;
  minDepositValue: number | null;
  minMonthlyRent: number | null;
  published: boolean;
  /**
   * published and past its publication time when the document was built: the live-listing rule
   * (listing-index/live-listing.ts). A listing scheduled for later is indexed again once its time has
   * come (jobs/state-job.ts), which turns it true.
   */
  live: boolean;
  publishAt: string | null;
  /** when the listing went live: its publishAt, or its creation when that came later (the `newest` sort) */
  publishedAt: string;
  /** the UK day of the latest reduction of the headline property's price (headline.ts), however long ago (price-reductions.ts) */
  priceReducedOn: string | null;
  withdrawn: boolean;
  allPortals: boolean;
  portalIds: number[];
  partnerSources: string[];
  eligibility: ListingEligibility;
  properties: IndexedPropertyWithCosts[];
  /** the lowest monthly cost among the listing's pool of properties (listing-affordability.ts) */
  monthlyCostFrom: number | null;
  createdAt: string;
  updatedAt: string;
  view: ListingView;
  /** the listing-item slice of the view as JSON, also kept as a stored field (listing-item-field.ts) */
  item?: string;
  /** the item as a search page shows it, JSON in pieces around its per-search slots (presented-item.ts) */
  itemPieces?: string[];
  /** partnerSources again, as a stored field (presented-item.ts) */
  itemPartners?: string[];
  /** the item's point and its properties' prices, JSON, stored: a search's distances and affordability (listing-costs.ts) */
  itemFacts?: string;
  /** digest of the map listing fields (map-listing-fields.ts) */
  mapDigest: number;
  /** the texts that `keywords` search, as prepared tokens (keyword-text.ts) */
  keywordText: string[];
}

const PARKING_SECTION = /parking/i;
const sortedUnique = <T extends string | number>(values: T[]): T[] => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const asArray = <T>(value: Json): T[] => (Array.isArray(value) ? (value as T[]) : []);
const isoDate = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 10) : null);

function mergeFeatures(sections: FeatureSection[][]): FeatureSection[] {
  const merged = new Map<string, Set<string>>();
  for (const list of sections) for (const { section, values } of list) {
    const set = merged.get(section) ?? new Set<string>();
    for (const v of values) set.add(v);
    merged.set(section, set);
  }
  return [...merged].map(([section, values]) => ({ section, values: [...values] }));
}

function featureValues(sections: FeatureSection[], parking: boolean): string[] {
  return sortedUnique(sections.filter((s) => PARKING_SECTION.test(s.section) === parking).flatMap((s) => s.values));
}

function pricesOf(property: Property, depositPercentage: number | null): PriceFields {
  return applyPriceRules(property, depositPercentage);
}

/**
 * Null when the listing is not on the marketplace at all (withdrawn, or nothing left to advertise).
 * `lending`: the assumptions monthly costs are worked out with (the default portal's).
 */
export function buildListingDocument(listing: LoadedListing, lending: LendingAssumptions = DEFAULT_LENDING, builtAt: Date = new Date()): ListingDocument | null {
  const { development } = listing;
  const properties = listing.properties.map((lp) => lp.property).filter((p) => p.deletedAt === null);
  if (listing.withdrawnAt || development.deletedAt || properties.length === 0) return null;

  const schemes = listing.schemes.map((ls) => ({ text: ls.scheme.text, slug: ls.scheme.slug, color: ls.scheme.color }));
  const la = development.localAuthority;
  const perProperty = properties.map((p) => {
    const prices = pricesOf(p, listing.depositPercentage);
    const priceHistory = priceHistoryOf(p.priceChanges, p.forSale);
    const reducedOn = latestReductionOn([priceHistory]);
    const candidate = { id: p.id, availabilityStatus: p.availabilityStatus, fullMarketPrice: prices.fullMarketPrice, monthlyRent: prices.monthlyRent };
    return { property: p, prices, priceHistory, reducedOn, candidate };
  });
  // every price field and the reduction come from one property (headline.ts)
  const headline = headlineProperty(perProperty.map((p) => ({ ...p.candidate, entry: p })))!.entry;
  const prices = headline.prices;
  const priceReducedOn = headline.reducedOn;
  const publishedAt = listing.publishAt && listing.publishAt > listing.createdAt ? listing.publishAt : listing.createdAt;
  const features = properties.map((p) => asArray<FeatureSection>(p.propertyFeatures));
  const propertyFeatures = mergeFeatures(features);
  const first = properties[0]!;
  const availability = listingAvailability(properties.map((p) => p.availabilityStatus));
  const singleProperty = properties.length === 1;
  const eligibility = (listing.eligibility ?? {}) as ListingEligibility;
  const terms = { depositPercentage: listing.depositPercentage, minDeposit: eligibility.minDeposit ?? null, maxHouseholdIncome: eligibility.maxHouseholdIncome ?? null };
  const costed = perProperty.map(({ property: p, prices: pp }) => costedProperty(p.id, p.forSale, pp, p.availabilityStatus, terms, p.propertyNumber));
  const costFields = costed.map((c) => propertyCostFields(c, lending));
  const depositsNeeded = costed.map((c) => depositNeededOfProperty(c, lending));
  const monthlyCostFrom = listingMonthlyCostFrom(costed, lending);
  const bestRank = poolRank(properties);

  const propertyDetails = perProperty.map(({ property: p, prices: pp, priceHistory }, i) => ({
    id: p.id,
    propertyNumber: p.propertyNumber,
    schemes,
    propertyType: p.propertyType,
    propertyTypeGroup: p.propertyTypeGroup,
    availabilityStatus: availabilityStatus(p.availabilityStatus, p.forSale),
    fullSpecifications: p.fullSpecifications,
    floorplans: asArray<StoredPropertyDetails['floorplans'][number]>(p.floorplans),
    forSale: p.forSale,
    firstDibs: p.firstDibs,
    firstDibsExpirationDate: isoDate(p.firstDibsExpirationDate),
    newBuild: development.newBuild,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    receptionRooms: p.receptionRooms,
    furnitureStatus: p.furnitureStatus,
    floorArea: p.floorArea,
    rooms: asArray<StoredPropertyDetails['rooms'][number]>(p.rooms),
    numberOfFloors: p.numberOfFloors,
    // written through the sync schema's floor shape (listing-sync-schema.ts)
    floor: (p.floor ?? null) as StoredPropertyDetails['floor'],
    tenure: p.tenure,
    leaseYears: p.leaseYears,
    propertyFeatures: asArray<FeatureSection>(p.propertyFeatures),
    energyEfficiencyRatingCurrent: p.energyEfficiencyRatingCurrent,
    energyEfficiencyRatingPotential: p.energyEfficiencyRatingPotential,
    environmentalImpactRatingCurrent: p.environmentalImpactRatingCurrent,
    environmentalImpactRatingPotential: p.environmentalImpactRatingPotential,
    ...pp,
    monthlyCostFrom: costFields[i]!.monthlyCost,
    depositNeeded: depositsNeeded[i]!,
    priceHistory,
    materialInformation: materialInformationOf(p, pp),
  }));

  const view: ListingView = {
    listing: {
      id: listing.id,
      name: listing.name,
      slug: listing.slug,
      mainImage: listing.mainImage ?? null,
      schemes,
      shortDescription: listing.shortDescription,
      housingProvider: {
        id: development.housingProvider.id,
        name: development.housingProvider.name,
        contactEmail: development.housingProvider.contactEmail,
        logoUrl: development.housingProvider.logoUrl,
      },
      propertyTypeGroup: first.propertyTypeGroup,
      propertyType: first.propertyType,
      availabilityStatus: availabilityStatus(availability, listing.forSale),
      displayAs: listing.displayAs,
      forSale: listing.forSale,
      firstDibs: properties.some((p) => p.firstDibs),
      createdAt: listing.createdAt.toISOString(),
      priceReducedOn,
      displayAddress: development.displayAddress,
      postcode: development.postcode,
      latitude: development.latitude,
      longitude: development.longitude,
      newBuild: development.newBuild,
      bedrooms: sortedUnique(properties.map((p) => p.bedrooms)),
      bathrooms: sortedUnique(properties.map((p) => p.bathrooms).filter((v): v is number => v !== null)),
      receptionRooms: sortedUnique(properties.map((p) => p.receptionRooms).filter((v): v is number => v !== null)),
      furnitureStatus: sortedUnique(properties.map((p) => p.furnitureStatus).filter((v): v is string => v !== null)),
      tenure: first.tenure,
      propertyFeatures,
      councilTaxBands: sortedUnique(properties.flatMap((p) => p.councilTaxBand ?? [])),
      epcBands: sortedUnique(properties.flatMap((p) => epcBandOf(p.energyEfficiencyRatingCurrent) ?? [])),
      ...prices,
      monthlyCostFrom,
      singleProperty,
      galleryImages: asArray(listing.galleryImages),
      videos: asArray(development.videos),
      brochures: asArray(development.brochures),
      localAuthority: la
        ? { id: la.id, name: la.name, longName: la.longName, type: la.type, county: { id: la.county.id, name: la.county.name, region: { id: la.county.region.id, name: la.county.region.name } } }
        : null,
      mapImageUrl: mapImageUrl(development.latitude, development.longitude),
      longDescription: listing.longDescription,
      localAreaName: development.localAreaName,
      localAreaDescription: development.localAreaDescription,
      specifications: asArray(development.specifications),
      termsAndConditions: listing.termsAndConditions,
      disclaimer: listing.disclaimer,
      depositPercentage: listing.depositPercentage,
      headline: listing.headline,
      titleTag: listing.titleTag,
      metaKeywords: listing.metaKeywords,
      metaDescription: listing.metaDescription,
    },
    properties: propertyDetails,
    registerInterestFields: { eligibilityFields: listing.eligibilityFields, priorityFields: listing.priorityFields },
  };

  const portalIds = listing.portals.map((p) => p.portalId);
  const keywordText = keywordTextOf([
    listing.name,
    listing.shortDescription,
    listing.longDescription,
    development.localAreaName,
    ...sortedUnique(properties.flatMap((p) => [p.propertyType, p.propertyTypeGroup])),
    ...propertyFeatures.flatMap((s) => s.values),
    ...sortedUnique(properties.flatMap((p) => (p.tenure ? [tenureWords(p.tenure)] : []))),
  ]);
  const schemeSlugs = schemes.map((s) => s.slug);
  const doc: Omit<ListingDocument, 'mapDigest'> = {
    id: listing.id,
    slug: listing.slug,
    externalRef: listing.externalRef,
    accountId: listing.accountId,
    name: listing.name,
    housingProviderId: development.housingProviderId,
    developmentId: development.id,
    forSale: listing.forSale,
    displayAs: listing.displayAs,
    availabilityStatus: availability,
    schemes: schemeSlugs,
    propertyTypeGroups: sortedUnique(properties.map((p) => p.propertyTypeGroup)),
    propertyTypes: sortedUnique(properties.map((p) => p.propertyType)),
    newBuild: development.newBuild,
    tenure: first.tenure,
    firstDibs: properties.some((p) => p.firstDibs),
    location: { lat: development.latitude, lon: development.longitude },
    latitude: development.latitude,
    longitude: development.longitude,
    displayAddress: development.displayAddress,
    mainImage: (listing.mainImage as ListingDocument['mainImage']) ?? null,
    propertyType: first.propertyType,
    isSharedOwnership: prices.isSharedOwnership,
    postcode: development.postcode,
    localAuthorityId: la?.id ?? null,
    countyId: la?.county.id ?? null,
    regionId: la?.county.region.id ?? null,
    bedrooms: sortedUnique(properties.map((p) => p.bedrooms)),
    bathrooms: sortedUnique(properties.map((p) => p.bathrooms).filter((v): v is number => v !== null)),
    features: featureValues(propertyFeatures, false),
    parking: featureValues(propertyFeatures, true),
    minFullMarketPrice: prices.fullMarketPrice,
    minShareValue: prices.minShareValue,
    minDepositValue: prices.depositValue,
    minMonthlyRent: prices.monthlyRent,
    published: listing.published,
    live: listing.published && (listing.publishAt === null || listing.publishAt <= builtAt),
    publishAt: listing.publishAt?.toISOString() ?? null,
    publishedAt: publishedAt.toISOString(),
    priceReducedOn,
    withdrawn: false,
    allPortals: portalIds.length === 0,
    portalIds,
    partnerSources: listing.partnerSources,
    eligibility,
    properties: perProperty.map(({ property: p, prices: pp, reducedOn }, i) => withFacetTokens({
      id: p.id,
      bedrooms: p.bedrooms,
      bathrooms: p.bathrooms,
      propertyType: p.propertyType,
      propertyTypeGroup: p.propertyTypeGroup,
      availabilityStatus: p.availabilityStatus,
      isSharedOwnership: pp.isSharedOwnership,
      fullMarketPrice: pp.fullMarketPrice,
      minShareValue: pp.minShareValue,
      depositValue: pp.depositValue,
      monthlyRent: pp.monthlyRent,
      features: featureValues(features[i]!, false),
      parking: featureValues(features[i]!, true),
      newBuild: development.newBuild,
      schemes: schemeSlugs,
      priceReducedOn: reducedOn,
      availabilityRank: availabilityRank(p.availabilityStatus),
      inPool: availabilityRank(p.availabilityStatus) === bestRank,
      depositNeeded: depositsNeeded[i]!,
      tenure: p.tenure,
      itemHeadline: headlineSlotOf(pp),
      ...costFields[i]!,
      epcBand: epcBandOf(p.energyEfficiencyRatingCurrent),
      councilTaxBand: p.councilTaxBand,
      floorArea: p.floorArea,
      monthlyServiceCharge: pp.monthlyServiceCharge,
    })),
    monthlyCostFrom,
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
    view,
    keywordText,
  };
  const facts: ItemFacts = { latitude: development.latitude, longitude: development.longitude, properties: costed, rules: { eligibility, eligibilityFields: listing.eligibilityFields } };
  const itemFacts = JSON.stringify(facts);
  return { ...doc, item: itemFieldOf(doc.id, view, doc.partnerSources), itemPieces: presentedItemFieldOf(view), itemPartners: doc.partnerSources, [ITEM_FACTS_FIELD]: itemFacts, mapDigest: mapDigestOf(doc as unknown as Record<string, unknown>) };
}

const withFacetTokens = (property: Omit<IndexedPropertyWithCosts, 'facetTokens'>): IndexedPropertyWithCosts => ({
  ...property,
  facetTokens: facetTokensOf(property as unknown as Record<string, unknown>),
});
