// Search responses kept by request and checked against the engine's answer. Every search still asks
// the engine; when its answer is byte for byte the one a kept response was built from, and nothing else
// the response depends on has changed (the request's URL, the portal's settings, scheme texts, the
// partner: the reuse key), that response is sent again. Parsing the answer, presenting the items and
// facets and serialising the body are skipped; nothing can be stale, since a listing that changes,
// starts or stops matching changes the answer. Only responses that follow from the answer alone are
// kept: none for a signed-in customer (favourites), none that needed featured items fetched by id.
// A kept body is gzipped once, off the event loop, and then kept only so: a first page with its map
// listings is about ten times smaller. Clients that accept gzip get it as it is; the rare others get
// it gunzipped, still far cheaper than building it again.
import { gunzipSync, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';
import type { AnswerBytes } from '../search/answer-bytes.ts';

/** A search response's body: its JSON, and the same gzipped when that is at hand (null leaves it to the compression middleware). */
export interface SearchBody {
  json(): Buffer;
  gzipped(): Buffer | null;
  /** the ids of the results in the page's `data`, featured listings left out (search impressions) */
  listingIds: ArrayLike<number>;
}

/** a kept response: its JSON until it is gzipped, then the gzipped copy alone */
interface Kept {
  answer: Buffer;
  listingIds: Int32Array;
  json: Buffer | null;
  gzipped: Buffer | null;
}

const gzipped = promisify(gzip);

/** a copy in memory of its own: a network chunk or small buffer may be a slice of a larger one it would keep alive */
function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

const sizeOf = (k: Kept) => k.answer.length + k.listingIds.byteLength + (k.json?.length ?? 0) + (k.gzipped?.length ?? 0) + 1;

export class SearchResponseMemo {
  private readonly kept: LRUCache<string, Kept> | null;
  private readonly compressing = new Set<Promise<void>>();
  /** responses sent again, and searches for which none was kept for their answer */
  readonly counts = { reused: 0, built: 0 };

  /** `bytes`: the most that answers and bodies kept may take together; 0 keeps nothing */
  constructor(bytes: number) {
    this.kept = bytes > 0 ? new LRUCache<string, Kept>({ maxSize: bytes, sizeCalculation: sizeOf }) : null;
  }

  /** the body kept under this key for this very answer, if any */
  find(key: string, answer: AnswerBytes): SearchBody | null {
    const kept = this.kept?.get(key);
    const found = kept !== undefined && answer.equals(kept.answer);
    this.counts[found ? 'reused' : 'built']++;
    if (!found) return null;
    const { json, gzipped, listingIds } = kept;
    return { json: () => json ?? gunzipSync(gzipped!), gzipped: () => gzipped, listingIds };
  }

  /**
   * Keeps the body at once, with the ids of its results (`listingIds`, 4 bytes each), and its gzipped copy
   * in its place when compressed (the promise says when).
   */
  keep(key: string, answer: AnswerBytes, json: Buffer, listingIds: readonly number[] = []): Promise<void> {
    if (!this.kept) return Promise.resolve();
    const kept: Kept = { answer: answer.copy(), listingIds: Int32Array.from(listingIds), json: ownCopy(json), gzipped: null };
    this.kept.set(key, kept);
    const done = gzipped(kept.json!).then(
      (bytes) => {
        // a newer body may have taken the key meanwhile, or this one may have been dropped
        // (and a body too small to gain from gzip stays as it is)
        if (this.kept!.peek(key) === kept && bytes.length < kept.json!.length) this.kept!.set(key, { answer: kept.answer, listingIds: kept.listingIds, json: null, gzipped: bytes });
      },
      () => undefined, // without a gzipped copy the body is sent as it is
    );
    this.compressing.add(done);
    return done.finally(() => this.compressing.delete(done));
  }

  /** responses kept now, and the bytes they take with their answers */
  held(): { entries: number; bytes: number } {
    return { entries: this.kept?.size ?? 0, bytes: this.kept?.calculatedSize ?? 0 };
  }

  /** resolves once every body kept so far has its gzipped copy */
  async compressed(): Promise<void> {
    await Promise.all(this.compressing);
  }
}
