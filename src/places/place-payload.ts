// A place suggestion of the autocomplete.
import { decimal, named, oneOf, shape, text, type Payload } from '../core/openapi/payload-fields.ts';

export const placeSuggestionPayload = named(
  'PlaceSuggestion',
  shape({
    id: text,
    type: oneOf(['postcode', 'district', 'town', 'local_authority', 'county', 'region']),
    name: text,
    label: text,
    location: text,
    latitude: decimal,
    longitude: decimal,
  }),
);

export type PlaceSuggestionPayload = Payload<typeof placeSuggestionPayload>;
