// The Customer resource, exactly the fields of the spec, and the `{message}` answer of the account
// endpoints.
import { calendarDate, dateTime, decimal, integer, listOf, named, nFlag, nText, shape, text, withJsonSchema, type Payload } from '../core/openapi/payload-fields.ts';
import { localAuthorityPayload } from '../postcodes/local-authority-payload.ts';

const lookupRef = shape({ id: integer, name: text });

export const customerPayload = named(
  'Customer',
  shape({
    id: integer,
    email: text,
    firstName: nText,
    lastName: nText,
    fullName: nText,
    phone: nText,
    dateOfBirth: calendarDate.nullable(),
    livingCircumstance: lookupRef.nullable(),
    homeLocalAuthority: localAuthorityPayload.nullable(),
    homeAddress: nText,
    homePostcode: nText,
    workingCircumstance: lookupRef.nullable(),
    workLocalAuthority: localAuthorityPayload.nullable(),
    workAddress: nText,
    workPostcode: nText,
    occupation: nText,
    employerName: nText,
    annualHouseholdIncome: decimal.nullable(),
    deposit: decimal.nullable(),
    dependants: integer.nullable(),
    eligibleCitizen: nFlag,
    homeOwnershipStatus: withJsonSchema(integer.nullable(), { enum: [1, 2, 3, 4, null] }),
    armedForcesMember: nFlag,
    hasDisability: nFlag,
    keyworker: nFlag,
    housingWaitingList: nFlag,
    remarks: nText,
    buyingInterestPeriod: lookupRef.nullable(),
    bestTimeToContactYou: listOf(lookupRef).nullable(),
    privacyPolicyAccepted: nFlag,
    newsletterConsent: nFlag,
    newsSurveysConsent: nFlag,
    partnersOffersConsent: nFlag,
    smsConsent: nFlag,
    whatsappConsent: nFlag,
    updatedAt: dateTime,
    createdAt: dateTime,
  }),
);

export const messagePayload = named('Message', shape({ message: text }));

export type CustomerPayload = Payload<typeof customerPayload>;
export type MessagePayload = Payload<typeof messagePayload>;
