// A lead: the application as a housing provider needs it. A portal lead shows its customer's profile;
// a pushed lead shows only what was pushed (never a stored customer's profile).
import type { LeadRow, PushedContact } from './lead-row.ts';
import { presentAppointment } from '../appointments/appointment-presenter.ts';
import type { DecisionPayload } from '../applications/application-payload.ts';
import { progressOf } from '../lead-lifecycle/application-progress.ts';
import type { LeadPayload } from './lead-payload.ts';
import type { ELIGIBILITY_STATUSES } from './lead-schemas.ts';

type LeadCustomer = LeadPayload['customer'];

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

function profileOf(c: NonNullable<LeadRow['customer']>): LeadCustomer {
  return {
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
  };
}

function pushedOf(contact: PushedContact): LeadCustomer {
  const field = <K extends keyof LeadCustomer>(k: K) => (contact[k as keyof PushedContact] ?? null) as LeadCustomer[K];
  return {
    id: null,
    email: contact.email,
    firstName: field('firstName'),
    lastName: field('lastName'),
    phone: field('phone'),
    annualHouseholdIncome: field('annualHouseholdIncome'),
    deposit: field('deposit'),
    dateOfBirth: field('dateOfBirth'),
    homePostcode: field('homePostcode'),
    workPostcode: field('workPostcode'),
    eligibleCitizen: field('eligibleCitizen'),
    homeOwnershipStatus: field('homeOwnershipStatus'),
    livingCircumstance: field('livingCircumstance'),
    workingCircumstance: field('workingCircumstance'),
    housingWaitingList: field('housingWaitingList'),
    armedForcesMember: field('armedForcesMember'),
    keyworker: field('keyworker'),
    dependants: field('dependants'),
    hasDisability: field('hasDisability'),
  };
}

function customerOf(a: LeadRow): LeadCustomer {
  if (a.pushedContact !== null) return pushedOf(a.pushedContact as PushedContact);
  if (a.customer) return profileOf(a.customer);
  // unreachable: every application has a customer or a pushed contact
  return pushedOf({ email: '' });
}

export function presentLead(a: LeadRow): LeadPayload {
  return {
    id: a.id,
    listing: { id: a.listing.id, externalRef: a.listing.externalRef },
    property: a.property ? { id: a.property.id, externalRef: a.property.externalRef } : null,
    bedrooms: a.bedrooms,
    customer: customerOf(a),
    additionalInfo: a.additionalInfo,
    // the column holds only the statuses the service writes
    eligibilityStatus: a.eligibilityStatus as (typeof ELIGIBILITY_STATUSES)[number],
    decision: a.decision as DecisionPayload | null,
    progress: progressOf(a.progressChanges, a.enquiryDate, a.listing.development.housingProvider),
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
