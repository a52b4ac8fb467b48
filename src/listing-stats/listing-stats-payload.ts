// A listing's statistics of one day.
import { about, calendarDate, integer, named, shape, type Payload } from '../core/openapi/payload-fields.ts';

const count = (description: string) => about(integer.min(0), description);

export const listingDayStatsPayload = named(
  'ListingDayStats',
  shape({
    date: about(calendarDate, 'the UK day'),
    searchImpressions: count('times the listing was in the data of a search results page (not the map, not featured)'),
    detailViews: count('reads of the listing page, by id or slug'),
    favourites: count('times it was added to a favourites list'),
    registrations: count('interest registered'),
    appointments: count('open-day appointments booked'),
  }),
);

export type ListingDayStatsPayload = Payload<typeof listingDayStatsPayload>;
