import type { Development, ApiAccount } from '../generated/prisma/client.ts';
import { ForbiddenError, ValidationError } from '../core/errors.ts';
import { SyncResource, type Tx, type WriteMemo } from '../sync/sync-resource.ts';
import { sameData } from '../sync/write-result.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import { findPostcode } from '../postcodes/postcode-lookup.ts';
import { developmentSchema, type DevelopmentInput } from './development-schema.ts';

type DevelopmentData = Omit<DevelopmentInput, 'externalRef' | 'localAuthority' | 'latitude' | 'longitude'> & {
  latitude: number;
  longitude: number;
  localAuthorityId: number | null;
};

export function requireProvider(account: ApiAccount): number {
  if (account.housingProviderId === null) throw new ForbiddenError('This account has no housing provider and cannot hold inventory');
  return account.housingProviderId;
}

export class DevelopmentService extends SyncResource<Development, DevelopmentInput, DevelopmentData> {
  protected readonly label = 'Development';

  protected readonly inputFields = Object.keys(developmentSchema.fields);

  protected findRow(db: Tx, accountId: number, ref: string) {
    return db.development.findUnique({ where: { accountId_externalRef: { accountId, externalRef: ref } } });
  }

  /** Coordinates and local authority come from the postcode when not given. */
  protected async resolve(db: Tx, account: ApiAccount, input: DevelopmentInput, memo: WriteMemo): Promise<DevelopmentData> {
    requireProvider(account);
    const { externalRef: _ref, localAuthority, latitude, longitude, ...rest } = input;
    const { postcode } = input;
    const known = postcode ? await memo.reference(`postcode:${postcode}`, () => findPostcode(db, postcode)) : null;
    const errors: Record<string, string[]> = {};
    let localAuthorityId = localAuthority ?? known?.localAuthorityId ?? null;
    if (localAuthority != null && !(await db.localAuthority.findUnique({ where: { id: localAuthority } }))) {
      errors.localAuthority = [`localAuthority ${localAuthority} is not a local authority id`];
      localAuthorityId = null;
    }
    const lat = latitude ?? known?.latitude ?? null;
    const lng = longitude ?? known?.longitude ?? null;
    if (lat === null) errors.latitude = ['latitude is required when the postcode is not a known one'];
    if (lng === null) errors.longitude = ['longitude is required when the postcode is not a known one'];
    if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]![0]);
    return { ...rest, latitude: lat!, longitude: lng!, localAuthorityId };
  }

  protected async isUnchanged(_db: Tx, row: Development, data: DevelopmentData) {
    return sameData(row, data);
  }

  protected saveRow(db: Tx, account: ApiAccount, existing: Development | null, input: DevelopmentInput, data: DevelopmentData) {
    const values = { ...data, deletedAt: null, housingProviderId: requireProvider(account) };
    return existing
      ? db.development.update({ where: { id: existing.id }, data: values })
      : db.development.create({ data: { ...values, accountId: account.id, externalRef: input.externalRef } });
  }

  protected async removeRow(db: Tx, row: Development) {
    await db.development.update({ where: { id: row.id }, data: { deletedAt: new Date() } });
  }

  protected async listingIdsOf(db: Tx, row: Development) {
    return (await db.listing.findMany({ where: { developmentId: row.id }, select: { id: true } })).map((l) => l.id);
  }

  protected override inputOf(row: Development): DevelopmentInput {
    return { ...super.inputOf(row), localAuthority: row.localAuthorityId };
  }

  async list(account: ApiAccount, page: PageRequest, updatedSince: Date | null) {
    const where = { accountId: account.id, deletedAt: null, ...(updatedSince ? { updatedAt: { gte: updatedSince } } : {}) };
    const [rows, total] = await Promise.all([
      this.prisma.development.findMany({ where, orderBy: { id: 'asc' }, skip: offsetOf(page), take: page.size }),
      this.prisma.development.count({ where }),
    ]);
    return { items: rows, total };
  }
}

