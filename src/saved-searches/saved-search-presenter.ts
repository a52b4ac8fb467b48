// The JSON of a saved search.
import { summarise } from './saved-search-summary.ts';
import type { SavedSearchView } from './saved-search-service.ts';
import type { SavedSearchPayload } from './saved-search-payload.ts';
import type { AlertFrequency } from './saved-search-schemas.ts';

export function presentSavedSearch({ row, params, newMatches }: SavedSearchView): SavedSearchPayload {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    summary: summarise(params),
    // the column holds only values of ALERT_FREQUENCIES, which the schemas validate on the way in
    alerts: { frequency: row.alertFrequency as AlertFrequency, newListings: row.alertNewListings, priceReductions: row.alertPriceReductions },
    newMatches,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
