// Schemas of the item fields that listing items and listing details both take from the view as they
// are (ITEM_FIELDS in listing-presenter.ts), from `createdAt` on.
import { arrayOf, bool, int, nStr, nullable, num, object, str, type JsonSchema } from '../openapi/schema-helpers.ts';

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
};
