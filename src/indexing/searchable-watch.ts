// Tells when written listing documents are searchable: the index's own refresh has run since they were
// written. Every SEARCHABLE_POLL_MS while writes wait, one search a written index finds all their
// documents by id with their versions (what a search sees, not a realtime get); a write is searchable
// once each of its documents is found at its version or a later one, and each removed one is gone (or
// back at a later version). Only on an index without replicas: a search reads one copy of a shard, and
// copies refresh on their own.
import type { SearchClient } from '../search/client.ts';

/** One document a write puts in an index or removes from it. */
export interface WrittenDocument {
  index: string;
  id: string;
  /** the document written (its footprint's fields); null for a removal */
  doc: object | null;
  /** its external version; null for a removal without one */
  version: number | null;
}

const SEARCHABLE_POLL_MS = 50;
/** a write not found searchable within this long is left to the fallback (twice the refresh interval and a second) */
const GIVE_UP_MS = 10_000;

interface Waiting {
  docs: WrittenDocument[];
  until: number;
  resolve: () => void;
}

function shownAt(d: WrittenDocument, version: number | undefined): boolean {
  if (d.doc) return version !== undefined && d.version !== null && version >= d.version;
  return version === undefined || (d.version !== null && version > d.version);
}

export class SearchableWatch {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly search: SearchClient) {}

  /** Resolves once the documents are searchable (never, if not within GIVE_UP_MS). */
  searchable(docs: WrittenDocument[]): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push({ docs, until: Date.now() + GIVE_UP_MS, resolve });
      this.timer ??= setTimeout(() => void this.tick(), SEARCHABLE_POLL_MS).unref();
    });
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    const asked = (this.waiting = this.waiting.filter((w) => w.until > now));
    const shown = asked.length ? await this.versions(asked.flatMap((w) => w.docs)).catch(() => null) : null;
    if (shown) {
      const done = new Set(asked.filter((w) => w.docs.every((d) => shownAt(d, shown.get(`${d.index}/${d.id}`)))));
      for (const w of done) w.resolve();
      this.waiting = this.waiting.filter((w) => !done.has(w));
    }
    this.timer = this.waiting.length ? setTimeout(() => void this.tick(), SEARCHABLE_POLL_MS).unref() : null;
  }

  /** The version a search finds of each document (`index/id`), for every index written. */
  private async versions(docs: WrittenDocument[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (const index of new Set(docs.map((d) => d.index))) {
      const ids = [...new Set(docs.filter((d) => d.index === index).map((d) => d.id))];
      const res = await this.search.search({ index, size: ids.length, version: true, _source: false, request_cache: false, query: { ids: { values: ids } } });
      for (const hit of res.hits.hits) found.set(`${index}/${hit._id}`, hit._version ?? 0);
    }
    return found;
  }
}
