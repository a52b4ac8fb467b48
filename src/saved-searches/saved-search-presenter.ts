// The JSON of a saved search.
import { summarise } from './saved-search-summary.ts';
import type { SavedSearchView } from './saved-search-service.ts';

export function presentSavedSearch({ row, params, newMatches }: SavedSearchView) {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    summary: summarise(params),
    alerts: { frequency: row.alertFrequency, newListings: row.alertNewListings, priceReductions: row.alertPriceReductions },
    newMatches,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
