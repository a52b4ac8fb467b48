// Sends the alert e-mails that are due (alert-schedule.ts): one per customer per run, holding every due
// match of the customer's saved searches whose alerts are on for that kind of event (at most 10 listings
// shown, a link to the rest). Each customer's e-mail is built and sent inside a transaction that holds
// the customer's advisory lock and the match rows, and marks them sent only once the mail server has
// taken the message: with several instances each e-mail goes once, and a mail outage leaves the matches
// due for the next run. (Should the process die between the mail server's answer and the commit, the
// next run sends that e-mail again: at least once, never lost.)
import type { PrismaClient } from '../db/prisma.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { SearchClient } from '../search/client.ts';
import type { Logger } from '../core/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { ITEM_ONLY, readItems, type StoredItem } from '../listings/listing-item-field.ts';
import { liveListingFilters } from '../listings/visibility-filters.ts';
import { recentReduction } from '../listings/price-reductions.ts';
import { formatPounds as pounds } from '../core/number-format.ts';
import { cutoffs, type Cutoffs } from './alert-schedule.ts';
import { alertMail, MAX_LISTINGS_PER_MAIL, type AlertListing, type AlertSection } from './alert-mail.ts';
import type { AlertKind } from './alert-matcher.ts';
import type { AlertLinks } from './alert-links.ts';

type Tx = Prisma.TransactionClient;

/** Arbitrary, fixed: the first key of the per-customer advisory lock of alert e-mails. */
const LOCK_KEY = 6_000_002;
/** customers served at once in a run (each holds a database connection while its e-mail is sent) */
const CONCURRENT_EMAILS = 4;

export interface DeliveryRun {
  emails: number;
  failed: number;
}

interface DueMatch {
  id: bigint;
  savedSearchId: number;
  listingId: number;
  kind: AlertKind;
  eventKey: string;
  name: string;
  unsubscribeToken: string;
}

const dueCondition = (c: Cutoffs) => Prisma.sql`
  m."sentAt" IS NULL
  AND ((m.kind = 'new-listing' AND s."alertNewListings") OR (m.kind = 'price-reduced' AND s."alertPriceReductions"))
  AND (s."alertFrequency" = 'instant'
    OR (s."alertFrequency" = 'daily' AND m."createdAt" < ${c.daily})
    OR (s."alertFrequency" = 'weekly' AND m."createdAt" < ${c.weekly}))`;

export class AlertDelivery {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly search: SearchClient,
    private readonly alias: string,
    private readonly mailer: Mailer,
    private readonly links: AlertLinks,
    private readonly logger: Logger,
  ) {}

  async runOnce(now = new Date()): Promise<DeliveryRun> {
    const due = cutoffs(now);
    const customers = await this.prisma.$queryRaw<{ customerId: number }[]>`
      SELECT DISTINCT m."customerId" FROM "AlertMatch" m JOIN "SavedSearch" s ON s.id = m."savedSearchId" WHERE ${dueCondition(due)}`;
    const run: DeliveryRun = { emails: 0, failed: 0 };
    // a few customers at a time: each e-mail waits mostly on the mail server
    let next = 0;
    const worker = async () => {
      while (next < customers.length) {
        const { customerId } = customers[next++]!;
        try {
          if (await this.deliverTo(customerId, due, now)) run.emails += 1;
        } catch (err) {
          run.failed += 1;
          this.logger.warn({ err, customerId }, 'alert e-mail not sent; it stays due');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_EMAILS }, worker));
    return run;
  }

  /** true when an e-mail went */
  private deliverTo(customerId: number, due: Cutoffs, now: Date): Promise<boolean> {
    return this.prisma.$transaction(
      async (tx) => {
        const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${LOCK_KEY}::int, ${customerId}::int) AS locked`;
        if (!lock?.locked) return false;
        const matches = await tx.$queryRaw<DueMatch[]>`
          SELECT m.id, m."savedSearchId", m."listingId", m.kind, m."eventKey", s.name, s."unsubscribeToken"
          FROM "AlertMatch" m JOIN "SavedSearch" s ON s.id = m."savedSearchId"
          WHERE m."customerId" = ${customerId} AND ${dueCondition(due)}
          ORDER BY m."createdAt", m.id FOR UPDATE OF m`;
        if (matches.length === 0) return false;
        const customer = await tx.customer.findUnique({ where: { id: customerId }, select: { email: true, firstName: true, disabledAt: true } });
        const items = await this.liveItems([...new Set(matches.map((m) => m.listingId))], now);
        const sections = customer && !customer.disabledAt ? this.sections(matches, items) : [];
        if (sections.length) await this.mailer.send(alertMail(customer!.email, customer!.firstName ?? 'there', sections));
        await markSent(tx, matches, now);
        return sections.length > 0;
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
  }

  /** Per saved search, in order of the matches; listings no longer live are left out. */
  private sections(matches: DueMatch[], items: Map<number, StoredItem>): AlertSection[] {
    const bySearch = new Map<number, { name: string; token: string; listings: AlertListing[] }>();
    for (const m of matches) {
      const item = items.get(m.listingId);
      if (!item) continue;
      const section = bySearch.get(m.savedSearchId) ?? { name: m.name, token: m.unsubscribeToken, listings: [] };
      section.listings.push(this.listingOf(m, item));
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

  private listingOf(m: DueMatch, item: StoredItem): AlertListing {
    const l = item.view.listing as Record<string, unknown>;
    const image = l.mainImage as { mediumSize?: string | null; largeSize?: string | null } | null;
    return {
      kind: m.kind,
      name: String(l.name ?? ''),
      price: priceText(l),
      reducedOn: m.kind === 'price-reduced' ? (recentReduction(l.priceReducedOn as string | null) ?? m.eventKey) : null,
      imageUrl: image?.mediumSize ?? image?.largeSize ?? null,
      url: this.links.listing(String(l.slug ?? item.id)),
    };
  }

  private async liveItems(ids: number[], now: Date): Promise<Map<number, StoredItem>> {
    const res = await this.search.search({
      index: this.alias,
      size: ids.length,
      query: { bool: { filter: [{ ids: { values: ids.map(String) } }, ...liveListingFilters(now)] } },
      ...ITEM_ONLY,
    });
    return new Map(readItems(res.hits.hits).map((item) => [item.id, item]));
  }
}

async function markSent(tx: Tx, matches: DueMatch[], now: Date): Promise<void> {
  await tx.$executeRaw`UPDATE "AlertMatch" SET "sentAt" = ${now} WHERE id = ANY(${matches.map((m) => m.id)}::bigint[])`;
}


/** The price as the listing item shows it: shares for shared ownership, rent a month, or to be announced. */
export function priceText(l: Record<string, unknown>): string {
  const n = (key: string) => (typeof l[key] === 'number' ? (l[key] as number) : null);
  if (l.forSale === false) return n('monthlyRent') !== null ? `${pounds(n('monthlyRent')!)} a month` : 'Price to be announced';
  if (l.isSharedOwnership && n('minShareValue') !== null) return `Shares from ${pounds(n('minShareValue')!)}${n('fullMarketPrice') !== null ? ` (full price ${pounds(n('fullMarketPrice')!)})` : ''}`;
  return n('fullMarketPrice') !== null ? pounds(n('fullMarketPrice')!) : 'Price to be announced';
}
