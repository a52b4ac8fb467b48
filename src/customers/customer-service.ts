// Customers: creation (by either sign-up route), the profile and its update rules, e-mail and password
// columns. Lookup names and local authorities are loaded with the customer for presenting.
import type { PrismaClient } from '../db/prisma.ts';
import type { Customer, LookupItem, Prisma } from '../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../core/errors.ts';
import { localAuthorityInclude } from '../postcodes/local-authority-row.ts';
import { isUniqueViolation } from '../db/db-errors.ts';
import { lockCustomer, resolveCustomerColumns, writeProfile } from './customer-rules.ts';
import type { CustomerFields } from './customer-fields.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export type CreatedVia = 'password' | 'passwordless';

const customerInclude = {
  homeLocalAuthority: { include: localAuthorityInclude },
  workLocalAuthority: { include: localAuthorityInclude },
} as const;

export type CustomerWithPlaces = Prisma.CustomerGetPayload<{ include: typeof customerInclude }>;

export interface LoadedCustomer {
  customer: CustomerWithPlaces;
  lookups: {
    livingCircumstance: LookupItem | null;
    workingCircumstance: LookupItem | null;
    buyingInterestPeriod: LookupItem | null;
    bestTimeToContact: LookupItem[];
  };
}

export const EMAIL_TAKEN = 'This e-mail address is already registered';

export class CustomerService {
  constructor(private readonly prisma: PrismaClient) {}

  findByEmail(email: string, db: Db = this.prisma): Promise<Customer | null> {
    return db.customer.findUnique({ where: { email } });
  }

  findById(id: number, db: Db = this.prisma): Promise<Customer | null> {
    return db.customer.findUnique({ where: { id } });
  }

  /** A new customer; 422 on `email` when the address is taken. UTM values are taken at creation. */
  async create(
    input: { email: string; passwordHash?: string | null; createdVia: CreatedVia; fields?: CustomerFields },
    db: Db = this.prisma,
  ): Promise<Customer> {
    const columns = await resolveCustomerColumns(db, input.fields ?? {}, null, { takeUtm: true });
    try {
      return await db.customer.create({
        data: {
          ...(columns as Prisma.CustomerUncheckedCreateInput),
          email: input.email,
          passwordHash: input.passwordHash ?? null,
          createdVia: input.createdVia,
        },
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw ValidationError.field('email', EMAIL_TAKEN);
      throw err;
    }
  }

  /** Profile update (see writeProfile in customer-rules.ts). */
  async updateProfile(id: number, fields: CustomerFields): Promise<LoadedCustomer> {
    await this.prisma.$transaction(async (tx) => writeProfile(tx, await lockCustomer(tx, id), fields));
    return this.load(id);
  }

  /** The customer with everything its resource shows. */
  async load(id: number): Promise<LoadedCustomer> {
    const customer = await this.prisma.customer.findUnique({ where: { id }, include: customerInclude });
    if (!customer) throw new NotFoundError('Customer not found');
    const wanted = [
      customer.livingCircumstanceId !== null && { list: 'living-circumstances', id: customer.livingCircumstanceId },
      customer.workingCircumstanceId !== null && { list: 'working-circumstances', id: customer.workingCircumstanceId },
      customer.buyingInterestPeriodId !== null && { list: 'buying-interest-periods', id: customer.buyingInterestPeriodId },
      ...customer.bestTimeToContactIds.map((btc) => ({ list: 'best-time-to-contact', id: btc })),
    ].filter((w): w is { list: string; id: number } => Boolean(w));
    const items = wanted.length
      ? await this.prisma.lookupItem.findMany({ where: { OR: wanted }, orderBy: [{ position: 'asc' }, { id: 'asc' }] })
      : [];
    const item = (list: string, itemId: number | null) => items.find((i) => i.list === list && i.id === itemId) ?? null;
    return {
      customer,
      lookups: {
        livingCircumstance: item('living-circumstances', customer.livingCircumstanceId),
        workingCircumstance: item('working-circumstances', customer.workingCircumstanceId),
        buyingInterestPeriod: item('buying-interest-periods', customer.buyingInterestPeriodId),
        bestTimeToContact: items.filter((i) => i.list === 'best-time-to-contact'),
      },
    };
  }

  async setPassword(id: number, passwordHash: string, db: Db = this.prisma): Promise<void> {
    await db.customer.update({ where: { id }, data: { passwordHash } });
  }
}
