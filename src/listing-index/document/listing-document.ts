// The one builder of the denormalised listing document: what search filters on, the stored fields a
// search reads its items from, and a `view` holding every field the listing item, listing details and
// property details present (storedViewOf). Both are made from the same parts of the listing
// (listing-parts.ts). The `view` is not sent to the index (indexedDocumentOf): the indexer keeps it in
// PostgreSQL (listing-page-views.ts), where listing pages read it.
import type { LoadedListing } from './listing-loader.ts';
import type { ListingView, StoredListing } from '../../listings/listing-view.ts';
import type { StoredPropertyDetails } from '../../listings/property-details-payload.ts';
import { availabilityStatus } from '../../inventory/availability.ts';
import { mapImageUrl } from '../../listings/map-image.ts';
import { availabilityRank } from '../../listings/headline.ts';
import { openBedroomCounts } from '../../listings/open-bedrooms.ts';
import { facetTokensOf } from './facet-tokens.ts';
import { itemFieldOf } from './listing-item-field.ts';
import { headlineSlotOf, presentedItemFieldOf } from './presented-item.ts';
import { mapDigestOf } from './map-listing-fields.ts';
import { ITEM_FACTS_FIELD, type ItemFacts, type PropertyCostFields } from './listing-costs.ts';
import type { ShareOption } from '../../affordability/affordability-thresholds.ts';
import { depositRequired } from '../../eligibility/eligibility-rules.ts';
import { tenureWords } from '../../inventory/tenures.ts';
import { DEFAULT_LENDING, type LendingAssumptions } from '../../affordability/lending.ts';
import { keywordTextOf } from '../../keywords/keyword-text.ts';
import { epcBandOf, materialInformationOf } from '../../inventory/material-information.ts';
import type { ListingEligibility } from '../../eligibility/listing-eligibility.ts';
import { listingParts, type ListingParts } from './listing-parts.ts';
import { asArray, featureValues, isoDate, sortedUnique, type FeatureSection } from './document-values.ts';

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
  /** whether the eligibility decision needs the customer's deposit (eligibility-rules.ts depositRequired); eligible_only reads its presence as a document of a mapping holding poolShares */
  depositRequired: boolean;
  /** every share the costing tries of the pool's priced homes, as affordability thresholds (listing-costs.ts poolShareOptions), nested: eligible_only's money */
  poolShares: ShareOption[];
  createdAt: string;
  updatedAt: string;
  /** the listing pages' view: built with the document, kept in PostgreSQL, not in the index (listing-page-views.ts) */
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

/** The document as the index holds it: without its pages' view. */
export type IndexedListingDocument = Omit<ListingDocument, 'view'> & { view?: ListingView };

export function indexedDocumentOf(doc: ListingDocument): Omit<ListingDocument, 'view'> {
  const { view: _view, ...indexed } = doc;
  return indexed;
}

