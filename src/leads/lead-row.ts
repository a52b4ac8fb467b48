// A lead as the store holds it: the application with what its presenter and its services read, and
// what a pushed lead keeps of its customer.
import type { Prisma } from '../generated/prisma/client.ts';
import type { LeadPayload } from './lead-payload.ts';
import { providerContactSelect } from '../lead-lifecycle/application-progress.ts';
import { ELIGIBILITY_FIELDS, PRIORITY_FIELDS } from '../listings/listing-sync-schema.ts';

export const leadInclude = {
  customer: true,
  listing: { select: { id: true, externalRef: true, ...providerContactSelect } },
  property: { select: { id: true, externalRef: true } },
  appointments: { orderBy: [{ startsAt: 'asc' as const }, { id: 'asc' as const }] },
  progressChanges: { orderBy: { id: 'asc' as const } },
} satisfies Prisma.ApplicationInclude;

export type LeadRow = Prisma.ApplicationGetPayload<{ include: typeof leadInclude }>;

/**
 * The fields a pushed lead keeps of its customer, as pushed: the contact, then the register-interest
 * answers (a listing's eligibility and priority fields); every other field of the payload is null.
 */
export const PUSHED_CONTACT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  ...ELIGIBILITY_FIELDS,
  ...PRIORITY_FIELDS.filter((field) => !(ELIGIBILITY_FIELDS as readonly string[]).includes(field)),
] as const satisfies readonly Exclude<keyof LeadPayload['customer'], 'id'>[];

export type PushedContact = { email: string } & Partial<Record<(typeof PUSHED_CONTACT_FIELDS)[number], unknown>>;
