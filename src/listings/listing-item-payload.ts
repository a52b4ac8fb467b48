// The listing item (search results, favourites, featured, similar, marketplace pulls), and the pieces
// that listing and property details share with it: the item's description fields, the price fields,
// affordability and the latest reduction's day.
import {
  about,
  calendarDate,
  decimal,
  flag,
  integer,
  listOf,
  named,
  nDecimal,
  nFlag,
  nInteger,
  nText,
  oneOf,
  shape,
  text,
  type Payload,
} from '../core/openapi/payload-fields.ts';
import { PRICE_FIELD_NAMES } from './price-rules.ts';
import { PRICE_CHANGE_KINDS } from '../inventory/price-history.ts';
import { DISPLAY_AS } from './listing-sync-schema.ts';

type PriceFieldName = (typeof PRICE_FIELD_NAMES)[number];

/** The day of the latest reduction of a property's headline price within the last 30 days (listing items and details). */
export const priceReducedOn = about(calendarDate.nullable(), 'YYYY-MM-DD (UK day) of the latest price reduction within the last 30 days, else null');

/** A property's headline price history, oldest first (property details). */
export const priceHistory = listOf(shape({ date: calendarDate, price: decimal, change: oneOf(PRICE_CHANGE_KINDS) }));

/** The price fields of one home (the headline's in listing items and details), each a number or null (to be announced). */
export const priceFields = {
  ...(Object.fromEntries(PRICE_FIELD_NAMES.map((f) => [f, nDecimal])) as Record<PriceFieldName, typeof nDecimal>),
  openMarketValue: about(nDecimal, "the home's value on the open market, for a home sold below it (First Homes, Discount Market Sale); null otherwise"),
  discountPercentage: about(nDecimal, 'how far fullMarketPrice is below openMarketValue, in whole percent rounded down; null without both'),
};

/** The headline home's own costing beside its prices (PORTAL-EXTRAS §10: every money figure of an item is of one home). */
export const headlineCostFields = {
  monthlyCost: about(nDecimal, "the headline home's monthly cost, whole pounds: at its minimum share with the deposit it needs, or the rent; null when its price is unknown"),
  depositNeeded: about(nDecimal, 'the deposit the headline home needs at its minimum share (the one deposit rule, as property details give it); null to rent or when its price is unknown'),
};

export const propertyFeatures = listOf(shape({ section: text, values: listOf(text) }));

/** The fields that listing items and listing details both take from the view as they are, from `createdAt` on. */
export const itemDescriptionFields = {
  createdAt: text,
  displayAddress: text,
  postcode: nText,
  latitude: decimal,
  longitude: decimal,
  newBuild: flag,
  bedrooms: listOf(integer),
  bathrooms: listOf(integer).nullable(),
  receptionRooms: listOf(integer).nullable(),
  furnitureStatus: listOf(text).nullable(),
  tenure: nText,
  propertyFeatures,
  monthlyCostFrom: about(
    nDecimal,
    "the lowest monthly cost in the listing's pool of homes (the available ones, else coming soon, else under offer, else closed; in search among those matching), whole pounds: at the minimum share with the deposit it needs, or the rent",
  ),
};

/** Whether the household can afford a property, at what share, with the figures (PORTAL-EXTRAS §7, §10). */
export const affordabilityPayload = shape({
  propertyId: about(nInteger, 'the home these figures are of'),
  propertyNumber: about(nText, "that home's name within the listing"),
  property: about(
    shape({ id: integer, name: nText, fullMarketPrice: nDecimal, monthlyRent: nDecimal }).nullable(),
    'the home the verdict is about, by its name within the listing and its price (full market price for sale, monthly rent to rent), which may be another home of the pool than the headline; null when none is known',
  ),
  status: oneOf(['affordable', 'unaffordable', 'unknown'] as const),
  share: nDecimal,
  shareValue: nDecimal,
  deposit: about(nDecimal, 'the deposit put down: the savings up to the share value, never less than the deposit the share needs'),
  mortgage: nDecimal,
  monthlyMortgage: nDecimal,
  monthlyRent: nDecimal,
  monthlyServiceCharge: nDecimal,
  monthlyCost: nDecimal,
  costToIncomePercent: nDecimal,
  depositNeeded: about(nDecimal, 'the deposit the reported share needs: the largest of minDepositPercent% and the listing depositPercentage% of its value, the listing minimum deposit and the depositValue its provider states for the property; null to rent'),
  breakdown: about(
    shape({ mortgage: decimal, rentOnUnsoldShare: decimal, serviceCharge: decimal, groundRent: decimal, total: decimal }).nullable(),
    'the monthly cost to the penny: the mortgage repayment, the rent on the unsold share, the service charge and a twelfth of the ground rent, and their sum',
  ),
  reasons: listOf(text),
  assumptions: about(
    shape({ mortgageRatePercent: decimal, mortgageTermYears: integer, maxLoanToIncome: decimal, minDepositPercent: decimal, maxCostToIncomePercent: decimal }),
    'the lending assumptions used',
  ),
});

/**
 * Whether the searcher meets the listing's rules (PORTAL-EXTRAS §11): register interest's decision for
 * the searcher's values, `unknown` while a value it needs is not known.
 */
export const eligibilityPayload = shape({
  status: oneOf(['passed', 'considered', 'failed', 'unknown'] as const),
  reasons: about(listOf(text), "the decision's words: why it fails, why only considered, or which value is still needed; empty when passed"),
});

/** `eligibility` of a listing item or listing details. */
export const eligibilityField = about(
  eligibilityPayload.nullable(),
  "register interest's decision for the searcher's eligibility values (the query's, else the signed-in profile's); null when none is known",
);

/** The item fields that depend on who searches: distances in miles (one decimal), affordability and eligibility. */
export const personalItemFields = {
  distanceFromHome: nDecimal,
  distanceFromWork: nDecimal,
  affordability: affordabilityPayload.nullable(),
  eligibility: eligibilityField,
};

export const availabilityStatusPayload = shape({ code: text, name: text });
export const imagePayload = shape({ largeSize: text, mediumSize: text, thumbnail: text });

export const listingItemPayload = named(
  'ListingItem',
  shape({
    id: integer,
    name: text,
    slug: text,
    mainImage: imagePayload.nullable(),
    schemes: listOf(shape({ text, color: text })),
    shortDescription: nText,
    housingProvider: shape({ id: integer, name: text, logoUrl: nText }),
    propertyTypeGroup: text,
    propertyType: text,
    availabilityStatus: availabilityStatusPayload,
    displayAs: oneOf(DISPLAY_AS),
    forSale: flag,
    firstDibs: flag,
    partnerName: nText,
    partnerImageUrl: nText,
    ...personalItemFields,
    favourite: nFlag,
    ...itemDescriptionFields,
    ...priceFields,
    ...headlineCostFields,
    isSharedOwnership: flag,
    priceReducedOn,
  }),
);

export type ListingItemPayload = Payload<typeof listingItemPayload>;
export type AffordabilityPayload = Payload<typeof affordabilityPayload>;
export type EligibilityPayload = Payload<typeof eligibilityPayload>;
export type PersonalItemFields = Pick<ListingItemPayload, keyof typeof personalItemFields>;
