// Preview links: a provider (or an editor) asks for one, and whoever opens it sees that one listing as
// its owner would, published or not, read-only, for an hour. The link carries a signed token naming the
// listing (HS256, its own audience, so it is never taken for a customer's token), never an API key.
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { lifetimeWithin } from '../core/token-lifetime.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount } from '../generated/prisma/client.ts';
import { NotFoundError } from '../core/errors.ts';
import { recordIdOf } from '../core/record-id.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'homeseeker-portal';
const AUDIENCE = 'listing-preview';
export const PREVIEW_LINK_TTL_SECONDS = 3600;

export interface PreviewLink {
  url: string;
  expiresAt: Date;
}

export class PreviewLinks {
  private readonly key: KeyObject;

  constructor(
    private readonly prisma: PrismaClient,
    secret: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /**
   * A link to the portal page of the account's listing named by its ref (an editor names any listing by
   * its id); 404 for any other listing.
   */
  async issue(account: ApiAccount, ref: string, portalOrigin: string, now = new Date()): Promise<PreviewLink> {
    const listing = await this.prisma.listing.findFirst({
      where: account.kind === 'editor' ? { id: recordIdOf(ref) ?? -1 } : { accountId: account.id, externalRef: ref },
      select: { id: true, slug: true },
    });
    if (!listing) throw new NotFoundError(`Listing ${ref} was not found`);
    const issuedAt = Math.floor(now.getTime() / 1000);
    const token = jwt.sign({ iat: issuedAt, exp: issuedAt + PREVIEW_LINK_TTL_SECONDS }, this.key, {
      algorithm: ALGORITHM,
      issuer: ISSUER,
      audience: AUDIENCE,
      subject: String(listing.id),
    });
    const url = new URL(`/listings/${encodeURIComponent(listing.slug)}`, portalOrigin);
    url.searchParams.set('preview', token);
    return { url: url.toString(), expiresAt: new Date((issuedAt + PREVIEW_LINK_TTL_SECONDS) * 1000) };
  }

  /** The listing id a preview token names, or null for anything but a valid, unexpired preview token. */
  listingOf(token: string, now = new Date()): number | null {
    try {
      const claims = jwt.verify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        clockTimestamp: Math.floor(now.getTime() / 1000),
      });
      if (typeof claims !== 'object' || !lifetimeWithin(claims, PREVIEW_LINK_TTL_SECONDS, Math.floor(now.getTime() / 1000))) return null;
      return recordIdOf(claims.sub);
    } catch {
      return null;
    }
  }
}
