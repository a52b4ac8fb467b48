import type { PrismaClient } from '../db/prisma.ts';
import { NotFoundError, ValidationError } from '../core/errors.ts';
import { normalisePostcode } from './postcode-format.ts';
import { findPostcode } from './postcode-lookup.ts';
import { localAuthorityInclude, type LocalAuthorityWithCounty } from './local-authority-row.ts';

export class PostcodeService {
  constructor(private readonly prisma: PrismaClient) {}

  /** The local authority of a UK postcode: 422 when malformed, 404 when unknown. */
  async localAuthorityOf(input: string): Promise<LocalAuthorityWithCounty> {
    const postcode = normalisePostcode(input);
    if (!postcode) throw ValidationError.field('postcode', `"${input}" is not a valid UK postcode`);
    const row = await findPostcode(this.prisma, postcode);
    const la = row?.localAuthorityId == null ? null : await this.prisma.localAuthority.findUnique({ where: { id: row.localAuthorityId }, include: localAuthorityInclude });
    if (!la) throw new NotFoundError(`Postcode ${postcode} was not found`);
    return la;
  }
}
