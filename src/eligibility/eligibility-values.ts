// Customer values for eligibility from search parameters (and the profile, when signed in).
import type { PrismaClient } from '../db/prisma.ts';
import { UNKNOWN_CUSTOMER, type CustomerValues } from './eligibility-rules.ts';

const LONDON_REGION_CODE = 'E12000007';

export class LocalAuthorityRegions {
  private london: Set<number> | null = null;

  constructor(private readonly prisma: PrismaClient) {}

  async isLondon(localAuthorityId: number): Promise<boolean> {
    this.london ??= new Set(
      (await this.prisma.localAuthority.findMany({ where: { county: { region: { code: LONDON_REGION_CODE } } }, select: { id: true } })).map((la) => la.id),
    );
    return this.london.has(localAuthorityId);
  }

  /** true/false when a home or work authority is known, null when neither is. */
  async livesOrWorksInLondon(home: number | null, work: number | null): Promise<boolean | null> {
    const known = [home, work].filter((v): v is number => v !== null);
    if (known.length === 0) return null;
    for (const id of known) if (await this.isLondon(id)) return true;
    return false;
  }
}

export interface QueryEligibility {
  household_income: number | null;
  deposit: number | null;
  home_local_authority: number | null;
  work_local_authority: number | null;
}

/** Query values win over profile values field by field. */
export async function mergeEligibility(regions: LocalAuthorityRegions, q: QueryEligibility, profile: CustomerValues | null): Promise<CustomerValues> {
  const base = profile ?? UNKNOWN_CUSTOMER;
  const home = q.home_local_authority ?? base.homeLocalAuthorityId;
  const work = q.work_local_authority ?? base.workLocalAuthorityId;
  return {
    ...base,
    annualHouseholdIncome: q.household_income ?? base.annualHouseholdIncome,
    deposit: q.deposit ?? base.deposit,
    homeLocalAuthorityId: home,
    workLocalAuthorityId: work,
    livesOrWorksInLondon: await regions.livesOrWorksInLondon(home, work),
  };
}
