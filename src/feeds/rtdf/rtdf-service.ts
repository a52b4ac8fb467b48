// RTDF pushes: SendPropertyDetails writes one home through the feed writer (the same path as a BLM row
// and the synchronisation API), RemoveProperty withdraws it, GetBranchPropertyList lists what a branch
// has live, for reconciliation. The refs are those of BLM files, so a branch may use either.
import type { PrismaClient } from '../../db/prisma.ts';
import type { ApiAccount } from '../../generated/prisma/client.ts';
import { branchPrefix, feedRef, type FeedFieldError } from '../feed-home.ts';
import type { FeedWriter, FeedSync } from '../feed-writer.ts';
import { sharedOwnershipPriceOf } from '../feed-import-service.ts';
import { rtdfHome } from './rtdf-home.ts';
import type { BranchPropertyListRequest, RemovePropertyRequest, SendPropertyRequest } from './rtdf-schemas.ts';

export type ChangeType = 'CREATE' | 'UPDATE' | 'DELETE';

export interface RtdfProperty {
  agent_ref: string;
  rightmove_id: number | null;
  rightmove_url: string | null;
  change_type: ChangeType | null;
}

export type RtdfOutcome =
  | { ok: true; property: RtdfProperty; warnings: string[] }
  | { ok: false; property: RtdfProperty; errors: FeedFieldError[]; warnings: string[]; notFound?: boolean };

export interface BranchListing {
  agent_ref: string;
  rightmove_id: number;
  rightmove_url: string;
  update_date: Date;
}

export class RtdfService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly writer: FeedWriter,
    private readonly sync: Pick<FeedSync, 'listings' | 'properties'>,
  ) {}

  private async listingOf(account: ApiAccount, propertyRef: string): Promise<{ id: number; slug: string } | null> {
    return this.prisma.listing.findFirst({
      where: { accountId: account.id, withdrawnAt: null, properties: { some: { property: { externalRef: propertyRef, deletedAt: null } } } },
      select: { id: true, slug: true },
      orderBy: { id: 'asc' },
    });
  }

  async send(account: ApiAccount, request: SendPropertyRequest, portalUrl: (slug: string) => string): Promise<RtdfOutcome> {
    const row = rtdfHome(request, sharedOwnershipPriceOf(account));
    const blank: RtdfProperty = { agent_ref: request.property.agent_ref, rightmove_id: null, rightmove_url: null, change_type: null };
    if (!row.home) return { ok: false, property: blank, errors: row.errors, warnings: row.warnings };
    const home = row.home;
    // a home that a BLM file placed in a development stays there: the push changes the home alone
    const stored = await this.prisma.property.findFirst({ where: { accountId: account.id, externalRef: home.ref, deletedAt: null }, select: { development: { select: { externalRef: true, deletedAt: true } } } });
    const inDevelopment = stored && stored.development.deletedAt === null && stored.development.externalRef !== home.ref ? stored.development.externalRef : null;
    const group = inDevelopment ? { ref: inDevelopment, homes: [home], development: true, propertyOnly: true } : { ref: home.ref, homes: [home], development: false };
    const [outcome] = await this.writer.writeGroup(account, group, (source) => ('url' in source ? { largeSize: source.url, mediumSize: source.url, thumbnail: source.url } : 'is not a URL'), () => row.warnings);
    if (!outcome || outcome.status === 'rejected') return { ok: false, property: blank, errors: outcome?.errors ?? [], warnings: row.warnings };
    const listing = await this.listingOf(account, home.ref);
    return {
      ok: true,
      property: {
        agent_ref: home.agentRef,
        rightmove_id: listing?.id ?? null,
        rightmove_url: listing ? portalUrl(listing.slug) : null,
        change_type: outcome.status === 'created' ? 'CREATE' : 'UPDATE',
      },
      warnings: outcome.warnings,
    };
  }

  async remove(account: ApiAccount, request: RemovePropertyRequest): Promise<RtdfOutcome> {
    const agentRef = request.property.agent_ref;
    const ref = feedRef(String(request.branch.branch_id), agentRef);
    const listing = await this.listingOf(account, ref);
    const warnings: string[] = [];
    if (request.property.removal_reason !== null || request.property.transaction_date !== null) warnings.push('the removal reason and transaction date are not kept');
    const removed = await this.prisma.$transaction(async (tx) => {
      // a home advertised alone takes its listing with it; one of a development leaves its listing
      const withdrawn = await this.sync.listings.removeIn(tx, account, ref);
      const deleted = await this.sync.properties.removeIn(tx, account, ref);
      return withdrawn !== null || deleted !== null;
    });
    const property: RtdfProperty = { agent_ref: agentRef, rightmove_id: listing?.id ?? null, rightmove_url: null, change_type: removed ? 'DELETE' : null };
    if (!removed) return { ok: false, notFound: true, property, errors: [{ field: 'property.agent_ref', message: `no live property ${agentRef} in branch ${request.branch.branch_id}` }], warnings };
    return { ok: true, property, warnings };
  }

  async branchList(account: ApiAccount, request: BranchPropertyListRequest, portalUrl: (slug: string) => string): Promise<BranchListing[]> {
    const prefix = branchPrefix(String(request.branch.branch_id));
    const properties = await this.prisma.property.findMany({
      where: { accountId: account.id, deletedAt: null, forSale: request.branch.channel === 1, externalRef: { startsWith: prefix } },
      select: { externalRef: true, updatedAt: true, listings: { select: { listing: { select: { id: true, slug: true, withdrawnAt: true } } } } },
      orderBy: { id: 'asc' },
    });
    return properties.flatMap((p) => {
      const live = p.listings.map((l) => l.listing).find((l) => l.withdrawnAt === null);
      return live ? [{ agent_ref: p.externalRef.slice(prefix.length), rightmove_id: live.id, rightmove_url: portalUrl(live.slug), update_date: p.updatedAt }] : [];
    });
  }
}
