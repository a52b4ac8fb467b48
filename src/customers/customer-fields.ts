// The customer update fields (profile PUT, both registrations): their syntax, with the spec's rule that
// a field sent as null or empty is reset to null, except firstName and lastName, non-empty when sent.
// Rules that need the database (lookup ids, postcodes' local authorities) are in customer-rules.ts.
import * as yup from 'yup';
import { maxChars, NON_BLANK, paddedOrEmpty, recordId, trimmed, withJsonSchema } from '../core/validation.ts';
import { isUkPostcode, normalisePostcode, UK_POSTCODE_CORE } from '../postcodes/postcode-format.ts';

const emptyToNull = (value: unknown, original: unknown) =>
  original === '' || (Array.isArray(original) && original.length === 0) ? null : value;

// In the OpenAPI document: the field's own type, null, or "" (which resets it, as null does).
const resettable = <S extends yup.Schema>(schema: S, jsonType: string, extra: Record<string, unknown> = {}): S =>
  withJsonSchema(schema, { type: [jsonType, 'null', 'string'], maxLength: 0, ...extra });

const text = (field: string, max = 255) =>
  maxChars(yup.string().typeError(`${field} must be a string`).transform(trimmed), max, `${field} must be at most ${max} characters`)
    .nullable()
    .transform((v: unknown, o: unknown) => (v === '' ? null : emptyToNull(v, o)));

const name = (field: string) => {
  const schema = maxChars(yup.string().typeError(`${field} must be a string`).transform(trimmed), 100, `${field} must be at most 100 characters`)
    .nonNullable(`${field} must not be empty`)
    .min(1, `${field} must not be empty`);
  return withJsonSchema(schema, { pattern: NON_BLANK });
};

const bool = (field: string) => resettable(yup.boolean().typeError(`${field} must be true or false`).nullable().transform(emptyToNull), 'boolean');

const amount = (field: string) =>
  resettable(
    yup
    .number()
    .typeError(`${field} must be a number`)
    .min(0, `${field} must not be negative`)
    .max(100_000_000, `${field} is too large`)
    .nullable()
    .transform(emptyToNull),
    'number',
  );

const lookupId = (field: string) => resettable(recordId(`${field} must be an id`).nullable().transform(emptyToNull), 'integer');

const postcode = (field: string) => {
  const schema = text(field, 10)
    .test('uk-postcode', `${field} must be a valid UK postcode`, (v) => v === null || v === undefined || isUkPostcode(v))
    .transform((v: unknown) => (typeof v === 'string' ? (normalisePostcode(v) ?? v) : v));
  return withJsonSchema(schema, { pattern: paddedOrEmpty(UK_POSTCODE_CORE) });
};

const phone = () => {
  const schema = text('phone', 30).matches(/^\+?[0-9][0-9 ()-]{5,28}$/, { message: 'phone must be a telephone number', excludeEmptyString: true });
  return withJsonSchema(schema, { pattern: paddedOrEmpty('\\+?[0-9][0-9 ()-]{5,28}') });
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isPastIsoDate(value: string, today = new Date()): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return Number(m[1]) >= 1900 && date.getTime() < today.getTime();
}

export const UTM_FIELDS = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent'] as const;

/** The UTM values sent, as columns (an application's, or a customer's). */
export function utmOf(body: CustomerFields): Record<string, string | null> {
  return Object.fromEntries(UTM_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f] ?? null]));
}

export const customerFieldsShape = {
  title: text('title', 50),
  firstName: name('firstName'),
  lastName: name('lastName'),
  phone: phone(),
  dateOfBirth: text('dateOfBirth', 10).test(
    'date',
    'dateOfBirth must be a past date as YYYY-MM-DD',
    (v) => v === null || v === undefined || isPastIsoDate(v),
  ),
  bestTimeToContactYou: yup
    .array(recordId('bestTimeToContactYou must hold ids').required())
    .typeError('bestTimeToContactYou must be an array of ids')
    .nullable()
    .transform((v: unknown, o: unknown) => {
      if (typeof o === 'number' || (typeof o === 'string' && o !== '')) return [o]; // a single selection
      const list = emptyToNull(v, o);
      return Array.isArray(list) ? [...new Set(list)] : list;
    }),
  buyingInterestPeriod: lookupId('buyingInterestPeriod'),
  annualHouseholdIncome: amount('annualHouseholdIncome'),
  deposit: amount('deposit'),
  livingCircumstance: lookupId('livingCircumstance'),
  workingCircumstance: lookupId('workingCircumstance'),
  homePostcode: postcode('homePostcode'),
  workPostcode: postcode('workPostcode'),
  homeAddress: text('homeAddress', 500),
  workAddress: text('workAddress', 500),
  occupation: text('occupation'),
  employerName: text('employerName'),
  remarks: text('remarks', 2000),
  dependants: yup
    .number()
    .typeError('dependants must be a whole number')
    .integer('dependants must be a whole number')
    .min(0, 'dependants must not be negative')
    .max(50, 'dependants must be at most 50')
    .nullable()
    .transform(emptyToNull)
    .meta({ jsonSchema: { type: ['integer', 'null', 'string'], maxLength: 0 } }),
  armedForcesMember: bool('armedForcesMember'),
  keyworker: bool('keyworker'),
  hasDisability: bool('hasDisability'),
  housingWaitingList: bool('housingWaitingList'),
  eligibleCitizen: bool('eligibleCitizen'),
  homeOwnershipStatus: yup
    .number()
    .typeError('homeOwnershipStatus must be 1, 2, 3 or 4')
    .oneOf([1, 2, 3, 4], 'homeOwnershipStatus must be 1, 2, 3 or 4')
    .nullable()
    .transform(emptyToNull)
    .meta({ jsonSchema: { type: ['integer', 'null', 'string'], enum: [1, 2, 3, 4, null, ''] } }),
  privacyPolicyAccepted: bool('privacyPolicyAccepted'),
  newsletterConsent: bool('newsletterConsent'),
  newsSurveysConsent: bool('newsSurveysConsent'),
  partnersOffersConsent: bool('partnersOffersConsent'),
  smsConsent: bool('smsConsent'),
  whatsappConsent: bool('whatsappConsent'),
  ...(Object.fromEntries(UTM_FIELDS.map((f) => [f, text(f)])) as Record<(typeof UTM_FIELDS)[number], ReturnType<typeof text>>),
};

export const customerFieldsSchema = yup.object(customerFieldsShape);

/** Sent fields only: a key that is absent was not sent; null resets. */
export type CustomerFields = Partial<yup.InferType<typeof customerFieldsSchema>>;
