// Builds listing documents from PostgreSQL and writes them to one or more indices with external
// versions, so that a document built from older data can never replace one built from newer data.
// A small write tells what it can change (the footprints of the documents it replaces, read just
// before, and of those it writes: listing-index/index-footprint.ts) and, on an index without
// replicas, how to tell when it is searchable (its documents found at their versions by a search),
// so that kept search answers it cannot touch stay good (search/index-changes.ts).
// The listing pages' view of each listing is kept in PostgreSQL, not in the index: it is committed
// before the documents are sent, and removed only after the engine removed the document
// (listing-index/document/listing-page-views.ts says why that order keeps pages no older than search).
import type { PrismaClient } from '../db/prisma.ts';
import type { SearchClient } from '../search/client.ts';
import { loadListings, type LoadedListing } from '../listing-index/document/listing-loader.ts';
import { buildListingDocument, indexedDocumentOf } from '../listing-index/document/listing-document.ts';
import { ListingPageViews, type PageViewRemoval, type PageViewWrite } from '../listing-index/document/listing-page-views.ts';
import { DEFAULT_PORTAL_ID, PortalService } from '../portals/portal-settings.ts';
import { DEFAULT_LENDING, type LendingAssumptions } from '../affordability/lending.ts';
import { footprintOf, type FootprintSource } from '../listing-index/index-footprint.ts';
import { DELTA_FIELDS, deltaSourceOf, encodeChanges } from '../listing-index/delta-documents.ts';
import type { WriteNotes } from '../search/index-changes.ts';
import { SearchableWatch, type WrittenDocument } from './searchable-watch.ts';

/** writes of more documents than this are announced without a footprint (taken to change anything) */
const FOOTPRINT_MAX_DOCUMENTS = 100;
/** the most text the footprint and the documents together may take in the announcement (a NOTIFY payload holds 8,000 bytes) */
const MAX_DOCUMENTS_CHARS = 7_800;

export interface IndexResult {
  /** listing ids whose document could not be written, with the engine's reason */
  failed: Map<number, string>;
  /** operations the index already held at this version or newer (another writer was first) */
  conflicts: number;
}

/** Bulk operations ready to send, with the listing of each operation. */
export interface PreparedWrite {
  operations: object[];
  opListing: number[];
  written: WrittenDocument[];
  refresh: boolean | 'wait_for';
  /** the pages' views of the documents written, committed before they are sent */
  views: PageViewWrite[];
  /** the views of the documents removed, removed once the engine has removed them */
  removals: PageViewRemoval[];
}

export interface IndexerOptions {
  /** whether a search shows what every copy of the index shows (no replicas): a write's documents found by one search are then searchable */
  checkSearchable: boolean;
}

export interface IndexOptions {
  targets: string[];
  refresh?: boolean | 'wait_for';
}

