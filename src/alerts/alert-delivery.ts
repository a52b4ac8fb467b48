// Sends the alert e-mails that are due (alert-schedule.ts): one per customer per run, holding every due
// match of the customer's saved searches whose alerts are on for that kind of event (at most 10 listings
// shown, a link to the rest). Set-based: the customers with due matches are taken a page at a time, in id
// order, and each page is served in one transaction that holds the page's per-customer advisory locks
// (customers another instance holds are left to it); the page's due matches, customers and listings are
// read with a query each (a listing once a run), the e-mails go out side by side over the mailer's pool of
// SMTP connections, and the matches of every e-mail the mail server took are marked sent with one update
// before the commit. With several instances each e-mail goes once, and a mail outage leaves the matches
// due for the next run. (Should the process die before a page commits, the e-mails of that page already
// sent go again at the next run: at least once, never lost.)
import type { PrismaClient } from '../db/prisma.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { SearchClient } from '../search/client.ts';
import type { Logger } from '../core/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { StoredItem } from '../listings/listing-item-field.ts';
import { readItems } from '../listing-index/hit-readers.ts';
import { liveItemsByIdsRequest } from '../listing-index/by-ids-requests.ts';
import { recentReduction } from '../listings/price-reductions.ts';
import { formatPounds as pounds } from '../core/number-format.ts';
import { cutoffs, type Cutoffs } from './alert-schedule.ts';
import { alertMail, MAX_LISTINGS_PER_MAIL, type AlertListing, type AlertSection } from './alert-mail.ts';
import type { AlertKind } from './alert-matcher.ts';
import type { AlertLinks } from './alert-links.ts';

type Tx = Prisma.TransactionClient;

/** Arbitrary, fixed: the first key of the per-customer advisory lock of alert e-mails. */
const LOCK_KEY = 6_000_002;
/** customers a page serves */
const PAGE = 200;
/** pages served at once (each holds a database connection while its e-mails are sent) */
const CONCURRENT_PAGES = 2;
/** e-mails of a page handed to the mailer at once (it sends them over its pool of connections) */
const CONCURRENT_EMAILS = 16;
/** listings read from the index at once */
const ITEMS_PER_READ = 1000;

