// Search and listing reads learn about the signed-in customer here: profile values for eligible_only
// and which listings are favourites.
import type { PrismaClient } from './db/prisma.ts';
import { customerValuesOf, eligibilityProfilesOf } from './customers/customer-eligibility.ts';
import { UNKNOWN_CUSTOMER, type CustomerValues } from './eligibility/eligibility-rules.ts';
import type { LocalAuthorityRegions } from './eligibility/eligibility-values.ts';
import type { CustomerContext } from './listing-search/customer-context.ts';
import type { FavouriteService } from './favourites/favourite-service.ts';

export function customerSearchContext(prisma: PrismaClient, regions: LocalAuthorityRegions, favourites: Pick<FavouriteService, 'favouriteIdsAmong' | 'favouriteIdsUpTo'>): CustomerContext {
  async function eligibilityValuesOf(customerIds: number[], today: string): Promise<Map<number, CustomerValues>> {
    const profiles = await eligibilityProfilesOf(prisma, customerIds);
    const out = new Map<number, CustomerValues>();
    for (const id of customerIds) {
      const p = profiles.get(id);
      out.set(id, p ? customerValuesOf(p, today, await regions.livesOrWorksInLondon(p.homeLocalAuthorityId, p.workLocalAuthorityId)) : UNKNOWN_CUSTOMER);
    }
    return out;
  }
  return {
    eligibilityValues: async (customerId, today) => (await eligibilityValuesOf([customerId], today)).get(customerId)!,
    eligibilityValuesOf,
    searchProfile: async (customerId) => (await eligibilityProfilesOf(prisma, [customerId])).get(customerId) ?? null,
    searcher: async (customerId, today) => {
      const profile = (await eligibilityProfilesOf(prisma, [customerId])).get(customerId) ?? null;
      const london = profile ? await regions.livesOrWorksInLondon(profile.homeLocalAuthorityId, profile.workLocalAuthorityId) : null;
      return { profile, values: profile ? customerValuesOf(profile, today, london) : UNKNOWN_CUSTOMER };
    },
    favouriteIds: (customerId, listingIds) => favourites.favouriteIdsAmong(customerId, listingIds),
    favouriteIdsUpTo: (customerId, limit) => favourites.favouriteIdsUpTo(customerId, limit),
  };
}
