// Listing items (search results, favourites, featured, similar, marketplace pulls) from the index view.
import type { ListingView } from './listing-view.ts';
import { PRICE_FIELD_NAMES } from './price-rules.ts';
import { availabilityStatus } from './availability.ts';
import { recentReduction } from './price-reductions.ts';
import type { Affordability } from '../affordability/affordability.ts';

export interface ItemContext {
  favourite?: boolean | null;
  partner?: { name: string; imageUrl: string | null } | null;
  /** bedroom counts of the properties that matched the search filters */
  bedrooms?: number[];
  /** the price fields, isSharedOwnership and priceReducedOn of the headline among the matching properties (none: the listing's own) */
  headline?: Record<string, unknown> | null;
  /** what depends on the searcher: distances in miles from their home and work, and affordability */
  personal?: PersonalItemFields | null;
}

export interface PersonalItemFields {
  distanceFromHome: number | null;
  distanceFromWork: number | null;
  affordability: Affordability | null;
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
export const ITEM_VIEW_FIELDS = [...ITEM_FIELDS, ...PRICE_FIELD_NAMES, 'schemes', 'housingProvider', 'isSharedOwnership', 'priceReducedOn'];

export type ListingItem = Record<string, unknown>;

/** Built field by field: spreading picked objects made this ten times slower, on every search hit. */
export function presentListingItem(view: Pick<ListingView, 'listing'>, context: ItemContext = {}): ListingItem {
  const l = view.listing;
  const provider = l.housingProvider as { id: number; name: string; logoUrl: string | null };
  const item: ListingItem = {};
  for (const key of ITEM_FIELDS) item[key] = l[key] ?? null;
  if (context.bedrooms?.length) item.bedrooms = context.bedrooms;
  item.schemes = (l.schemes as { text: string; color: string }[]).map(({ text, color }) => ({ text, color }));
  item.housingProvider = { id: provider.id, name: provider.name, logoUrl: provider.logoUrl };
  item.partnerName = context.partner?.name ?? null;
  item.partnerImageUrl = context.partner ? context.partner.imageUrl : null;
  item.distanceFromHome = context.personal?.distanceFromHome ?? null;
  item.distanceFromWork = context.personal?.distanceFromWork ?? null;
  item.affordability = context.personal?.affordability ?? null;
  item.favourite = context.favourite ?? null;
  const priced = context.headline ?? l;
  for (const key of PRICE_FIELD_NAMES) item[key] = priced[key] ?? null;
  item.isSharedOwnership = Boolean(priced.isSharedOwnership);
  item.priceReducedOn = recentReduction(priced.priceReducedOn);
  return item;
}

/** A map listing from the doc values of the portal's map payload (basic or extended). */
export function presentMapListing(fields: Record<string, unknown[]>, schemes: Map<string, { text: string; color: string }>, extended: boolean) {
  const one = <T>(name: string): T | null => ((fields[name]?.[0] as T | undefined) ?? null);
  const basic = {
    id: one<number>('id')!,
    name: one<string>('name.raw') ?? '',
    slug: one<string>('slug') ?? '',
    schemes: ((fields.schemes ?? []) as string[]).map((slug) => schemes.get(slug) ?? { text: slug, color: '#505a5f' }),
    latitude: one<number>('latitude'),
    longitude: one<number>('longitude'),
  };
  if (!extended) return basic;
  const forSale = Boolean(one<boolean>('forSale'));
  const large = one<string>('mainImage.largeSize');
  return {
    ...basic,
    mainImage: large ? { largeSize: large, mediumSize: one<string>('mainImage.mediumSize'), thumbnail: one<string>('mainImage.thumbnail') } : null,
    propertyType: one<string>('propertyType'),
    availabilityStatus: availabilityStatus(one<string>('availabilityStatus') ?? 'closed', forSale),
    displayAs: one<string>('displayAs'),
    displayAddress: one<string>('displayAddress'),
    bedrooms: ((fields.bedrooms ?? []) as number[]).slice().sort((a, b) => a - b),
    forSale,
    isSharedOwnership: Boolean(one<boolean>('isSharedOwnership')),
    fullMarketPrice: one<number>('minFullMarketPrice'),
    minShareValue: one<number>('minShareValue'),
    monthlyRent: one<number>('minMonthlyRent'),
  };
}
