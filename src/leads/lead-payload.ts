// A lead: the application as a housing provider needs it (SYNC-API.md).
import { decimal, flag, integer, listOf, named, nFlag, nInteger, nText, oneOf, shape, text, type Payload } from '../core/openapi/payload-fields.ts';
import { decisionPayload, progressPayload } from '../applications/application-payload.ts';
import { appointmentPayload } from '../appointments/appointment-payload.ts';
import { ELIGIBILITY_STATUSES } from './lead-schemas.ts';

const objectRef = shape({ id: integer, externalRef: text });

export const leadPayload = named(
  'Lead',
  shape({
    id: integer,
    listing: objectRef,
    property: objectRef.nullable(),
    bedrooms: listOf(integer),
    // a pushed lead's customer is what was pushed, with no id: it belongs to no customer account
    customer: shape({
      id: nInteger,
      email: text,
      firstName: nText,
      lastName: nText,
      phone: nText,
      annualHouseholdIncome: decimal.nullable(),
      deposit: decimal.nullable(),
      dateOfBirth: nText,
      homePostcode: nText,
      workPostcode: nText,
      eligibleCitizen: nFlag,
      homeOwnershipStatus: nInteger,
      livingCircumstance: nInteger,
      workingCircumstance: nInteger,
      housingWaitingList: nFlag,
      armedForcesMember: nFlag,
      keyworker: nFlag,
      dependants: nInteger,
      hasDisability: nFlag,
    }),
    additionalInfo: nText,
    eligibilityStatus: oneOf(ELIGIBILITY_STATUSES),
    decision: decisionPayload.nullable(),
    progress: progressPayload,
    source: text,
    utmSource: nText,
    utmMedium: nText,
    utmCampaign: nText,
    utmTerm: nText,
    utmContent: nText,
    appointments: listOf(appointmentPayload),
    isArchived: flag,
    enquiryDate: text,
    updatedAt: text,
  }),
);

export type LeadPayload = Payload<typeof leadPayload>;
