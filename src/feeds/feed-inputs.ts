// A group of feed homes as the synchronisation API's payloads: one development, its properties and the
// listing that advertises them, ready for the same schemas and services as any other write.
import type { HomeGroup } from './feed-grouping.ts';
import type { FeedHome, MediaSource } from './feed-home.ts';

export interface ImageSet {
  largeSize: string;
  mediumSize: string;
  thumbnail: string;
}

/** The three sizes of a photo: the service's own for a file of the zip, the URL itself for a URL; else why it is left out ("is not in the zip"). */
export type MediaUrls = (source: MediaSource) => ImageSet | string;

export interface GroupInputs {
  development: Record<string, unknown>;
  properties: { home: FeedHome; input: Record<string, unknown> }[];
  listing: Record<string, unknown>;
}

const mostCommon = <T>(values: T[]): T => {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
};

/** the one value every home gives, or null when they differ */
const shared = <T>(values: T[]): T | null => (values.every((v) => v === values[0]) ? values[0]! : null);

function propertyInput(home: FeedHome, development: string, numberTaken: boolean, media: MediaUrls, missing: (what: string) => void): Record<string, unknown> {
  const p = home.property;
  const floorplans = home.floorplans.flatMap((plan) => {
    const set = media(plan.source);
    if (typeof set === 'string') missing(`floor plan ${'file' in plan.source ? plan.source.file : plan.source.url} ${set}`);
    return typeof set !== 'string' ? [{ url: set.largeSize, thumbnailUrl: set.thumbnail, alternativeText: plan.caption || 'Floor plan', caption: plan.caption }] : [];
  });
  return {
    externalRef: home.ref,
    development,
    propertyNumber: numberTaken ? `${p.propertyNumber} (${home.agentRef})`.slice(0, 50) : p.propertyNumber,
    propertyType: p.propertyType,
    propertyTypeGroup: p.propertyTypeGroup,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    receptionRooms: p.receptionRooms,
    furnitureStatus: p.furnitureStatus,
    floorArea: p.floorArea,
    tenure: p.tenure,
    leaseYears: p.leaseYears,
    propertyFeatures: p.features.length ? [{ section: 'Key features', values: p.features }] : [],
    floorplans,
    availabilityStatus: p.availabilityStatus,
    forSale: home.forSale,
    isSharedOwnership: p.isSharedOwnership,
    fullMarketPrice: p.fullMarketPrice,
    minSharePercentage: p.minSharePercentage,
    subsidisedMonthlyRent: p.subsidisedMonthlyRent,
    monthlyServiceCharge: p.monthlyServiceCharge,
    annualGroundRent: p.annualGroundRent,
    councilTaxBand: p.councilTaxBand,
    monthlyRent: p.monthlyRent,
    rentalDeposit: p.rentalDeposit,
  };
}

/**
 * `missing(home, what)` hears of each file the zip does not hold. The listing takes its text from the home
 * with the longest description, and the photos of every home, each once.
 */
export function groupInputs(group: HomeGroup, media: MediaUrls, missing: (home: FeedHome, what: string) => void): GroupInputs {
  const { homes } = group;
  const first = homes[0]!;
  const numbers = homes.map((h) => h.property.propertyNumber);
  const properties = homes.map((home) => ({
    home,
    input: propertyInput(home, group.ref, numbers.filter((n) => n === home.property.propertyNumber).length > 1, media, (what) => missing(home, what)),
  }));
  const lead = [...homes].sort((a, b) => (b.description?.length ?? 0) - (a.description?.length ?? 0))[0]!;
  const seen = new Set<string>();
  const gallery: (ImageSet & { alternativeText: string; caption: string })[] = [];
  for (const home of [lead, ...homes.filter((h) => h !== lead)]) {
    for (const image of home.images) {
      const key = JSON.stringify(image.source);
      if (seen.has(key)) continue;
      seen.add(key);
      const set = media(image.source);
      if (typeof set === 'string') missing(home, `photo ${'file' in image.source ? image.source.file : image.source.url} ${set}`);
      else gallery.push({ ...set, alternativeText: image.caption || home.displayAddress.slice(0, 255), caption: image.caption });
    }
  }
  const displayAddress = mostCommon(homes.map((h) => h.displayAddress));
  const name = group.development ? first.developmentName : displayAddress;
  const development = {
    externalRef: group.ref,
    name: name.slice(0, 255),
    displayAddress,
    postcode: first.postcode,
    latitude: first.latitude,
    longitude: first.longitude,
    tenure: shared(homes.map((h) => h.property.tenure)),
    newBuild: homes.some((h) => h.newHome),
    videos: [...new Set(homes.flatMap((h) => h.tours))].map((url) => ({ url })),
    brochures: [...new Set(homes.flatMap((h) => h.brochures))],
  };
  const listing = {
    externalRef: group.ref,
    development: group.ref,
    properties: homes.map((h) => h.ref),
    name: (group.development ? `${name}, ${first.town || displayAddress}` : displayAddress).slice(0, 255),
    forSale: first.forSale,
    schemes: [...new Set(homes.flatMap((h) => h.schemes))],
    shortDescription: lead.summary,
    longDescription: lead.description,
    mainImage: gallery[0] ? { largeSize: gallery[0].largeSize, mediumSize: gallery[0].mediumSize, thumbnail: gallery[0].thumbnail } : null,
    galleryImages: gallery,
    published: homes.some((h) => h.published),
  };
  return { development, properties, listing };
}
