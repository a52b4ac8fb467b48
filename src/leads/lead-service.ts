// Leads for the synchronisation interfaces: applications on an account's listings (pulled), and leads
// pushed from other platforms, which become applications with their source and status incomplete
// (eligibility not checked, decision null).
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount, Prisma } from '../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../core/errors.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import { parseDateTime } from '../core/date-time-format.ts';
import { utmOf, type CustomerFields } from '../customers/customer-fields.ts';
import { propertyViewOf, snapshotOf } from '../applications/application-listings.ts';
import { loadListings } from '../listing-index/document/listing-loader.ts';
import { buildListingDocument, type ListingDocument } from '../listing-index/document/listing-document.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import { leadInclude, PUSHED_CONTACT_FIELDS, type LeadRow, type PushedContact } from './lead-row.ts';
import type { PushedLead } from './lead-schemas.ts';
import type { LeadEventRecorder } from '../lead-lifecycle/lead-event-recorder.ts';

export interface LeadFilters {
  updatedSince: Date | null;
  listing: string | null;
  status: string | null;
}

export class LeadService {
  constructor(
    private readonly prisma: PrismaClient,
    /** the lending assumptions the index's documents are built with (a pushed lead's snapshot is one) */
    private readonly lending: () => Promise<LendingAssumptions>,
    /** lead webhooks: a pushed lead is a lead.created event, recorded in its transaction */
    private readonly leadEvents: LeadEventRecorder,
  ) {}

  /** Leads on the account's listings, and those it pushed, oldest change first (so `updated_since` paging is stable). */
  async list(account: ApiAccount, page: PageRequest, filters: LeadFilters): Promise<{ items: LeadRow[]; total: number }> {
    const where: Prisma.ApplicationWhereInput = {
      ...visibleTo(account),
      ...(filters.listing !== null ? { listing: { externalRef: filters.listing } } : {}),
      ...(filters.updatedSince ? { updatedAt: { gte: filters.updatedSince } } : {}),
      ...(filters.status ? { eligibilityStatus: filters.status } : {}),
    };
    const [items, total] = await Promise.all([
      this.prisma.application.findMany({
        where,
        include: leadInclude,
        orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
        skip: offsetOf(page),
        take: page.size,
      }),
      this.prisma.application.count({ where }),
    ]);
    return { items, total };
  }

  /** 404 unless the lead is on one of the account's listings or the account pushed it. */
  async get(account: ApiAccount, id: number): Promise<LeadRow> {
    const row = await this.prisma.application.findFirst({ where: { id, ...visibleTo(account) }, include: leadInclude });
    if (!row) throw new NotFoundError(`Lead ${id} was not found`);
    return row;
  }

  /**
   * A lead from another platform, on a live listing the account may push to (404 otherwise): a provider's
   * or agent's own listing (by ref or id), or, for a partner that republishes the marketplace, any live
   * marketplace listing (by id). The lead keeps what was pushed and belongs to no customer account: it
   * neither reads nor changes a customer's profile or applications, whatever the e-mail address.
   * Whether the listing is live is read from PostgreSQL, the record, not from the search index, which
   * may not have caught up with a listing written a moment before.
   */
  async push(account: ApiAccount, lead: PushedLead): Promise<LeadRow> {
    const listing = await this.prisma.listing.findFirst({ where: pushableListing(account, lead.listing), select: { id: true, accountId: true } });
    const doc = listing ? await this.liveDocument(listing.id) : null;
    if (!listing || !doc) throw new NotFoundError(`Listing ${lead.listing} was not found on the marketplace`);

    let propertyId: number | null = null;
    if (lead.property != null) {
      const property = await this.prisma.property.findFirst({
        where: typeof lead.property === 'string' ? { accountId: listing.accountId, externalRef: lead.property } : { id: lead.property },
        select: { id: true },
      });
      if (!property || !doc.properties.some((p) => p.id === property.id))
        throw ValidationError.field('property', `property ${lead.property} is not advertised by this listing`);
      propertyId = property.id;
    }

    const { listing: _l, property: _p, source, additionalInfo, enquiryDate, ...fields } = lead;
    return this.prisma.$transaction(async (tx) => {
      const created = await tx.application.create({
        data: {
          customerId: null,
          pushedContact: pushedContactOf(lead) as Prisma.InputJsonValue,
          pushedByAccountId: account.id,
          listingId: listing.id,
          propertyId,
          additionalInfo: additionalInfo ?? null,
          eligibilityStatus: 'incomplete',
          source,
          listingSnapshot: snapshotOf(doc) as unknown as Prisma.InputJsonValue,
          propertySnapshot: propertyId !== null ? (propertyViewOf(doc, propertyId) as Prisma.InputJsonValue) : undefined,
          enquiryDate: (enquiryDate ? parseDateTime(enquiryDate) : null) ?? new Date(),
          ...utmOf(fields as CustomerFields),
        },
        select: { id: true },
      });
      await this.leadEvents.record(tx, created.id, 'lead.created');
      return tx.application.findUniqueOrThrow({ where: { id: created.id }, include: leadInclude });
    });
  }

  /** The listing's document as the index will hold it, built from its rows now; null unless it is live. */
  private async liveDocument(id: number): Promise<ListingDocument | null> {
    const [loaded] = await loadListings(this.prisma, [id]);
    const doc = loaded ? buildListingDocument(loaded, await this.lending()) : null;
    return doc?.live ? doc : null;
  }
}

/** The leads an account sees: those on its own listings, and those it pushed. */
function visibleTo(account: ApiAccount): Prisma.ApplicationWhereInput {
  return { OR: [{ listing: { accountId: account.id } }, { pushedByAccountId: account.id }] };
}

/** Partners that may pull the marketplace (premium) may push leads on any of its listings. */
const republishesMarketplace = (account: ApiAccount) => account.kind === 'partner' && account.tier === 'premium';

function pushableListing(account: ApiAccount, listing: string | number): Prisma.ListingWhereInput {
  if (typeof listing === 'string') return { accountId: account.id, externalRef: listing };
  if (republishesMarketplace(account)) return { id: listing, published: true, withdrawnAt: null };
  return { id: listing, accountId: account.id };
}

/** The customer fields of a pushed lead, as sent (a field not sent is not kept). */
function pushedContactOf(lead: PushedLead): PushedContact {
  const sent = lead as unknown as Record<string, unknown>;
  const fields = PUSHED_CONTACT_FIELDS.filter((f) => f !== 'email' && sent[f] !== undefined).map((f) => [f, sent[f]]);
  return { ...Object.fromEntries(fields), email: lead.email };
}
