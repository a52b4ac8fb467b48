// The listing pages' view of each listing (storedViewOf: what its item, details and property details
// present), kept in PostgreSQL instead of the search index, where it made two thirds of a document.
//
// The order that keeps a page from showing a view older than the document search shows: the indexer
// commits a listing's view, at the version of the document built with it, before it sends the document
// to the engine; a view is replaced only by one of the same or a newer version, and removed only up to
// the version of the document the engine removed. So whenever the index holds a listing's document at
// version V, this table holds its view at V or newer (newer for the moment between this write and the
// engine's; or until the outbox's retry, when the engine refused the document).
import type { Prisma } from '../../generated/prisma/client.ts';
import type { ListingView } from '../../listings/listing-view.ts';

type Db = Pick<Prisma.TransactionClient, '$executeRaw' | '$queryRaw'>;

export interface PageViewWrite {
  listingId: number;
  /** the version of the document built with it (the listing's indexVersion) */
  version: number;
  view: ListingView;
}

export interface PageViewRemoval {
  listingId: number;
  /** the version of the document removed; null: the listing itself is gone */
  version: number | null;
}

export interface StoredPageView {
  version: number;
  view: ListingView;
}

export class ListingPageViews {
  constructor(private readonly db: Db) {}

  /** Writes these views, each unless the table holds a newer version already; one statement, rows in id order. */
  async write(views: PageViewWrite[]): Promise<void> {
    const latest = new Map<number, PageViewWrite>();
    for (const v of views) if ((latest.get(v.listingId)?.version ?? -1) <= v.version) latest.set(v.listingId, v);
    if (latest.size === 0) return;
    const rows = JSON.stringify([...latest.values()].sort((a, b) => a.listingId - b.listingId));
    await this.db.$executeRaw`
      INSERT INTO "ListingPageView" ("listingId", version, view)
      SELECT "listingId", version, view FROM json_to_recordset(${rows}::json) AS r("listingId" int, version bigint, view json)
      ORDER BY "listingId"
      ON CONFLICT ("listingId") DO UPDATE SET version = excluded.version, view = excluded.view, "builtAt" = now()
      WHERE "ListingPageView".version <= excluded.version`;
  }

  /** Removes the views of documents the engine removed, none newer than the document removed. */
  async remove(removals: PageViewRemoval[]): Promise<void> {
    if (removals.length === 0) return;
    const rows = JSON.stringify(removals);
    await this.db.$executeRaw`
      DELETE FROM "ListingPageView" v USING json_to_recordset(${rows}::json) AS r("listingId" int, version bigint)
      WHERE v."listingId" = r."listingId" AND (r.version IS NULL OR v.version <= r.version)`;
  }

  /** The stored views of these listings, by listing id. */
  async read(ids: readonly number[]): Promise<Map<number, StoredPageView>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.$queryRaw<{ listingId: number; version: bigint; view: string }[]>`
      SELECT "listingId", version, view::text AS view FROM "ListingPageView" WHERE "listingId" = ANY(${[...ids]}::int[])`;
    return new Map(rows.map((r) => [r.listingId, { version: Number(r.version), view: JSON.parse(r.view) as ListingView }]));
  }
}

/**
 * A document read from the index with its pages' view: the stored one, which the indexer wrote at the
 * document's version or later; on an index of an older mapping, whose documents hold their view, the
 * document's own when none is stored at its version yet.
 */
export function withPageView<T extends { id: number; view?: ListingView }>(doc: T, docVersion: number | undefined, stored: StoredPageView | undefined): T & { view: ListingView } {
  if (stored && (docVersion === undefined || stored.version >= docVersion)) return { ...doc, view: stored.view };
  if (doc.view) return doc as T & { view: ListingView };
  throw new Error(`listing ${doc.id}: no page view stored at its document's version ${docVersion ?? '?'} (found ${stored?.version ?? 'none'})`);
}
