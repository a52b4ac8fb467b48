// A customer's profile values that eligibility rules read (search's eligible_only, register interest),
// and the eligibility engine's view of them.
import type { PrismaClient } from '../db/prisma.ts';
import { ageOn, type CustomerValues } from '../eligibility/eligibility-rules.ts';

export interface EligibilityProfile {
  annualHouseholdIncome: number | null;
  deposit: number | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  homePostcode: string | null;
  workPostcode: string | null;
  homeLocalAuthorityId: number | null;
  workLocalAuthorityId: number | null;
  eligibleCitizen: boolean | null;
  homeOwnershipStatus: number | null;
}

const PROFILE_COLUMNS = {
  annualHouseholdIncome: true,
  deposit: true,
  dateOfBirth: true,
  homePostcode: true,
  workPostcode: true,
  homeLocalAuthorityId: true,
  workLocalAuthorityId: true,
  eligibleCitizen: true,
  homeOwnershipStatus: true,
} as const;

type ProfileRow = Omit<EligibilityProfile, 'dateOfBirth'> & { dateOfBirth: Date | null };

/** The eligibility values of a customer row (any row holding the profile columns). */
export function eligibilityProfileFrom(c: ProfileRow): EligibilityProfile {
  return {
    annualHouseholdIncome: c.annualHouseholdIncome,
    deposit: c.deposit,
    dateOfBirth: c.dateOfBirth ? c.dateOfBirth.toISOString().slice(0, 10) : null,
    homePostcode: c.homePostcode,
    workPostcode: c.workPostcode,
    homeLocalAuthorityId: c.homeLocalAuthorityId,
    workLocalAuthorityId: c.workLocalAuthorityId,
    eligibleCitizen: c.eligibleCitizen,
    homeOwnershipStatus: c.homeOwnershipStatus,
  };
}

/** The eligibility values of these customers, by id (those that exist). */
export async function eligibilityProfilesOf(prisma: PrismaClient, customerIds: number[]): Promise<Map<number, EligibilityProfile>> {
  const rows = await prisma.customer.findMany({ where: { id: { in: customerIds } }, select: { id: true, ...PROFILE_COLUMNS } });
  return new Map(rows.map((c) => [c.id, eligibilityProfileFrom(c)]));
}

/** The engine's view of a customer, `livesOrWorksInLondon` worked out by the caller. */
export function customerValuesOf(profile: EligibilityProfile, today: string, livesOrWorksInLondon: boolean | null): CustomerValues {
  return {
    annualHouseholdIncome: profile.annualHouseholdIncome,
    deposit: profile.deposit,
    age: profile.dateOfBirth ? ageOn(profile.dateOfBirth, today) : null,
    eligibleCitizen: profile.eligibleCitizen,
    homeOwnershipStatus: profile.homeOwnershipStatus,
    homeLocalAuthorityId: profile.homeLocalAuthorityId,
    workLocalAuthorityId: profile.workLocalAuthorityId,
    livesOrWorksInLondon,
    unmatchedPostcode:
      (profile.homePostcode !== null && profile.homeLocalAuthorityId === null) ||
      (profile.workPostcode !== null && profile.workLocalAuthorityId === null),
  };
}
