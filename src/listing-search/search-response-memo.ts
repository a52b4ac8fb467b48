// Search responses kept by request and checked against the engine's answer. Every search still asks
// the engine; when its answer is byte for byte the one a kept response was built from (its SHA-256 is
// kept, not the answer), and nothing else the response depends on has changed (the request's URL, the
// portal's settings, scheme texts, the partner: the reuse key), that response is sent again. Parsing the
// answer, presenting the items and facets and serialising the body are skipped; nothing can be stale,
// since a listing that changes, starts or stops matching changes the answer. A response is kept only
// when it follows from the answer alone (none that needed featured items fetched by id); it is kept
// gzipped and anonymous, and a signed-in customer gets it with their favourites filled in
// (search-body.ts).
import { LRUCache } from 'lru-cache';
import type { AnswerBytes } from '../search/answer-bytes.ts';
import type { KeptSearchBody } from './search-body.ts';

interface Kept {
  digest: Buffer;
  body: KeptSearchBody;
}

export class SearchResponseMemo {
  private readonly kept: LRUCache<string, Kept> | null;
  /** responses sent again, and searches for which none was kept for their answer */
  readonly counts = { reused: 0, built: 0 };

  /** `bytes`: the most that kept bodies (with their keys) may take; 0 keeps nothing */
  constructor(bytes: number) {
    const sizeCalculation = (k: Kept, key: string) => k.body.size + k.digest.length + key.length * 2 + 64;
    this.kept = bytes > 0 ? new LRUCache<string, Kept>({ maxSize: bytes, sizeCalculation }) : null;
  }

  /** the body kept under this key for this very answer, if any */
  find(key: string, answer: AnswerBytes): KeptSearchBody | null {
    const kept = this.kept?.get(key);
    const found = kept !== undefined && answer.digest().equals(kept.digest);
    this.counts[found ? 'reused' : 'built']++;
    return found ? kept.body : null;
  }

  /** Keeps the body built from this answer under the key. */
  keep(key: string, answer: AnswerBytes, body: KeptSearchBody): void {
    this.kept?.set(key, { digest: answer.digest(), body });
  }

  /** responses kept now, and the bytes they take */
  held(): { entries: number; bytes: number } {
    return { entries: this.kept?.size ?? 0, bytes: this.kept?.calculatedSize ?? 0 };
  }
}
