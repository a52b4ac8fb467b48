// A lead: the application as a housing provider needs it (SYNC-API.md).
import type { Prisma } from '../generated/prisma/client.ts';
import { presentAppointment } from '../appointments/appointment-presenter.ts';
import type { DecisionPayload } from '../applications/application-payload.ts';
import { progressOf } from '../applications/application-progress.ts';
import type { LeadPayload } from './lead-payload.ts';
import type { ELIGIBILITY_STATUSES } from './lead-schemas.ts';

export const leadInclude = {
  customer: true,
  listing: { select: { id: true, externalRef: true } },
  property: { select: { id: true, externalRef: true } },
  appointments: { orderBy: [{ startsAt: 'asc' as const }, { id: 'asc' as const }] },
  progressChanges: { orderBy: { id: 'asc' as const } },
} satisfies Prisma.ApplicationInclude;

export type LeadRow = Prisma.ApplicationGetPayload<{ include: typeof leadInclude }>;

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export function presentLead(a: LeadRow): LeadPayload {
  const c = a.customer;
  return {
    id: a.id,
    listing: { id: a.listing.id, externalRef: a.listing.externalRef },
    property: a.property ? { id: a.property.id, externalRef: a.property.externalRef } : null,
    bedrooms: a.bedrooms,
    customer: {
      id: c.id,
      email: c.email,
      firstName: c.firstName,
      lastName: c.lastName,
      phone: c.phone,
      annualHouseholdIncome: c.annualHouseholdIncome,
      deposit: c.deposit,
      dateOfBirth: isoDate(c.dateOfBirth),
      homePostcode: c.homePostcode,
      workPostcode: c.workPostcode,
      eligibleCitizen: c.eligibleCitizen,
      homeOwnershipStatus: c.homeOwnershipStatus,
      livingCircumstance: c.livingCircumstanceId,
      workingCircumstance: c.workingCircumstanceId,
      housingWaitingList: c.housingWaitingList,
      armedForcesMember: c.armedForcesMember,
      keyworker: c.keyworker,
      dependants: c.dependants,
      hasDisability: c.hasDisability,
    },
    additionalInfo: a.additionalInfo,
    // the column holds only the statuses the service writes
    eligibilityStatus: a.eligibilityStatus as (typeof ELIGIBILITY_STATUSES)[number],
    decision: a.decision as DecisionPayload | null,
    progress: progressOf(a.progressChanges, a.enquiryDate),
    source: a.source,
    utmSource: a.utmSource,
    utmMedium: a.utmMedium,
    utmCampaign: a.utmCampaign,
    utmTerm: a.utmTerm,
    utmContent: a.utmContent,
    appointments: a.appointments.map((ap) => presentAppointment(ap)),
    isArchived: a.isArchived,
    enquiryDate: a.enquiryDate.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
