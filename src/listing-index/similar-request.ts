// Listings similar to one: same occupancy type, near, comparable price and bedrooms; never the listing
// itself. Recommendations narrow them to the customer's (eligible, not applied for).
import type { ListingDocument } from './document/listing-document.ts';
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import { liveListingClauses, portalClause } from './live-listing.ts';
import { forSaleClause, idClause, idTermsClause } from './listing-clauses.ts';
import { withinMilesClause } from './geo-clauses.ts';
import { eligibilityFilters } from './eligibility-clauses.ts';
import { ITEM_ONLY } from './field-selections.ts';

/** Clauses a caller adds to the similar listings' query. */
export interface SimilarNarrowing {
  filter?: object[];
  must_not?: object[];
}

export type SimilarTo = Pick<ListingDocument, 'id' | 'forSale' | 'minFullMarketPrice' | 'minMonthlyRent' | 'location' | 'bedrooms'>;

export function similarListingsRequest(doc: SimilarTo, size: number, portalId: number, narrow: SimilarNarrowing = {}): Record<string, unknown> {
  const priceField = doc.forSale ? 'minFullMarketPrice' : 'minMonthlyRent';
  const price = doc.forSale ? doc.minFullMarketPrice : doc.minMonthlyRent;
  const functions: object[] = [{ gauss: { location: { origin: doc.location, scale: '5mi', offset: '1mi', decay: 0.5 } }, weight: 3 }];
  if (price !== null) functions.push({ gauss: { [priceField]: { origin: price, scale: Math.max(price * 0.25, 1), decay: 0.5 } }, weight: 2 });
  return {
    size,
    query: {
      function_score: {
        query: {
          bool: {
            filter: [
              ...liveListingClauses(),
              portalClause(portalId),
              forSaleClause(doc.forSale),
              withinMilesClause(50, doc.location),
              ...(narrow.filter ?? []),
            ],
            must_not: [idClause(doc.id), ...(narrow.must_not ?? [])],
            should: [{ terms: { bedrooms: doc.bedrooms } }],
          },
        },
        functions,
        score_mode: 'sum',
        boost_mode: 'sum',
      },
    },
    ...ITEM_ONLY,
  };
}

/** A customer's recommendations: listings they are eligible for (their values on `today`), none they applied for. */
export function recommendationNarrowing(values: CustomerValues, today: string, appliedIds: number[], lending?: LendingAssumptions): SimilarNarrowing {
  const eligible = eligibilityFilters(values, today, lending);
  return { filter: eligible.filter, must_not: [...eligible.must_not, idTermsClause(appliedIds)] };
}
