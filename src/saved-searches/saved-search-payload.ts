// The SavedSearch resource.
import { about, dateTime, flag, integer, looseObject, named, oneOf, shape, text, type Payload } from '../core/openapi/payload-fields.ts';
import { ALERT_FREQUENCIES } from './saved-search-schemas.ts';

export const savedSearchPayload = named(
  'SavedSearch',
  shape({
    id: integer,
    name: text,
    query: looseObject({ additionalProperties: true, description: 'the search parameters, as sent (without page, size and sort_by)' }),
    summary: about(text, 'e.g. "2 to 3 bedroom homes for sale within 5 miles of Leeds, up to £250,000"'),
    alerts: shape({ frequency: oneOf(ALERT_FREQUENCIES), newListings: flag, priceReductions: flag }),
    newMatches: about(integer, 'listings that went live or were reduced, matching, since lastViewedAt'),
    lastViewedAt: dateTime.nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export type SavedSearchPayload = Payload<typeof savedSearchPayload>;
