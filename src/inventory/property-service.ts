import { Prisma, type ApiAccount, type Development } from '../generated/prisma/client.ts';
import { ValidationError } from '../core/errors.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import { SyncResource, type Tx, type WriteMemo } from '../sync/sync-resource.ts';
import { sameData } from '../sync/write-result.ts';
import { openMarketValueErrors, propertySchema, type PropertyInput } from './property-schema.ts';
import { propertyRowInclude, type PropertyRow } from './property-row.ts';
import { requireProvider } from './development-service.ts';
import { FIRST_PRICES, recordPriceChange } from './price-history.ts';
import { councilTaxBandProblem, WELSH_ONLY_BAND } from './material-information.ts';

type PropertyData = Omit<PropertyInput, 'externalRef' | 'development' | 'firstDibsExpirationDate'> & {
  developmentId: number;
  firstDibsExpirationDate: Date | null;
};

export class PropertyService extends SyncResource<PropertyRow, PropertyInput, PropertyData> {
  protected readonly label = 'Property';

  protected readonly inputFields = Object.keys(propertySchema.fields);

  protected findRow(db: Tx, accountId: number, ref: string) {
    return db.property.findUnique({ where: { accountId_externalRef: { accountId, externalRef: ref } }, include: propertyRowInclude });
  }

  protected async resolve(db: Tx, account: ApiAccount, input: PropertyInput, memo: WriteMemo): Promise<PropertyData> {
    requireProvider(account);
    const marketValueErrors = openMarketValueErrors(input);
    if (marketValueErrors.length) throw new ValidationError({ openMarketValue: marketValueErrors }, marketValueErrors[0]);
    const { externalRef: _ref, development, firstDibsExpirationDate, ...rest } = input;
    const dev =
      memo.written<Development>('Development', development) ??
      (await db.development.findUnique({ where: { accountId_externalRef: { accountId: account.id, externalRef: development } } }));
    if (!dev || dev.deletedAt) throw ValidationError.field('development', `development ${development} is unknown`);
    if (rest.councilTaxBand === WELSH_ONLY_BAND) {
      const la = dev.localAuthorityId === null ? null : await db.localAuthority.findUnique({ where: { id: dev.localAuthorityId }, select: { county: { select: { region: { select: { code: true, name: true } } } } } });
      const problem = councilTaxBandProblem(rest.councilTaxBand, la?.county.region ?? null);
      if (problem) throw ValidationError.field('councilTaxBand', problem);
    }
    return { ...rest, developmentId: dev.id, firstDibsExpirationDate: firstDibsExpirationDate ? new Date(`${firstDibsExpirationDate}T00:00:00Z`) : null };
  }

  protected async isUnchanged(_db: Tx, row: PropertyRow, data: PropertyData) {
    return sameData(row, data);
  }

  protected async saveRow(db: Tx, account: ApiAccount, existing: PropertyRow | null, input: PropertyInput, data: PropertyData) {
    const values = { ...data, floor: data.floor ?? Prisma.DbNull, deletedAt: null };
    const row = existing
      ? await db.property.update({ where: { id: existing.id }, data: values, include: propertyRowInclude })
      : await db.property.create({ data: { ...values, accountId: account.id, externalRef: input.externalRef }, include: propertyRowInclude });
    // a property just created has no price history to read
    await recordPriceChange(db, row.id, row, { first: existing === null });
    return row;
  }

  /**
   * saveRow for a feed, which does not present the row: written without its development read back (the
   * `include` cost two statements a home, the row and its development selected after the INSERT); the
   * development's externalRef is the one the input named, which resolve found.
   */
  protected override async saveQuietly(db: Tx, account: ApiAccount, existing: PropertyRow | null, input: PropertyInput, data: PropertyData, memo: WriteMemo): Promise<PropertyRow> {
    const values = { ...data, floor: data.floor ?? Prisma.DbNull, deletedAt: null };
    const saved = existing
      ? await db.property.update({ where: { id: existing.id }, data: values })
      : await db.property.create({ data: { ...values, accountId: account.id, externalRef: input.externalRef } });
    const row = { ...saved, development: { externalRef: input.development } };
    if (existing) await recordPriceChange(db, row.id, row);
    else await memo.later(db, FIRST_PRICES, { propertyId: row.id, property: row, at: new Date() });
    return row;
  }

  protected async removeRow(db: Tx, row: PropertyRow) {
    await db.property.update({ where: { id: row.id }, data: { deletedAt: new Date() } });
  }

  protected async listingIdsOf(db: Tx, row: PropertyRow) {
    return (await db.listingProperty.findMany({ where: { propertyId: row.id }, select: { listingId: true } })).map((l) => l.listingId);
  }

  protected override inputOf(row: PropertyRow): PropertyInput {
    const day = row.firstDibsExpirationDate?.toISOString().slice(0, 10) ?? null;
    return { ...super.inputOf(row), development: row.development.externalRef, firstDibsExpirationDate: day };
  }

  async list(account: ApiAccount, page: PageRequest, filters: { updatedSince: Date | null; development: string | null }) {
    const where = {
      accountId: account.id,
      deletedAt: null,
      ...(filters.updatedSince ? { updatedAt: { gte: filters.updatedSince } } : {}),
      ...(filters.development ? { development: { externalRef: filters.development } } : {}),
    };
    const [rows, total] = await Promise.all([
      this.prisma.property.findMany({
        where,
        include: propertyRowInclude,
        orderBy: { id: 'asc' },
        skip: offsetOf(page),
        take: page.size,
      }),
      this.prisma.property.count({ where }),
    ]);
    return { items: rows, total };
  }
}