export class ListingIndexer {
  private readonly portals: PortalService;
  private readonly watch: SearchableWatch | null;
  private readonly pageViews: ListingPageViews;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly search: SearchClient,
    private readonly options: IndexerOptions = { checkSearchable: false },
  ) {
    this.portals = new PortalService(prisma);
    this.watch = options.checkSearchable ? new SearchableWatch(search) : null;
    this.pageViews = new ListingPageViews(prisma);
  }

  /** The lending assumptions monthly costs are indexed with: the default portal's (docs/search.md). */
  async lending(): Promise<LendingAssumptions> {
    return (await this.portals.find(DEFAULT_PORTAL_ID))?.settings.lending ?? DEFAULT_LENDING;
  }

  /** Reads the listings in one consistent snapshot, so each document matches its version. */
  loadSnapshot(ids: number[]): Promise<LoadedListing[]> {
    return this.prisma.$transaction((tx) => loadListings(tx, ids), { isolationLevel: 'RepeatableRead', timeout: 120_000, maxWait: 10_000 });
  }

  async refresh(targets: string[]): Promise<void> {
    await this.search.indices.refresh({ index: targets.join(',') });
  }

  async indexListings(ids: number[], options: IndexOptions): Promise<IndexResult> {
    const unique = [...new Set(ids)];
    if (unique.length === 0 || options.targets.length === 0) return { failed: new Map(), conflicts: 0 };
    const listings = await this.loadSnapshot(unique);
    return this.write(listings, unique, options);
  }

  /** Writes already loaded listings; ids absent from `listings` are removed from the index. */
  async write(listings: LoadedListing[], ids: number[], options: IndexOptions): Promise<IndexResult> {
    return this.send(await this.prepare(listings, ids, options));
  }

  /** The bulk operations that write these listings (their documents built here, the CPU's part); send() writes them. */
  async prepare(listings: LoadedListing[], ids: number[], options: IndexOptions): Promise<PreparedWrite> {
    const byId = new Map(listings.map((l) => [l.id, l]));
    const lending = await this.lending();
    const operations: object[] = [];
    const opListing: number[] = [];
    const written: WrittenDocument[] = [];
    const views: PageViewWrite[] = [];
    const removals: PageViewRemoval[] = [];
    for (const id of ids) {
      const listing = byId.get(id);
      const built = listing ? buildListingDocument(listing, lending) : null;
      const doc = built ? indexedDocumentOf(built) : null;
      const version = listing ? Number(listing.indexVersion) : null;
      if (built) views.push({ listingId: id, version: version!, view: built.view });
      else removals.push({ listingId: id, version });
      for (const index of options.targets) {
        if (doc && listing) {
          operations.push({ index: { _index: index, _id: String(id), version, version_type: 'external' } }, doc);
        } else if (listing) {
          operations.push({ delete: { _index: index, _id: String(id), version, version_type: 'external' } });
        } else {
          operations.push({ delete: { _index: index, _id: String(id) } });
        }
        opListing.push(id);
        written.push({ index, id: String(id), doc, version });
      }
    }
    return { operations, opListing, written, refresh: options.refresh ?? false, views, removals };
  }

  /** Sends prepared operations in one bulk request (the engine's part). */
  async send(prepared: PreparedWrite): Promise<IndexResult> {
    const { operations, opListing } = prepared;
    const indexWrite = await this.notesOf(prepared.written);
    // committed before the engine may show the documents: a page's view is never older than search's
    await this.pageViews.write(prepared.views);
    const response = await this.search.bulk({ operations, refresh: prepared.refresh }, { context: { indexWrite } });
    const failed = new Map<number, string>();
    let conflicts = 0;
    response.items.forEach((item, i) => {
      const result = item.index ?? item.delete;
      if (!result?.error) return;
      // 409: the index already holds this version or a newer one; 404 on delete: nothing to remove.
      if (result.status === 409) conflicts++;
      if (result.status === 409 || (item.delete && result.status === 404)) return;
      failed.set(opListing[i]!, `${result.error.type}: ${result.error.reason ?? ''}`);
    });
    // a refused removal is retried from the outbox, its view removed then
    await this.pageViews.remove(prepared.removals.filter((r) => !failed.has(r.listingId)));
    return { failed, conflicts };
  }

  /** The write's footprint (the documents it replaces, as the index holds them now, and those it writes) and its check; nothing for a large write. */
  private async notesOf(written: WrittenDocument[]): Promise<WriteNotes> {
    if (written.length > FOOTPRINT_MAX_DOCUMENTS) return {};
    const check = this.watch ? { searchable: () => this.watch!.searchable(written) } : {};
    try {
      // (the fields the kept answers' deltas read too: DELTA_FIELDS holds the footprint's)
      const now = await this.search.mget<FootprintSource & Record<string, unknown>>({ docs: written.map((w) => ({ _index: w.index, _id: w.id, _source: DELTA_FIELDS })) });
      const found = now.docs.map((d) => ('found' in d && d.found ? d : null));
      // Another writer's document may land between this read and this write. It would be one of a
      // version between the one read and the one written (external versions only grow, and a write of
      // an older one is refused): when none lies between, the footprint holds every document replaced;
      // otherwise the write is taken to change anything.
      const complete = written.every((w, i) => w.version === null || w.version - (found[i]?._version ?? 0) <= 1);
      if (!complete) return check;
      const footprint = footprintOf([...found.map((d) => d?._source ?? null), ...written.map((w) => w.doc as FootprintSource | null)]);
      // the documents before and after, for the kept answers' deltas: one index written (not during a full reindex)
      const oneIndex = new Set(written.map((w) => w.index)).size === 1 && new Set(written.map((w) => w.id)).size === written.length;
      const changes = oneIndex ? written.map((w, i) => ({
            id: Number(w.id),
            before: found[i]?._source ? deltaSourceOf(found[i]._source) : null,
            beforeVersion: found[i]?._version ?? null,
            after: w.doc ? deltaSourceOf(w.doc as Record<string, unknown>) : null,
            afterVersion: w.version,
          })) : null;
      const documents = footprint !== undefined && changes ? encodeChanges(changes, MAX_DOCUMENTS_CHARS - footprint.length) : undefined;
      return { footprint, ...(documents !== undefined ? { documents } : {}), ...check };
    } catch {
      // not known (an index not there yet, the engine away): the write is taken to change anything
      return check;
    }
  }
}
