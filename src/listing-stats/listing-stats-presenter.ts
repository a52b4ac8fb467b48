// A listing's statistics: a row per day.
import { collection } from '../core/envelope.ts';
import type { DayStats } from './listing-stats-service.ts';
import type { ListingDayStatsPayload } from './listing-stats-payload.ts';

export function presentListingStats(days: DayStats[]) {
  return collection(
    days.map((d): ListingDayStatsPayload => ({
      date: d.date,
      searchImpressions: d.searchImpressions,
      detailViews: d.detailViews,
      favourites: d.favourites,
      registrations: d.registrations,
      appointments: d.appointments,
    })),
  );
}
