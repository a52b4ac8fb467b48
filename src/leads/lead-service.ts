// Leads for the synchronisation interfaces: applications on an account's listings (pulled), and leads
// pushed from other platforms, which become applications with their source and status incomplete
// (eligibility not checked, decision null).
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount, Prisma } from '../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../core/errors.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import { parseDateTime } from '../core/date-time-format.ts';
import type { CustomerService } from '../customers/customer-service.ts';
import { utmOf, type CustomerFields } from '../customers/customer-fields.ts';
import { propertyViewOf, snapshotOf, type ApplicationListings } from '../applications/application-listings.ts';
import { leadInclude, type LeadRow } from './lead-presenter.ts';
import type { PushedLead } from './lead-schemas.ts';
import type { LeadEventRecorder } from '../applications/lead-event-recorder.ts';

export interface LeadFilters {
  updatedSince: Date | null;
  listing: string | null;
  status: string | null;
}

export class LeadService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly customers: CustomerService,
    private readonly listings: ApplicationListings,
    /** lead webhooks: a pushed lead is a lead.created event, recorded in its transaction */
    private readonly leadEvents: LeadEventRecorder,
  ) {}

  /** Leads on the account's listings, oldest change first (so `updated_since` paging is stable). */
  async list(account: ApiAccount, page: PageRequest, filters: LeadFilters): Promise<{ items: LeadRow[]; total: number }> {
    const where: Prisma.ApplicationWhereInput = {
      listing: { accountId: account.id, ...(filters.listing !== null ? { externalRef: filters.listing } : {}) },
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

  /** 404 unless the lead is on one of the account's listings. */
  async get(account: ApiAccount, id: number): Promise<LeadRow> {
    const row = await this.prisma.application.findFirst({ where: { id, listing: { accountId: account.id } }, include: leadInclude });
    if (!row) throw new NotFoundError(`Lead ${id} was not found`);
    return row;
  }

  /**
   * A lead from another platform. The listing is the account's own (by ref or id) or any live marketplace
   * listing (by id), and must be live; the customer is found by e-mail or created (without a password:
   * they can sign in by magic link). An existing customer's profile is not changed by a pushed lead.
   */
  async push(account: ApiAccount, lead: PushedLead): Promise<LeadRow> {
    const listing = await this.prisma.listing.findFirst({
      where:
        typeof lead.listing === 'string'
          ? { accountId: account.id, externalRef: lead.listing }
          : { id: lead.listing, OR: [{ accountId: account.id }, { published: true, withdrawnAt: null }] },
      select: { id: true, accountId: true },
    });
    const doc = listing ? (await this.listings.live([listing.id])).get(listing.id) : undefined;
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

    const { email, listing: _l, property: _p, source, additionalInfo, enquiryDate, ...fields } = lead;
    const customer = (await this.customers.findByEmail(email)) ?? (await this.createCustomer(email, fields as CustomerFields));
    return this.prisma.$transaction(async (tx) => {
      const created = await tx.application.create({
        data: {
          customerId: customer.id,
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

  private async createCustomer(email: string, fields: CustomerFields) {
    try {
      return await this.customers.create({ email, createdVia: 'passwordless', fields });
    } catch (err) {
      // the same address pushed twice at once: the other push created it
      const existing = await this.customers.findByEmail(email);
      if (existing) return existing;
      throw err;
    }
  }
}
