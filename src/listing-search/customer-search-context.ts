// Search and listing reads learn about the signed-in customer here: profile values for eligible_only
// and which listings are favourites.
import type { PrismaClient } from '../db/prisma.ts';
import { customerValuesOf, eligibilityProfileOf } from '../customers/customer-eligibility.ts';
import { UNKNOWN_CUSTOMER, type CustomerValues } from '../eligibility/eligibility-rules.ts';
import type { LocalAuthorityRegions } from '../eligibility/eligibility-values.ts';
import type { CustomerContext } from './customer-context.ts';
import type { FavouriteService } from '../favourites/favourite-service.ts';

export function customerSearchContext(prisma: PrismaClient, regions: LocalAuthorityRegions, favourites: Pick<FavouriteService, 'favouriteIdsAmong'>): CustomerContext {
  return {
    async eligibilityValues(customerId: number, today: string): Promise<CustomerValues> {
      const p = await eligibilityProfileOf(prisma, customerId);
      if (!p) return UNKNOWN_CUSTOMER;
      return customerValuesOf(p, today, await regions.livesOrWorksInLondon(p.homeLocalAuthorityId, p.workLocalAuthorityId));
    },
    favouriteIds: (customerId, listingIds) => favourites.favouriteIdsAmong(customerId, listingIds),
  };
}
