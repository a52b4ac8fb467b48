// Search and listing reads learn about the signed-in customer here: profile values for eligible_only
// and which listings are favourites.
import type { PrismaClient } from '../db/prisma.ts';
import { eligibilityProfileOf } from '../customers/customer-eligibility.ts';
import { ageOn, UNKNOWN_CUSTOMER, type CustomerValues } from '../eligibility/eligibility-rules.ts';
import type { LocalAuthorityRegions } from '../eligibility/eligibility-values.ts';
import type { CustomerContext } from './customer-context.ts';
import type { FavouriteService } from '../favourites/favourite-service.ts';

export function customerSearchContext(prisma: PrismaClient, regions: LocalAuthorityRegions, favourites: Pick<FavouriteService, 'favouriteIdsAmong'>): CustomerContext {
  return {
    async eligibilityValues(customerId: number, today: string): Promise<CustomerValues> {
      const p = await eligibilityProfileOf(prisma, customerId);
      if (!p) return UNKNOWN_CUSTOMER;
      return {
        annualHouseholdIncome: p.annualHouseholdIncome,
        deposit: p.deposit,
        age: p.dateOfBirth ? ageOn(p.dateOfBirth, today) : null,
        eligibleCitizen: p.eligibleCitizen,
        homeOwnershipStatus: p.homeOwnershipStatus,
        homeLocalAuthorityId: p.homeLocalAuthorityId,
        workLocalAuthorityId: p.workLocalAuthorityId,
        livesOrWorksInLondon: await regions.livesOrWorksInLondon(p.homeLocalAuthorityId, p.workLocalAuthorityId),
      };
    },
    favouriteIds: (customerId, listingIds) => favourites.favouriteIdsAmong(customerId, listingIds),
  };
}