export interface DeliveryRun {
  emails: number;
  failed: number;
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
  m."sentAt" IS NULL
  AND ((m.kind = 'new-listing' AND s."alertNewListings") OR (m.kind = 'price-reduced' AND s."alertPriceReductions"))
  AND (s."alertFrequency" = 'instant'
    OR (s."alertFrequency" = 'daily' AND m."createdAt" < ${c.daily})
    OR (s."alertFrequency" = 'weekly' AND m."createdAt" < ${c.weekly}))`;

/** Runs `work` on every item, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

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
    const run: DeliveryRun = { emails: 0, failed: 0 };
    // the listings of this run's e-mails, each read once (null: no longer live)
    const items = new Map<number, StoredItem | null>();
    // pages are taken one after the other (each starts after the last customer of the one before)...
    let after = 0;
    let taking: Promise<unknown> = Promise.resolve();
    const nextPage = (): Promise<number[]> => {
      const page = taking.then(() => this.customersWithDue(after, due));
      taking = page.then(
        (ids) => (after = ids.at(-1) ?? after),
        () => {},
      );
      return page;
    };
    // ...and served side by side
    const worker = async () => {
      for (;;) {
        const page = await nextPage();
        if (page.length === 0) return;
        try {
          await this.deliverPage(page, due, now, items, run);
        } catch (err) {
          run.failed += page.length;
          this.logger.warn({ err, customers: page.length }, 'alert e-mails of a page not sent; they stay due');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_PAGES }, worker));
    return run;
  }

  private async customersWithDue(after: number, due: Cutoffs): Promise<number[]> {
    const rows = await this.prisma.$queryRaw<{ customerId: number }[]>`
      SELECT DISTINCT m."customerId" FROM "AlertMatch" m JOIN "SavedSearch" s ON s.id = m."savedSearchId"
      WHERE m."customerId" > ${after} AND ${dueCondition(due)}
      ORDER BY m."customerId" LIMIT ${PAGE}`;
    return rows.map((r) => r.customerId);
  }

  private deliverPage(page: number[], due: Cutoffs, now: Date, items: Map<number, StoredItem | null>, run: DeliveryRun): Promise<void> {
    return this.prisma.$transaction(
      async (tx) => {
        const locked = (await tx.$queryRaw<{ id: number }[]>`
          SELECT id FROM unnest(${page}::int[]) AS id WHERE pg_try_advisory_xact_lock(${LOCK_KEY}::int, id)`).map((r) => r.id);
        if (locked.length === 0) return;
        const matches = await tx.$queryRaw<DueMatch[]>`
          SELECT m.id, m."customerId", m."savedSearchId", m."listingId", m.kind, m."eventKey", s.name, s."unsubscribeToken"
          FROM "AlertMatch" m JOIN "SavedSearch" s ON s.id = m."savedSearchId"
          WHERE m."customerId" = ANY(${locked}::int[]) AND ${dueCondition(due)}
          ORDER BY m."customerId", m."createdAt", m.id`;
        if (matches.length === 0) return;
        const customers = new Map(
          (await tx.customer.findMany({ where: { id: { in: locked } }, select: { id: true, email: true, firstName: true, disabledAt: true } })).map((c) => [c.id, c]),
        );
        await this.readLiveItems(items, [...new Set(matches.map((m) => m.listingId))], now);
        const byCustomer = new Map<number, DueMatch[]>();
        for (const m of matches) {
          const list = byCustomer.get(m.customerId);
          if (list) list.push(m);
          else byCustomer.set(m.customerId, [m]);
        }
        const done: bigint[] = [];
        await eachLimited([...byCustomer], CONCURRENT_EMAILS, async ([customerId, theirs]) => {
          const customer = customers.get(customerId);
          const sections = customer && !customer.disabledAt ? this.sections(theirs, items) : [];
          try {
            if (sections.length) {
              await this.mailer.send(alertMail(customer!.email, customer!.firstName ?? 'there', sections));
              run.emails += 1;
            }
            for (const m of theirs) done.push(m.id);
          } catch (err) {
            run.failed += 1;
            this.logger.warn({ err, customerId }, 'alert e-mail not sent; it stays due');
          }
        });
        await markSent(tx, done, now);
      },
      { timeout: 300_000, maxWait: 10_000 },
    );
  }

  /** Per saved search, in order of the matches; listings no longer live are left out. */
  private sections(matches: DueMatch[], items: Map<number, StoredItem | null>): AlertSection[] {
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

  /** Reads into `items` those of these listings it does not hold yet: the live ones, null for the others. */
  private async readLiveItems(items: Map<number, StoredItem | null>, ids: number[], now: Date): Promise<void> {
    const wanted = ids.filter((id) => !items.has(id));
    for (let i = 0; i < wanted.length; i += ITEMS_PER_READ) {
      const chunk = wanted.slice(i, i + ITEMS_PER_READ);
      const res = await this.search.search({ index: this.alias, ...liveItemsByIdsRequest(chunk, now) });
      for (const id of chunk) items.set(id, null);
      for (const item of readItems(res.hits.hits)) items.set(item.id, item);
    }
  }
}

async function markSent(tx: Tx, ids: bigint[], now: Date): Promise<void> {
  if (ids.length) await tx.$executeRaw`UPDATE "AlertMatch" SET "sentAt" = ${now} WHERE id = ANY(${ids}::bigint[])`;
}


/** The price as the listing item shows it: shares for shared ownership, rent a month, or to be announced. */
export function priceText(l: Record<string, unknown>): string {
  const n = (key: string) => (typeof l[key] === 'number' ? (l[key] as number) : null);
  if (l.forSale === false) return n('monthlyRent') !== null ? `${pounds(n('monthlyRent')!)} a month` : 'Price to be announced';
  if (l.isSharedOwnership && n('minShareValue') !== null) return `Shares from ${pounds(n('minShareValue')!)}${n('fullMarketPrice') !== null ? ` (full price ${pounds(n('fullMarketPrice')!)})` : ''}`;
  return n('fullMarketPrice') !== null ? pounds(n('fullMarketPrice')!) : 'Price to be announced';
}
