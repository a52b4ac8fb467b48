// What search needs to know about the signed-in customer, supplied by the customer domain.
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import type { SearchProfile } from '../search-criteria/search-person.ts';

/** A signed-in searcher's profile: its postcodes, income and savings (null for no such customer) and its eligibility values. */
export interface Searcher {
  profile: SearchProfile | null;
  values: CustomerValues;
}

export interface CustomerContext {
  /** eligibility values from the customer's profile */
  eligibilityValues(customerId: number, today: string): Promise<CustomerValues>;
  /** the same for many customers at once (alert matching) */
  eligibilityValuesOf(customerIds: number[], today: string): Promise<Map<number, CustomerValues>>;
  /** the profile's postcodes, income and savings (distances, affordability); null for no such customer */
  searchProfile(customerId: number): Promise<SearchProfile | null>;
  /** both at once, from one read of the profile: what a search needs of its signed-in customer */
  searcher(customerId: number, today: string): Promise<Searcher>;
  /** which of these listings the customer has as favourites */
  favouriteIds(customerId: number, listingIds: number[]): Promise<Set<number>>;
  /** all of the customer's favourites, or null when they have more than `limit` */
  favouriteIdsUpTo(customerId: number, limit: number): Promise<Set<number> | null>;
}
