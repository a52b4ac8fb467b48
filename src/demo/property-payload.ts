// A property as an integrator would PUT it (every field given, as the schema's defaults would fill it).
import type { Rng } from './random.ts';
import type { Place } from './places.ts';
import type { Offer } from './offers.ts';
import type { DevelopmentStyle } from './development-payload.ts';
import { PROPERTY_TYPES, SELLING_POINTS, SPECIFICATIONS, floorName, type TypeGroup } from './catalogue.ts';
import { featuresFor, floorplansFor, outsideSpaceFor, roomsFor, type FeatureSection, type Room } from './property-rooms.ts';
import { openMarketPrice, priceTerms, type PriceTerms } from './property-prices.ts';
import { addDays } from './dates.ts';

export type AvailabilityCode = 'available' | 'coming-soon' | 'under-offer' | 'closed';
/** a listing's overall state: most homes available, all coming soon, or all gone */
export type ListingMood = 'open' | 'coming-soon' | 'closed';

export interface PropertyPayload extends PriceTerms {
  externalRef: string;
  development: string;
  propertyNumber: string;
  propertyType: string;
  propertyTypeGroup: TypeGroup;
  bedrooms: number;
  bathrooms: number;
  receptionRooms: number | null;
  furnitureStatus: 'unfurnished' | 'part-furnished' | 'furnished' | null;
  floorArea: number | null;
  rooms: Room[];
  numberOfFloors: number | null;
  floor: { name: string; level: number } | null;
  tenure: 'leasehold' | 'freehold';
  leaseYears: number | null;
  propertyFeatures: FeatureSection[];
  energyEfficiencyRatingCurrent: number;
  energyEfficiencyRatingPotential: number;
  environmentalImpactRatingCurrent: number;
  environmentalImpactRatingPotential: number;
  floorplans: ReturnType<typeof floorplansFor>;
  fullSpecifications: string | null;
  availabilityStatus: AvailabilityCode;
  firstDibs: boolean;
  firstDibsExpirationDate: string | null;
  forSale: boolean;
  isSharedOwnership: boolean;
  councilTaxBand: string;
  broadbandMbps: number;
}

export interface PropertyFacts {
  ref: string;
  development: string;
  plot: number;
  place: Place;
  style: DevelopmentStyle;
  newBuild: boolean;
  offer: Offer;
  mood: ListingMood;
  today: string;
}

// Council tax bands by today's market price: the valuation bands (England's of 1991, Wales's of 2003 with
// its band I) grown roughly with house prices. Derived, not drawn, so that the demo's other random
// values stay as they were.
const ENGLAND_BANDS: [number, string][] = [[150_000, 'A'], [200_000, 'B'], [270_000, 'C'], [350_000, 'D'], [480_000, 'E'], [640_000, 'F'], [1_300_000, 'G']];
const WALES_BANDS: [number, string][] = [[80_000, 'A'], [115_000, 'B'], [150_000, 'C'], [200_000, 'D'], [260_000, 'E'], [340_000, 'F'], [430_000, 'G'], [530_000, 'H']];

export function councilTaxBandFor(marketPrice: number, welsh: boolean): string {
  const bands = welsh ? WALES_BANDS : ENGLAND_BANDS;
  return bands.find(([upTo]) => marketPrice <= upTo)?.[1] ?? (welsh ? 'I' : 'H');
}

/** Full fibre on new builds and in London; elsewhere what the street's copper or cable gives. */
function broadbandFor(newBuild: boolean, london: boolean, plot: number): number {
  if (newBuild) return 1000;
  return london ? 500 : [80, 67, 150, 36][plot % 4]!;
}

const FLOOR_AREA: [number, number][] = [
  [32, 40],
  [46, 56],
  [61, 76],
  [80, 98],
  [105, 135],
];

function typeGroupFor(rng: Rng, f: PropertyFacts): TypeGroup {
  if (f.offer.kind === 'older-persons-shared-ownership')
    return rng.weighted([
      ['flat', 60],
      ['bungalow', 40],
    ] as const);
  if (f.style === 'apartments')
    return rng.weighted([
      ['flat', 88],
      ['maisonette', 12],
    ] as const);
  if (f.style === 'houses')
    return rng.weighted([
      ['house', 85],
      ['bungalow', 8],
      ['other', 7],
    ] as const);
  return rng.weighted([
    ['flat', 55],
    ['house', 35],
    ['maisonette', 10],
  ] as const);
}

function bedroomsFor(rng: Rng, group: TypeGroup, type: string): number {
  if (type === 'Penthouse apartment') return rng.int(2, 3);
  if (group === 'flat')
    return rng.weighted([
      [0, 8],
      [1, 35],
      [2, 40],
      [3, 15],
      [4, 2],
    ] as const);
  if (group === 'maisonette') return rng.int(2, 3);
  if (group === 'house')
    return rng.weighted([
      [2, 25],
      [3, 50],
      [4, 25],
    ] as const);
  return rng.int(1, 2);
}

