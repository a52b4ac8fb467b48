// A lead as the store holds it: the application with what its presenter and its services read, and
// what a pushed lead keeps of its customer.
import type { Prisma } from '../generated/prisma/client.ts';
import type { LeadPayload } from './lead-payload.ts';

export const leadInclude = {
  customer: true,
  listing: { select: { id: true, externalRef: true } },
  property: { select: { id: true, externalRef: true } },
  appointments: { orderBy: [{ startsAt: 'asc' as const }, { id: 'asc' as const }] },
  progressChanges: { orderBy: { id: 'asc' as const } },
} satisfies Prisma.ApplicationInclude;

export type LeadRow = Prisma.ApplicationGetPayload<{ include: typeof leadInclude }>;

/** The fields a pushed lead keeps of its customer, as pushed; every other field of the payload is null. */
export const PUSHED_CONTACT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'annualHouseholdIncome',
  'deposit',
  'dateOfBirth',
  'homePostcode',
  'workPostcode',
  'eligibleCitizen',
  'homeOwnershipStatus',
  'livingCircumstance',
  'workingCircumstance',
  'housingWaitingList',
  'armedForcesMember',
  'keyworker',
  'dependants',
  'hasDisability',
] as const satisfies readonly Exclude<keyof LeadPayload['customer'], 'id'>[];

export type PushedContact = { email: string } & Partial<Record<(typeof PUSHED_CONTACT_FIELDS)[number], unknown>>;