/** Each property's details as property details show them (less the household's affordability). */
function propertyDetailsOf(listing: LoadedListing, parts: ListingParts): StoredPropertyDetails[] {
  const { development } = listing;
  const { schemes, costFields, depositsNeeded } = parts;
  return parts.perProperty.map(({ property: p, prices: pp, priceHistory }, i) => ({
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
}

/** The listing's part of the view: what its item and its pages show. */
function storedListingOf(listing: LoadedListing, parts: ListingParts): StoredListing {
  const { development } = listing;
  const { properties, schemes, prices } = parts;
  const first = properties[0]!;
  const la = development.localAuthority;
  return {
    id: listing.id,
    name: listing.name,
    slug: listing.slug,
    mainImage: (listing.mainImage as StoredListing['mainImage']) ?? null,
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
    availabilityStatus: availabilityStatus(parts.availability, listing.forSale),
    // written through the sync schema's displayAs values (listing-sync-schema.ts)
    displayAs: listing.displayAs as StoredListing['displayAs'],
    forSale: listing.forSale,
    firstDibs: properties.some((p) => p.firstDibs),
    createdAt: listing.createdAt.toISOString(),
    priceReducedOn: parts.priceReducedOn,
    displayAddress: development.displayAddress,
    postcode: development.postcode,
    latitude: development.latitude,
    longitude: development.longitude,
    newBuild: development.newBuild,
    // the homes still to be had (a sold or let home's only when every one is)
    bedrooms: openBedroomCounts(properties.map((p) => ({ bedrooms: p.bedrooms, closed: p.availabilityStatus === 'closed' }))),
    bathrooms: sortedUnique(properties.map((p) => p.bathrooms).filter((v): v is number => v !== null)),
    receptionRooms: sortedUnique(properties.map((p) => p.receptionRooms).filter((v): v is number => v !== null)),
    furnitureStatus: sortedUnique(properties.map((p) => p.furnitureStatus).filter((v): v is string => v !== null)),
    tenure: first.tenure,
    propertyFeatures: parts.propertyFeatures,
    councilTaxBands: sortedUnique(properties.flatMap((p) => p.councilTaxBand ?? [])),
    epcBands: sortedUnique(properties.flatMap((p) => epcBandOf(p.energyEfficiencyRatingCurrent) ?? [])),
    ...prices,
    ...parts.ownCosts(parts.headlineAt),
    monthlyCostFrom: parts.monthlyCostFrom,
    singleProperty: properties.length === 1,
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
  };
}

export function storedViewOf(listing: LoadedListing, parts: ListingParts): ListingView {
  return {
    listing: storedListingOf(listing, parts),
    properties: propertyDetailsOf(listing, parts),
    registerInterestFields: { eligibilityFields: listing.eligibilityFields, priorityFields: listing.priorityFields },
  };
}

/** The properties as the index holds them (nested `properties`): what filters, sorts and counts read. */
function indexedProperties(listing: LoadedListing, parts: ListingParts, schemeSlugs: string[]): IndexedPropertyWithCosts[] {
  const { development } = listing;
  const { features, costFields, depositsNeeded, bestRank } = parts;
  return parts.perProperty.map(({ property: p, prices: pp, reducedOn }, i) => withFacetTokens({
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
      itemHeadline: headlineSlotOf(pp, parts.ownCosts(i)),
      ...costFields[i]!,
      epcBand: epcBandOf(p.energyEfficiencyRatingCurrent),
      councilTaxBand: p.councilTaxBand,
      floorArea: p.floorArea,
      monthlyServiceCharge: pp.monthlyServiceCharge,
    }));
}

/** The texts that `keywords` search (keyword-text.ts). */
function keywordTextFor(listing: LoadedListing, parts: ListingParts): string[] {
  const { properties } = parts;
  return keywordTextOf([
    listing.name,
    listing.shortDescription,
    listing.longDescription,
    listing.development.localAreaName,
    ...sortedUnique(properties.flatMap((p) => [p.propertyType, p.propertyTypeGroup])),
    ...parts.propertyFeatures.flatMap((s) => s.values),
    ...sortedUnique(properties.flatMap((p) => (p.tenure ? [tenureWords(p.tenure)] : []))),
  ]);
}

/** The indexed fields: what search filters, sorts and counts on. */
function indexedFields(listing: LoadedListing, parts: ListingParts, view: ListingView, builtAt: Date): Omit<ListingDocument, 'mapDigest'> {
  const { development } = listing;
  const { properties, prices, priceReducedOn } = parts;
  const first = properties[0]!;
  const la = development.localAuthority;
  const publishedAt = listing.publishAt && listing.publishAt > listing.createdAt ? listing.publishAt : listing.createdAt;
  const portalIds = listing.portals.map((p) => p.portalId);
  const schemeSlugs = parts.schemes.map((s) => s.slug);
  return {
    id: listing.id,
    slug: listing.slug,
    externalRef: listing.externalRef,
    accountId: listing.accountId,
    name: listing.name,
    housingProviderId: development.housingProviderId,
    developmentId: development.id,
    forSale: listing.forSale,
    displayAs: listing.displayAs,
    availabilityStatus: parts.availability,
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
    features: featureValues(parts.propertyFeatures, false),
    parking: featureValues(parts.propertyFeatures, true),
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
    eligibility: parts.eligibility,
    properties: indexedProperties(listing, parts, schemeSlugs),
    monthlyCostFrom: parts.monthlyCostFrom,
    depositRequired: depositRequired({ eligibility: parts.eligibility, eligibilityFields: listing.eligibilityFields }),
    poolShares: parts.poolShares,
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
    view,
    keywordText: keywordTextFor(listing, parts),
  };
}

/**
 * Null when the listing is not on the marketplace at all (withdrawn, or nothing left to advertise).
 * `lending`: the assumptions monthly costs are worked out with (the default portal's).
 */
export function buildListingDocument(listing: LoadedListing, lending: LendingAssumptions = DEFAULT_LENDING, builtAt: Date = new Date()): ListingDocument | null {
  const parts = listingParts(listing, lending);
  if (!parts) return null;
  const view = storedViewOf(listing, parts);
  const doc = indexedFields(listing, parts, view, builtAt);
  const { development } = listing;
  const facts: ItemFacts = { latitude: development.latitude, longitude: development.longitude, properties: parts.costed, rules: { eligibility: parts.eligibility, eligibilityFields: listing.eligibilityFields } };
  const itemFacts = JSON.stringify(facts);
  return { ...doc, item: itemFieldOf(doc.id, view, doc.partnerSources), itemPieces: presentedItemFieldOf(view), itemPartners: doc.partnerSources, [ITEM_FACTS_FIELD]: itemFacts, mapDigest: mapDigestOf(doc as unknown as Record<string, unknown>) };
}

const withFacetTokens = (property: Omit<IndexedPropertyWithCosts, 'facetTokens'>): IndexedPropertyWithCosts => ({
  ...property,
  facetTokens: facetTokensOf(property as unknown as Record<string, unknown>),
});