function statusFor(rng: Rng, mood: ListingMood): AvailabilityCode {
  if (mood === 'coming-soon') return 'coming-soon';
  if (mood === 'closed') return 'closed';
  return rng.weighted([
    ['available', 78],
    ['under-offer', 14],
    ['closed', 8],
  ] as const);
}

export function propertyPayload(f: PropertyFacts, rng: Rng): PropertyPayload {
  const group = typeGroupFor(rng, f);
  const type = rng.weighted(PROPERTY_TYPES[group]);
  const bedrooms = bedroomsFor(rng, group, type);
  const propertyType = bedrooms === 0 ? 'Studio apartment' : type;
  const bathrooms = bedrooms <= 1 ? 1 : bedrooms === 2 ? rng.int(1, 2) : bedrooms === 3 ? 2 : rng.int(2, 3);
  const houseLike = group === 'house' || group === 'bungalow' || group === 'other';
  const inBlock = group === 'flat' || group === 'maisonette';
  const topFloor = f.place.group === 'london' ? 14 : 7;
  const level = inBlock ? (propertyType === 'Penthouse apartment' ? topFloor : rng.int(0, topFloor - 1)) : null;
  const floors =
    group === 'house'
      ? propertyType === 'Townhouse'
        ? 3
        : 2
      : group === 'maisonette' || propertyType === 'Duplex apartment' || group === 'other'
        ? 2
        : 1;
  const leasehold = inBlock || f.offer.sharedOwnership;
  const outside = outsideSpaceFor(rng, group);
  const [minArea, maxArea] = FLOOR_AREA[bedrooms]!;
  const status = statusFor(rng, f.mood);
  const tba = (f.mood === 'coming-soon' && rng.chance(0.5)) || rng.chance(0.03);
  const marketPrice = openMarketPrice(rng, f.place, bedrooms, propertyType, houseLike);
  const firstDibs = f.offer.forSale && f.offer.kind !== 'market-sale' && status !== 'closed' && rng.chance(0.15);
  const eeCurrent = f.newBuild ? rng.int(81, 88) : rng.int(62, 78);
  const eiCurrent = f.newBuild ? rng.int(82, 92) : rng.int(58, 76);
  const label = `${bedrooms === 0 ? 'studio' : `${bedrooms}-bedroom ${propertyType.toLowerCase()}`}`;
  return {
    externalRef: f.ref,
    development: f.development,
    propertyNumber: inBlock ? `Apartment ${level ? level : 'G'}${String(f.plot).padStart(2, '0')}` : `Plot ${f.plot}`,
    propertyType,
    propertyTypeGroup: group,
    bedrooms,
    bathrooms,
    receptionRooms: bedrooms === 0 ? 0 : houseLike && bedrooms >= 4 ? 2 : 1,
    furnitureStatus: f.offer.forSale
      ? null
      : rng.weighted([
          ['unfurnished', 60],
          ['part-furnished', 25],
          ['furnished', 15],
        ] as const),
    floorArea: Math.round(rng.float(minArea, maxArea, 1) * (houseLike ? 1.1 : 1) * 10) / 10,
    rooms: roomsFor(rng, group, bedrooms, bathrooms, outside),
    numberOfFloors: floors,
    floor: level === null ? null : { name: floorName(level), level },
    tenure: leasehold ? 'leasehold' : 'freehold',
    leaseYears: leasehold ? (f.offer.sharedOwnership ? 990 : rng.pick([999, 990, 250, 125])) : null,
    propertyFeatures: featuresFor(rng, group, level, outside, !f.offer.forSale),
    energyEfficiencyRatingCurrent: eeCurrent,
    energyEfficiencyRatingPotential: Math.min(100, eeCurrent + rng.int(2, 9)),
    environmentalImpactRatingCurrent: eiCurrent,
    environmentalImpactRatingPotential: Math.min(100, eiCurrent + rng.int(2, 8)),
    floorplans: floorplansFor(`${f.development}/${f.ref}`, label, floors, inBlock),
    fullSpecifications: `${label[0]!.toUpperCase()}${label.slice(1)} with ${rng.pick(SELLING_POINTS)}. ${rng.pick(SPECIFICATIONS).description}`,
    availabilityStatus: status,
    firstDibs,
    firstDibsExpirationDate: firstDibs ? addDays(f.today, rng.int(10, 45)) : null,
    forSale: f.offer.forSale,
    isSharedOwnership: f.offer.sharedOwnership,
    councilTaxBand: councilTaxBandFor(marketPrice, f.place.code.startsWith('W')),
    broadbandMbps: broadbandFor(f.newBuild, f.place.group === 'london', f.plot),
    ...priceTerms(rng, f.offer, { place: f.place, marketPrice, leasehold, flat: inBlock, tba }),
  };
}
