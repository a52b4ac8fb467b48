// Enqueues the alert e-mails that are due (alert-schedule.ts) on the one e-mail outbox
// (mail/mail-outbox.ts): one per customer, holding every due match of the customer's saved searches whose
// alerts are on for that kind of event (at most 10 listings shown, a link to the rest). A customer's
// e-mail is a job of the `alert-delivery` kind, keyed by the customer (alert-delivery-jobs.ts); a worker
// takes up to a batch of customers' jobs at once and serves them in one transaction (`deliverTo`): it
// marks their due matches sent, reads their profiles and the matches' listings (a listing once a batch)
// and enqueues each customer's e-mail. A batch whose transaction fails leaves its matches due for the
// jobs' retries; one that commits has handed its e-mails to the outbox, which sends each at most once. So
// no match is e-mailed twice, across crashes too (the contract's "never the same listing twice for the
// same saved search and event"): two batches side by side would still send each match once (the marking
// update skips what the other marked), and the key keeps a customer's matches in one e-mail.
import type { PrismaClient } from '../db/prisma.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { SearchClient } from '../search/client.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { StoredItem } from '../listing-index/document/listing-item-field.ts';
import { readItems } from '../listing-index/hit-readers.ts';
import { liveItemsByIdsRequest } from '../listing-index/by-ids-requests.ts';
import type { StoredListing } from '../listings/listing-view.ts';
import { formatPounds as pounds } from '../core/number-format.ts';
import { affordabilityText, bedroomsText, monthlyCostText } from '../listings/listing-words.ts';
import { personalOfItem, type Personal, type PersonalOf } from '../listing-search/personal-fields.ts';
import { cutoffs, type Cutoffs } from './alert-schedule.ts';
import { MAX_LISTINGS_PER_MAIL, SavedSearchAlertMail, type AlertListing, type AlertSection } from './alert-mail.ts';
import type { AlertKind } from './alert-matcher.ts';
import type { AlertLinks } from './alert-links.ts';

/** customers with matches due read at once */
const PAGE = 500;
/** listings read from the index at once */
const ITEMS_PER_READ = 1000;
/** customers' profiles read at once (for their affordability) */
const PROFILES_AT_ONCE = 4;

export interface DeliveryRun {
  emails: number;
}

interface DueMatch {
  id: bigint;
  customerId: number;
  savedSearchId: number;
  listingId: number;
  kind: AlertKind;
  eventKey: string;
  name: string;
  unsubscribeToken: string;
}

const dueCondition = (c: Cutoffs) => Prisma.sql`
  m."sentAt" IS NULL AND m."claimedAt" IS NULL
  AND ((m.kind = 'new-listing' AND s."alertNewListings") OR (m.kind = 'price-reduced' AND s."alertPriceReductions"))
  AND (s."alertFrequency" = 'instant'
    OR (s."alertFrequency" = 'daily' AND m."createdAt" < ${c.daily})
    OR (s."alertFrequency" = 'weekly' AND m."createdAt" < ${c.weekly}))`;

