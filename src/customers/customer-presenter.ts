// The Customer resource, exactly the fields of the spec; lookup fields as {id, name}.
import { presentLookupRef } from '../lookups/lookup-presenter.ts';
import { presentLocalAuthority } from '../postcodes/local-authority-presenter.ts';
import type { LoadedCustomer } from './customer-service.ts';
import type { CustomerPayload } from './customer-payload.ts';

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export function presentCustomer({ customer: c, lookups }: LoadedCustomer): CustomerPayload {
  const fullName = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return {
    id: c.id,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    fullName: fullName || null,
    phone: c.phone,
    dateOfBirth: isoDate(c.dateOfBirth),
    livingCircumstance: presentLookupRef(lookups.livingCircumstance),
    homeLocalAuthority: c.homeLocalAuthority ? presentLocalAuthority(c.homeLocalAuthority) : null,
    homeAddress: c.homeAddress,
    homePostcode: c.homePostcode,
    workingCircumstance: presentLookupRef(lookups.workingCircumstance),
    workLocalAuthority: c.workLocalAuthority ? presentLocalAuthority(c.workLocalAuthority) : null,
    workAddress: c.workAddress,
    workPostcode: c.workPostcode,
    occupation: c.occupation,
    employerName: c.employerName,
    annualHouseholdIncome: c.annualHouseholdIncome,
    deposit: c.deposit,
    dependants: c.dependants,
    eligibleCitizen: c.eligibleCitizen,
    homeOwnershipStatus: c.homeOwnershipStatus,
    armedForcesMember: c.armedForcesMember,
    hasDisability: c.hasDisability,
    keyworker: c.keyworker,
    housingWaitingList: c.housingWaitingList,
    remarks: c.remarks,
    buyingInterestPeriod: presentLookupRef(lookups.buyingInterestPeriod),
    bestTimeToContactYou: lookups.bestTimeToContact.length ? lookups.bestTimeToContact.map((i) => presentLookupRef(i)!) : null,
    privacyPolicyAccepted: c.privacyPolicyAccepted,
    newsletterConsent: c.newsletterConsent,
    newsSurveysConsent: c.newsSurveysConsent,
    partnersOffersConsent: c.partnersOffersConsent,
    smsConsent: c.smsConsent,
    whatsappConsent: c.whatsappConsent,
    updatedAt: c.updatedAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
  };
}

export type CustomerResource = CustomerPayload;
