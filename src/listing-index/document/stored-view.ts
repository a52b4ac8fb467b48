// The document's `view` (stored, not indexed): the listing and each property as the listing item, listing
// details and property details present them (listings/listing-view.ts holds its type).
import type { LoadedListing } from './listing-loader.ts';
import type { ListingView, StoredListing } from '../../listings/listing-view.ts';
import type { StoredPropertyDetails } from '../../listings/property-details-payload.ts';
import { availabilityStatus } from '../../inventory/availability.ts';
import { mapImageUrl } from '../../listings/map-image.ts';
import { epcBandOf, materialInformationOf } from '../../inventory/material-information.ts';
import type { ListingParts } from './listing-parts.ts';
import { asArray, isoDate, sortedUnique, type FeatureSection } from './document-values.ts';

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
    bedrooms: sortedUnique(properties.map((p) => p.bedrooms)),
    bathrooms: sortedUnique(properties.map((p) => p.bathrooms).filter((v): v is number => v !== null)),
    receptionRooms: sortedUnique(properties.map((p) => p.receptionRooms).filter((v): v is number => v !== null)),
    furnitureStatus: sortedUnique(properties.map((p) => p.furnitureStatus).filter((v): v is string => v !== null)),
    tenure: first.tenure,
    propertyFeatures: parts.propertyFeatures,
    councilTaxBands: sortedUnique(properties.flatMap((p) => p.councilTaxBand ?? [])),
    epcBands: sortedUnique(properties.flatMap((p) => epcBandOf(p.energyEfficiencyRatingCurrent) ?? [])),
    ...prices,
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
