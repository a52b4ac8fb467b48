import type { PrismaClient } from '../db/prisma.ts';
import { NotFoundError, ValidationError } from '../core/errors.ts';
import { normalisePostcode } from './postcode-format.ts';
import { localAuthorityInclude, type LocalAuthorityWithCounty } from './local-authority-presenter.ts';

export class PostcodeService {
  constructor(private readonly prisma: PrismaClient) {}

  /** The local authority of a UK postcode: 422 when malformed, 404 when unknown. */
  async localAuthorityOf(input: string): Promise<LocalAuthorityWithCounty> {
    const postcode = normalisePostcode(input);
    if (!postcode) throw ValidationError.field('postcode', `"${input}" is not a valid UK postcode`);
    const row = await this.prisma.postcode.findUnique({
      where: { postcode },
      include: { localAuthority: { include: localAuthorityInclude } },
    });
    if (!row) throw new NotFoundError(`Postcode ${postcode} was not found`);
    return row.localAuthority;
  }
}
