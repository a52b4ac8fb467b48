// Listing items (search results, favourites, featured, similar, marketplace pulls) from the index view.
import type { StoredListing } from './listing-view.ts';
import { PRICE_FIELD_NAMES } from './price-rules.ts';
import { availabilityStatus } from '../inventory/availability.ts';
import { recentReduction } from './price-reductions.ts';
import type { ListingItemPayload, PersonalItemFields } from './listing-item-payload.ts';
import type { MapListingPayload } from './map-listing-payload.ts';

export interface ItemContext {
  favourite?: boolean | null;
  partner?: { name: string; imageUrl: string | null } | null;
  /** bedroom counts of the properties that matched the search filters */
  bedrooms?: number[];
  /** the price fields, isSharedOwnership and priceReducedOn of the headline among the matching properties, and the lowest monthly cost of their pool (none: the listing's own) */
  headline?: HeadlinePrices | null;
  /** what depends on the searcher: distances in miles from their home and work, and affordability */
  personal?: PersonalItemFields | null;
}

/** Fields a listing item takes from the view as they are (listing details take them too). */
export const ITEM_FIELDS = [
  'id',
  'name',
  'slug',
  'mainImage',
  'shortDescription',
  'propertyTypeGroup',
  'propertyType',
  'availabilityStatus',
  'displayAs',
  'forSale',
  'firstDibs',
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
  'monthlyCostFrom',
] as const;

/** The fields of a listing's view that a listing item is made from (kept in the stored item field). */
export const ITEM_VIEW_FIELDS = [...ITEM_FIELDS, ...PRICE_FIELD_NAMES, 'monthlyCost', 'depositNeeded', 'schemes', 'housingProvider', 'isSharedOwnership', 'priceReducedOn'] as const satisfies readonly (keyof StoredListing)[];

/** The listing-item slice of the stored view, which the index also keeps as a stored field of its own. */
export type StoredItemListing = Pick<StoredListing, (typeof ITEM_VIEW_FIELDS)[number]>;

/** The price members of an item: the headline property's prices, its latest reduction and its pool's lowest monthly cost. */
export type HeadlinePrices = Pick<StoredListing, (typeof PRICE_FIELD_NAMES)[number] | 'isSharedOwnership' | 'priceReducedOn' | 'monthlyCostFrom' | 'monthlyCost' | 'depositNeeded'>;

export type ListingItem = ListingItemPayload;

/**
 * Built as one literal: spreading picked objects made this ten times slower, on every search hit. The
 * members of each per-search slot stay together and in ITEM_SLOTS order (presented-item.ts cuts the
 * item there, and refuses an item that does not).
 */
