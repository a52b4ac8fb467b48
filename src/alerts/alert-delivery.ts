// Sends the alert e-mails that are due (alert-schedule.ts): one per customer per run, holding every due
// match of the customer's saved searches whose alerts are on for that kind of event (at most 10 listings
// shown, a link to the rest). Set-based: the customers with due matches are taken a page at a time, in id
// order. Each page's due matches are claimed in one short transaction that holds the page's per-customer
// advisory locks (customers another instance holds are left to it) and marks them claimed; then, with no
// transaction held, the page's customers and listings are read with a query each (a listing once a run)
// and the e-mails go out side by side over the mailer's pool of SMTP connections; then one statement
// marks sent the matches of every e-mail the mail server took and releases the others (due again at the
// next run). That record is retried while the database is out of reach: the e-mails are already out.
// A claimed match is never due again, so no match is e-mailed twice, with several instances or across
// crashes; should the process die between a claim and its record, that page's e-mails are not sent again
// (at most once: the contract's "never the same listing twice for the same saved search and event").
import type { PrismaClient } from '../db/prisma.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { SearchClient } from '../search/client.ts';
import type { Logger } from '../core/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { StoredItem } from '../listing-index/document/listing-item-field.ts';
import { readItems } from '../listing-index/hit-readers.ts';
import { liveItemsByIdsRequest } from '../listing-index/by-ids-requests.ts';
import { recentReduction } from '../listings/price-reductions.ts';
import type { StoredListing } from '../listings/listing-view.ts';
import { formatPounds as pounds } from '../core/number-format.ts';
import { bedroomsText, monthlyCostText } from '../listings/listing-words.ts';
import { cutoffs, type Cutoffs } from './alert-schedule.ts';
import { alertMail, MAX_LISTINGS_PER_MAIL, type AlertListing, type AlertSection } from './alert-mail.ts';
import type { AlertKind } from './alert-matcher.ts';
import type { AlertLinks } from './alert-links.ts';

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
/** how long the record of a page's e-mails is retried while the database is out of reach */
const RECORD_FOR_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  m."sentAt" IS NULL AND m."claimedAt" IS NULL
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

  private async deliverPage(page: number[], due: Cutoffs, now: Date, items: Map<number, StoredItem | null>, run: DeliveryRun): Promise<void> {
    const matches = await this.claim(page, due, now);
    if (matches.length === 0) return;
    // e-mailed, or nothing to e-mail (the customer disabled, the listings no longer live); the rest is released
    const sent = new Set<bigint>();
    let failure: unknown = null;
    try {
      const customerIds = [...new Set(matches.map((m) => m.customerId))];
      const customers = new Map(
        (await this.prisma.customer.findMany({ where: { id: { in: customerIds } }, select: { id: true, email: true, firstName: true, disabledAt: true } })).map((c) => [c.id, c]),
      );
      await this.readLiveItems(items, [...new Set(matches.map((m) => m.listingId))]);
      const byCustomer = new Map<number, DueMatch[]>();
      for (const m of matches) {
        const list = byCustomer.get(m.customerId);
        if (list) list.push(m);
        else byCustomer.set(m.customerId, [m]);
      }
      await eachLimited([...byCustomer], CONCURRENT_EMAILS, async ([customerId, theirs]) => {
        const customer = customers.get(customerId);
        const sections = customer && !customer.disabledAt ? this.sections(theirs, items) : [];
        try {
          if (sections.length) {
            const carried = theirs.filter((m) => items.get(m.listingId)).map((m) => m.id);
            await this.mailer.send(alertMail(customer!.email, customer!.firstName ?? 'there', sections, carried));
            run.emails += 1;
          }
          for (const m of theirs) sent.add(m.id);
        } catch (err) {
          run.failed += 1;
          this.logger.warn({ err, customerId }, 'alert e-mail not sent; it stays due');
        }
      });
    } catch (err) {
      // the customers or the listings could not be read: nothing of the page went out
      failure = err;
    }
    await this.record(
      [...sent],
      matches.filter((m) => !sent.has(m.id)).map((m) => m.id),
      now,
    );
    if (failure) throw failure;
  }

  /** The page's due matches, claimed (committed) under its customers' advisory locks; in customer and match order. */
  private async claim(page: number[], due: Cutoffs, now: Date): Promise<DueMatch[]> {
    const claimed = await this.prisma.$transaction(
      async (tx) => {
        const locked = (await tx.$queryRaw<{ id: number }[]>`
          SELECT id FROM unnest(${page}::int[]) AS id WHERE pg_try_advisory_xact_lock(${LOCK_KEY}::int, id)`).map((r) => r.id);
        if (locked.length === 0) return [];
        return tx.$queryRaw<(DueMatch & { createdAt: Date })[]>`
          UPDATE "AlertMatch" m SET "claimedAt" = ${now}
          FROM "SavedSearch" s
          WHERE s.id = m."savedSearchId" AND m."customerId" = ANY(${locked}::int[]) AND ${dueCondition(due)}
          RETURNING m.id, m."customerId", m."savedSearchId", m."listingId", m.kind, m."eventKey", m."createdAt", s.name, s."unsubscribeToken"`;
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
    return claimed.sort((a, b) => a.customerId - b.customerId || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /**
   * Marks `sent` sent and releases `released` (due again), in one statement; retried while the database
   * is out of reach, for RECORD_FOR_MS: the e-mails are out, and a claim left unrecorded is never sent again.
   */
  private async record(sent: bigint[], released: bigint[], now: Date): Promise<void> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        await this.prisma.$executeRaw`
          UPDATE "AlertMatch" SET
            "sentAt" = CASE WHEN id = ANY(${sent}::bigint[]) THEN ${now} ELSE "sentAt" END,
            "claimedAt" = CASE WHEN id = ANY(${sent}::bigint[]) THEN "claimedAt" ELSE NULL END
          WHERE id = ANY(${[...sent, ...released]}::bigint[])`;
        return;
      } catch (err) {
        if (Date.now() - started > RECORD_FOR_MS) {
          this.logger.error({ err, sent: sent.length, released: released.length }, 'alert e-mails could not be recorded; their matches stay claimed and are not sent again');
          return;
        }
        if (attempt === 0) this.logger.warn({ err: String(err) }, 'alert e-mails sent but not yet recorded; retrying until the database is back');
        await sleep(Math.min(5_000, 100 * 2 ** attempt));
      }
    }
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
    const l = item.view.listing;
    const image = l.mainImage;
    return {
      kind: m.kind,
      name: String(l.name ?? ''),
      price: priceText(l),
      bedrooms: bedroomsText(l.bedrooms as number[] | undefined),
      monthlyCost: l.forSale === false ? null : monthlyCostText(l.monthlyCost),
      reducedOn: m.kind === 'price-reduced' ? (recentReduction(l.priceReducedOn) ?? m.eventKey) : null,
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