export class AlertDelivery {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly search: SearchClient,
    private readonly alias: string,
    private readonly outbox: MailOutbox,
    private readonly links: AlertLinks,
    /** a signed-in customer's household (their profile), for the affordability of each home shown */
    private readonly personalOf: PersonalOf = () => Promise.resolve(null),
  ) {}

  /** The customers who have matches due at `now`, a page at a time in id order (the role's tick enqueues their jobs). */
  async *customersWithDue(now = new Date()): AsyncGenerator<number[]> {
    const due = cutoffs(now);
    for (let after = 0; ; ) {
      const rows = await this.prisma.$queryRaw<{ customerId: number }[]>`
        SELECT DISTINCT m."customerId" FROM "AlertMatch" m JOIN "SavedSearch" s ON s.id = m."savedSearchId"
        WHERE m."customerId" > ${after} AND ${dueCondition(due)}
        ORDER BY m."customerId" LIMIT ${PAGE}`;
      if (rows.length === 0) return;
      yield rows.map((r) => r.customerId);
      after = rows.at(-1)!.customerId;
    }
  }

  /** Enqueues the e-mails of these customers' matches due at `now`, in one transaction (a batch of the kind's jobs); throws when it fails, the matches still due. */
  async deliverTo(page: number[], now = new Date()): Promise<DeliveryRun> {
    const due = cutoffs(now);
    // the listings of the batch's e-mails, each read once (null: no longer live)
    const items = new Map<number, StoredItem | null>();
    // read before the page's transaction, which must not wait on the pool for a connection of its own
    const personal = await this.personalOfEach(page);
    const emails = await this.prisma.$transaction(
      async (tx) => {
        const matches = await this.take(tx, page, due, now);
        if (matches.length === 0) return 0;
        const customerIds = [...new Set(matches.map((m) => m.customerId))];
        const customers = new Map(
          (await tx.customer.findMany({ where: { id: { in: customerIds } }, select: { id: true, email: true, firstName: true, disabledAt: true } })).map((c) => [c.id, c]),
        );
        await this.readLiveItems(items, [...new Set(matches.map((m) => m.listingId))]);
        const byCustomer = new Map<number, DueMatch[]>();
        for (const m of matches) {
          const list = byCustomer.get(m.customerId);
          if (list) list.push(m);
          else byCustomer.set(m.customerId, [m]);
        }
        let enqueued = 0;
        // a disabled customer, or listings no longer live: their matches are done with nothing to e-mail
        for (const [customerId, theirs] of byCustomer) {
          const customer = customers.get(customerId);
          if (!customer || customer.disabledAt || !theirs.some((m) => items.get(m.listingId))) continue;
          const sections = this.sections(theirs, items, personal.get(customerId) ?? null);
          if (sections.length === 0) continue;
          const carried = theirs.filter((m) => items.get(m.listingId)).map((m) => m.id);
          await this.outbox.send(tx, customer.email, new SavedSearchAlertMail(customer.firstName ?? 'there', sections, carried));
          enqueued += 1;
        }
        return enqueued;
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
    return { emails };
  }

  /** The households of the page's customers whose profile gives an income (for the affordability of each home), a few at a time. */
  private async personalOfEach(page: number[]): Promise<Map<number, Personal | null>> {
    const withIncome = await this.prisma.customer.findMany({ where: { id: { in: page }, annualHouseholdIncome: { not: null } }, select: { id: true } });
    const found = new Map<number, Personal | null>();
    for (let i = 0; i < withIncome.length; i += PROFILES_AT_ONCE) {
      const chunk = withIncome.slice(i, i + PROFILES_AT_ONCE);
      const read = await Promise.all(chunk.map((c) => this.personalOf(c.id)));
      chunk.forEach((c, k) => found.set(c.id, read[k]!));
    }
    return found;
  }

  /** The page's due matches, marked sent; in customer and match order. */
  private async take(tx: Prisma.TransactionClient, page: number[], due: Cutoffs, now: Date): Promise<DueMatch[]> {
    const taken = await tx.$queryRaw<(DueMatch & { createdAt: Date })[]>`
      UPDATE "AlertMatch" m SET "claimedAt" = ${now}, "sentAt" = ${now}
      FROM "SavedSearch" s
      WHERE s.id = m."savedSearchId" AND m."customerId" = ANY(${page}::int[]) AND ${dueCondition(due)}
      RETURNING m.id, m."customerId", m."savedSearchId", m."listingId", m.kind, m."eventKey", m."createdAt", s.name, s."unsubscribeToken"`;
    return taken.sort((a, b) => a.customerId - b.customerId || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Per saved search, in order of the matches; listings no longer live are left out. */
  private sections(matches: DueMatch[], items: Map<number, StoredItem | null>, personal: Personal | null): AlertSection[] {
    const bySearch = new Map<number, { name: string; token: string; listings: AlertListing[] }>();
    for (const m of matches) {
      const item = items.get(m.listingId);
      if (!item) continue;
      const section = bySearch.get(m.savedSearchId) ?? { name: m.name, token: m.unsubscribeToken, listings: [] };
      section.listings.push(this.listingOf(m, item, personal));
      bySearch.set(m.savedSearchId, section);
    }
    let room = MAX_LISTINGS_PER_MAIL;
    return [...bySearch.entries()].map(([id, s]) => {
      const shown = s.listings.slice(0, Math.max(0, room));
      room -= shown.length;
      return {
        savedSearchName: s.name,
        listings: shown,
        more: s.listings.length - shown.length,
        moreUrl: this.links.savedSearch(id),
        unsubscribeUrl: this.links.unsubscribe(s.token),
        unsubscribePageUrl: this.links.unsubscribePage(s.token),
      };
    });
  }

  private listingOf(m: DueMatch, item: StoredItem, personal: Personal | null): AlertListing {
    const l = item.view.listing;
    const affordability = l.forSale === false ? null : affordabilityText(personalOfItem(item.facts, personal)?.affordability);
    const image = l.mainImage;
    return {
      kind: m.kind,
      name: String(l.name ?? ''),
      price: priceText(l),
      bedrooms: bedroomsText(l.bedrooms as number[] | undefined),
      monthlyCost: l.forSale === false ? null : monthlyCostText(l.monthlyCost),
      affordability,
      // the day of the cut the event is about (a home other than the headline's may have been cut)
      reducedOn: m.kind === 'price-reduced' ? m.eventKey : null,
      imageUrl: image?.mediumSize ?? image?.largeSize ?? null,
      url: this.links.listing(String(l.slug ?? item.id)),
    };
  }

  /** Reads into `items` those of these listings it does not hold yet: the live ones, null for the others. */
  private async readLiveItems(items: Map<number, StoredItem | null>, ids: number[]): Promise<void> {
    const wanted = ids.filter((id) => !items.has(id));
    for (let i = 0; i < wanted.length; i += ITEMS_PER_READ) {
      const chunk = wanted.slice(i, i + ITEMS_PER_READ);
      const res = await this.search.search({ index: this.alias, ...liveItemsByIdsRequest(chunk) });
      for (const id of chunk) items.set(id, null);
      for (const item of readItems(res.hits.hits)) items.set(item.id, item);
    }
  }
}


/** The price as the listing item shows it: shares for shared ownership, rent a month, or to be announced. */
export function priceText(l: Pick<StoredListing, 'forSale' | 'isSharedOwnership' | 'monthlyRent' | 'minShareValue' | 'fullMarketPrice'>): string {
  const n = (key: 'monthlyRent' | 'minShareValue' | 'fullMarketPrice') => (typeof l[key] === 'number' ? l[key] : null);
  if (l.forSale === false) return n('monthlyRent') !== null ? `${pounds(n('monthlyRent')!)} a month` : 'Price to be announced';
  if (l.isSharedOwnership && n('minShareValue') !== null) return `Shares from ${pounds(n('minShareValue')!)}${n('fullMarketPrice') !== null ? ` (full price ${pounds(n('fullMarketPrice')!)})` : ''}`;
  return n('fullMarketPrice') !== null ? pounds(n('fullMarketPrice')!) : 'Price to be announced';
}
