// Search responses kept by request and checked against the engine's answer. Every search still asks
// the engine; when its answer is byte for byte the one a kept response was built from, and nothing else
// the response depends on has changed (the request's URL, the portal's settings, scheme texts, the
// partner: the reuse key), that response is sent again. Parsing the answer, presenting the items and
// facets and serialising the body are skipped; nothing can be stale, since a listing that changes,
// starts or stops matching changes the answer. Only responses that follow from the answer alone are
// kept: none for a signed-in customer (favourites), none that needed featured items fetched by id.
// A kept body is also gzipped once, off the event loop, for the clients that accept it: a first page
// with its map listings is about ten times smaller so.
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';
import type { AnswerBytes } from '../search/answer-bytes.ts';

/** A search response's JSON body, with the same gzipped once the memo has compressed it. */
export interface SearchBody {
  json: Buffer;
  gzipped: Buffer | null;
}

interface Kept extends SearchBody {
  answer: Buffer;
}

const gzipped = promisify(gzip);

/** a copy in memory of its own: a network chunk or small buffer may be a slice of a larger one it would keep alive */
function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

const sizeOf = (k: Kept) => k.answer.length + k.json.length + (k.gzipped?.length ?? 0) + 1;

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
    const body = kept && answer.equals(kept.answer) ? kept : null;
    this.counts[body ? 'reused' : 'built']++;
    return body;
  }

  /** Keeps the body at once; its gzipped copy joins it when compressed (the promise says when). */
  keep(key: string, answer: AnswerBytes, json: Buffer): Promise<void> {
    if (!this.kept) return Promise.resolve();
    const kept: Kept = { answer: answer.copy(), json: ownCopy(json), gzipped: null };
    this.kept.set(key, kept);
    const done = gzipped(kept.json).then(
      (bytes) => {
        // a newer body may have taken the key meanwhile, or this one may have been dropped
        if (this.kept!.peek(key) === kept) this.kept!.set(key, { ...kept, gzipped: bytes });
      },
      () => undefined, // without a gzipped copy the body is sent as it is
    );
    this.compressing.add(done);
    return done.finally(() => this.compressing.delete(done));
  }

  /** resolves once every body kept so far has its gzipped copy */
  async compressed(): Promise<void> {
    await Promise.all(this.compressing);
  }
}