export function presentListingItem(view: { listing: StoredItemListing }, context: ItemContext = {}): ListingItemPayload {
  // a nullable field that a document of an older mapping lacks shows null
  const l = view.listing;
  const provider = l.housingProvider;
  const priced: HeadlinePrices = context.headline ?? l;
  return {
    id: l.id,
    name: l.name,
    slug: l.slug,
    mainImage: l.mainImage ?? null,
    shortDescription: l.shortDescription ?? null,
    propertyTypeGroup: l.propertyTypeGroup,
    propertyType: l.propertyType,
    availabilityStatus: l.availabilityStatus,
    displayAs: l.displayAs,
    forSale: l.forSale,
    firstDibs: l.firstDibs,
    createdAt: l.createdAt,
    displayAddress: l.displayAddress,
    postcode: l.postcode ?? null,
    latitude: l.latitude,
    longitude: l.longitude,
    newBuild: l.newBuild,
    bedrooms: context.bedrooms?.length ? context.bedrooms : l.bedrooms,
    bathrooms: l.bathrooms ?? null,
    receptionRooms: l.receptionRooms ?? null,
    furnitureStatus: l.furnitureStatus ?? null,
    tenure: l.tenure,
    propertyFeatures: l.propertyFeatures,
    schemes: l.schemes.map(({ text, color }) => ({ text, color })),
    housingProvider: { id: provider.id, name: provider.name, logoUrl: provider.logoUrl },
    partnerName: context.partner?.name ?? null,
    partnerImageUrl: context.partner ? context.partner.imageUrl : null,
    distanceFromHome: context.personal?.distanceFromHome ?? null,
    distanceFromWork: context.personal?.distanceFromWork ?? null,
    affordability: context.personal?.affordability ?? null,
    eligibility: context.personal?.eligibility ?? null,
    favourite: context.favourite ?? null,
    // the pool's lowest monthly cost, beside the headline's prices: both follow the properties that matched
    monthlyCostFrom: priced.monthlyCostFrom ?? null,
    fullMarketPrice: priced.fullMarketPrice ?? null,
    depositValue: priced.depositValue ?? null,
    minSharePercentage: priced.minSharePercentage ?? null,
    minShareValue: priced.minShareValue ?? null,
    subsidisedMonthlyRent: priced.subsidisedMonthlyRent ?? null,
    maxGovernmentLoanPercent: priced.maxGovernmentLoanPercent ?? null,
    maxGovernmentLoanValue: priced.maxGovernmentLoanValue ?? null,
    monthlyServiceCharge: priced.monthlyServiceCharge ?? null,
    annualGroundRent: priced.annualGroundRent ?? null,
    reservationFee: priced.reservationFee ?? null,
    monthlyRent: priced.monthlyRent ?? null,
    weeklyRent: priced.weeklyRent ?? null,
    rentalDeposit: priced.rentalDeposit ?? null,
    minTenancyMonths: priced.minTenancyMonths ?? null,
    maxTenancyMonths: priced.maxTenancyMonths ?? null,
    administrationFee: priced.administrationFee ?? null,
    openMarketValue: priced.openMarketValue ?? null,
    discountPercentage: priced.discountPercentage ?? null,
    // the headline home's own costing: every money line of an item follows that one home
    monthlyCost: priced.monthlyCost ?? null,
    depositNeeded: priced.depositNeeded ?? null,
    isSharedOwnership: Boolean(priced.isSharedOwnership),
    priceReducedOn: recentReduction(priced.priceReducedOn),
  };
}

/** A map listing from the doc values of the portal's map payload (basic or extended). */
export function presentMapListing(fields: Record<string, unknown[]>, schemes: Map<string, { text: string; color: string }>, extended: boolean): MapListingPayload {
  const one = <T>(name: string): T | null => ((fields[name]?.[0] as T | undefined) ?? null);
  const basic = {
    id: one<number>('id')!,
    name: one<string>('name.raw') ?? '',
    slug: one<string>('slug') ?? '',
    schemes: ((fields.schemes ?? []) as string[]).map((slug) => schemes.get(slug) ?? { text: slug, color: '#505a5f' }),
    latitude: one<number>('latitude')!,
    longitude: one<number>('longitude')!,
  };
  if (!extended) return basic;
  const forSale = Boolean(one<boolean>('forSale'));
  const large = one<string>('mainImage.largeSize');
  return {
    ...basic,
    // the document always holds these (listing-document.ts)
    mainImage: large ? { largeSize: large, mediumSize: one<string>('mainImage.mediumSize')!, thumbnail: one<string>('mainImage.thumbnail')! } : null,
    propertyType: one<string>('propertyType')!,
    availabilityStatus: availabilityStatus(one<string>('availabilityStatus') ?? 'closed', forSale),
    displayAs: one<MapListingPayload['displayAs'] & string>('displayAs')!,
    displayAddress: one<string>('displayAddress')!,
    bedrooms: ((fields.bedrooms ?? []) as number[]).slice().sort((a, b) => a - b),
    forSale,
    isSharedOwnership: Boolean(one<boolean>('isSharedOwnership')),
    fullMarketPrice: one<number>('minFullMarketPrice'),
    minShareValue: one<number>('minShareValue'),
    monthlyRent: one<number>('minMonthlyRent'),
  };
}
