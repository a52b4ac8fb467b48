// A customer's profile values that eligibility rules read (search's eligible_only, register interest).
import type { PrismaClient } from '../db/prisma.ts';

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

/** The customer's eligibility values; null when there is no such customer. */
export async function eligibilityProfileOf(prisma: PrismaClient, customerId: number): Promise<EligibilityProfile | null> {
  const c = await prisma.customer.findUnique({
    where: { id: customerId },
    select: {
      annualHouseholdIncome: true,
      deposit: true,
      dateOfBirth: true,
      homePostcode: true,
      workPostcode: true,
      homeLocalAuthorityId: true,
      workLocalAuthorityId: true,
      eligibleCitizen: true,
      homeOwnershipStatus: true,
    },
  });
  if (!c) return null;
  return { ...c, dateOfBirth: c.dateOfBirth ? c.dateOfBirth.toISOString().slice(0, 10) : null };
}
