// The eligibility rules a listing states (its `eligibility` column, as the Sync API writes it), kept in
// its document as they are: what the eligibility engine decides on.
export interface ListingEligibility {
  maxHouseholdIncome?: number | null;
  minDeposit?: number | null;
  eligibleCitizen?: boolean | null;
  homeOwnershipStatuses?: number[] | null;
  localAuthorities?: number[] | null;
  localConnection?: 'required' | 'preferred' | null;
  minAge?: number | null;
  maxAge?: number | null;
  firstDibsUntil?: string | null;
}
