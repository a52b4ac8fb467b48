// Schemas of the item fields that listing items and listing details both take from the view as they
// are (ITEM_FIELDS in listing-presenter.ts), from `createdAt` on.
import { arrayOf, bool, int, nNum, nStr, nullable, num, object, str, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { PRICE_FIELD_NAMES } from './price-rules.ts';

const day: JsonSchema = { ...str, format: 'date' };

/** The day of the latest reduction of a property's headline price within the last 30 days (listing items and details). */
export const priceReducedOnSchema: JsonSchema = { ...nullable(day), description: 'YYYY-MM-DD (UK day) of the latest price reduction within the last 30 days, else null' };

/** A property's headline price history, oldest first (property details). */
export const priceHistorySchema: JsonSchema = arrayOf(object({ date: day, price: num, change: { type: 'string', enum: ['added', 'reduced', 'increased'] } }));

/** The price fields of one home (the headline's in listing items and details), each a number or null (to be announced). */
export const priceFieldSchemas: Record<string, JsonSchema> = {
  ...Object.fromEntries(PRICE_FIELD_NAMES.map((f) => [f, nNum])),
  openMarketValue: { ...nNum, description: "the home's value on the open market, for a home sold below it (First Homes, Discount Market Sale); null otherwise" },
  discountPercentage: { ...nNum, description: 'how far fullMarketPrice is below openMarketValue, in whole percent rounded down; null without both' },
};

export const itemDescriptionSchemas: Record<string, JsonSchema> = {
  createdAt: str,
  displayAddress: str,
  postcode: nStr,
  latitude: num,
  longitude: num,
  newBuild: bool,
  bedrooms: arrayOf(int),
  bathrooms: nullable(arrayOf(int)),
  receptionRooms: nullable(arrayOf(int)),
  furnitureStatus: nullable(arrayOf(str)),
  tenure: str,
  propertyFeatures: arrayOf(object({ section: str, values: arrayOf(str) })),
  monthlyCostFrom: { ...nNum, description: 'the lowest monthly cost among the properties, whole pounds: at the minimum share with the minimum deposit, or the rent' },
};

/** Whether the household can afford a property, at what share, with the figures (PORTAL-EXTRAS §7). */
export const affordabilitySchema: JsonSchema = object({
  status: { type: 'string', enum: ['affordable', 'unaffordable', 'unknown'] },
  share: nNum,
  shareValue: nNum,
  deposit: nNum,
  mortgage: nNum,
  monthlyMortgage: nNum,
  monthlyRent: nNum,
  monthlyServiceCharge: nNum,
  monthlyCost: nNum,
  costToIncomePercent: nNum,
  reasons: arrayOf(str),
});

/** The item fields that depend on who searches: distances in miles (one decimal) and affordability. */
export const personalItemSchemas: Record<string, JsonSchema> = {
  distanceFromHome: nNum,
  distanceFromWork: nNum,
  affordability: nullable(affordabilitySchema),
};
