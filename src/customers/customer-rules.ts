// Turns validated customer fields into the columns to write, applying the rules that need the database:
// lookup ids must exist in their lists, a home ownership status of 1 or 2 does not go with an owner
// living circumstance, and the local authorities follow the postcodes (through the Postcode table).
import type { Customer, Prisma } from '../generated/prisma/client.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { NotFoundError, ValidationError, type FieldErrors } from '../core/errors.ts';
import { UTM_FIELDS, type CustomerFields } from './customer-fields.ts';
import { findPostcode } from '../postcodes/postcode-lookup.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export type CustomerColumns = Omit<
  Prisma.CustomerUncheckedUpdateInput,
  'id' | 'email' | 'passwordHash' | 'createdVia' | 'disabledAt' | 'createdAt' | 'updatedAt'
>;

const LOOKUP_FIELDS = {
  livingCircumstance: { list: 'living-circumstances', column: 'livingCircumstanceId' },
  workingCircumstance: { list: 'working-circumstances', column: 'workingCircumstanceId' },
  buyingInterestPeriod: { list: 'buying-interest-periods', column: 'buyingInterestPeriodId' },
} as const;

const PLAIN_FIELDS = [
  'title',
  'firstName',
  'lastName',
  'phone',
  'homeAddress',
  'workAddress',
  'occupation',
  'employerName',
  'remarks',
  'annualHouseholdIncome',
  'deposit',
  'dependants',
  'armedForcesMember',
  'keyworker',
  'hasDisability',
  'housingWaitingList',
  'eligibleCitizen',
  'homeOwnershipStatus',
  'privacyPolicyAccepted',
  'newsletterConsent',
  'newsSurveysConsent',
  'partnersOffersConsent',
  'smsConsent',
  'whatsappConsent',
] as const;

/** Home ownership statuses a client must not offer to someone whose living circumstance is an owner one. */
const NOT_FOR_OWNERS = [1, 2];

export async function resolveCustomerColumns(
  db: Db,
  fields: CustomerFields,
  current: Pick<Customer, 'livingCircumstanceId' | 'homeOwnershipStatus'> | null,
  options: { takeUtm: boolean },
): Promise<CustomerColumns> {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const data: Record<string, unknown> = {};
  const sent = (field: keyof CustomerFields) => Object.prototype.hasOwnProperty.call(fields, field) && fields[field] !== undefined;

  for (const field of PLAIN_FIELDS) if (sent(field)) data[field] = fields[field];
  if (options.takeUtm) for (const field of UTM_FIELDS) if (sent(field)) data[field] = fields[field];
  if (sent('dateOfBirth')) data.dateOfBirth = fields.dateOfBirth ? new Date(`${fields.dateOfBirth}T00:00:00Z`) : null;

  // Lookup ids, checked in one query.
  const wanted: { list: string; id: number }[] = [];
  for (const [field, { list, column }] of Object.entries(LOOKUP_FIELDS)) {
    if (!sent(field as keyof CustomerFields)) continue;
    const id = fields[field as keyof typeof LOOKUP_FIELDS] ?? null;
    data[column] = id;
    if (id !== null) wanted.push({ list, id });
  }
  if (sent('bestTimeToContactYou')) {
    const ids = fields.bestTimeToContactYou ?? [];
    data.bestTimeToContactIds = ids;
    for (const id of ids) wanted.push({ list: 'best-time-to-contact', id });
  }
  const found = wanted.length ? await db.lookupItem.findMany({ where: { OR: wanted } }) : [];
  const has = (list: string, id: number) => found.find((item) => item.list === list && item.id === id);
  for (const [field, { list }] of Object.entries(LOOKUP_FIELDS)) {
    const id = fields[field as keyof typeof LOOKUP_FIELDS];
    if (sent(field as keyof CustomerFields) && id != null && !has(list, id)) fail(field, `${field} ${id} is not in the ${list} list`);
  }
  for (const id of fields.bestTimeToContactYou ?? []) {
    if (!has('best-time-to-contact', id))
      fail('bestTimeToContactYou', `bestTimeToContactYou ${id} is not in the best-time-to-contact list`);
  }

  // Owners cannot be first-time buyers or own nothing.
  const livingId = sent('livingCircumstance') ? (fields.livingCircumstance ?? null) : (current?.livingCircumstanceId ?? null);
  const status = sent('homeOwnershipStatus') ? (fields.homeOwnershipStatus ?? null) : (current?.homeOwnershipStatus ?? null);
  if (livingId !== null && status !== null && NOT_FOR_OWNERS.includes(status)) {
    const living =
      has('living-circumstances', livingId) ??
      (await db.lookupItem.findUnique({ where: { list_id: { list: 'living-circumstances', id: livingId } } }));
    if (living?.owner) {
      const field = sent('homeOwnershipStatus') ? 'homeOwnershipStatus' : 'livingCircumstance';
      fail(field, `homeOwnershipStatus ${status} does not apply to a home owner (living circumstance "${living.name}"); use 3 or 4`);
    }
  }
  if (Object.keys(errors).length) throw validationErrorOf(errors);

  // Local authorities follow the postcodes; a well-formed postcode missing from the data has none.
  for (const [postcodeField, column] of [
    ['homePostcode', 'homeLocalAuthorityId'],
    ['workPostcode', 'workLocalAuthorityId'],
  ] as const) {
    if (!sent(postcodeField)) continue;
    const postcode = fields[postcodeField] ?? null;
    data[postcodeField] = postcode;
    data[column] = postcode
      ? ((await findPostcode(db, postcode))?.localAuthorityId ?? null)
      : null;
  }
  return data as CustomerColumns;
}

/**
 * The customer's row, locked for the rest of the transaction: of two first profile updates at once only
 * one takes the UTM values, and a customer's registrations are checked for duplicates one at a time.
 */
export async function lockCustomer(tx: Prisma.TransactionClient, id: number): Promise<Customer> {
  const [current] = await tx.$queryRaw<Customer[]>`SELECT * FROM "Customer" WHERE id = ${id} FOR UPDATE`;
  if (!current) throw new NotFoundError('Customer not found');
  return current;
}

/**
 * A profile update of a locked customer: only the fields sent change. UTM values are taken on the first
 * update of a customer who signed up without a password (their sign-up carried none).
 */
export async function writeProfile(tx: Prisma.TransactionClient, current: Customer, fields: CustomerFields): Promise<Customer> {
  const takeUtm = current.createdVia === 'passwordless' && current.profileUpdatedAt === null;
  const columns = await resolveCustomerColumns(tx, fields, current, { takeUtm });
  return tx.customer.update({ where: { id: current.id }, data: { ...columns, profileUpdatedAt: current.profileUpdatedAt ?? new Date() } });
}

/** One 422 for every rule broken, with a message like validate()'s: the first, and how many more. */
function validationErrorOf(errors: FieldErrors): ValidationError {
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  return new ValidationError(errors, more > 0 ? `${messages[0]} (and ${more} more error${more > 1 ? 's' : ''})` : messages[0]);
}
