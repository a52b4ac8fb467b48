// Search responses kept by request and checked against the engine's answer. Every search still asks
// the engine; when its answer is byte for byte the one a kept response was built from, and nothing else
// the response depends on has changed (the request's URL, the portal's settings, scheme texts, the
// partner: the reuse key), that response is sent again. Parsing the answer, presenting the items and
// facets and serialising the body are skipped; nothing can be stale, since a listing that changes,
// starts or stops matching changes the answer. Only responses that follow from the answer alone are
// kept: none for a signed-in customer (favourites), none that needed featured items fetched by id.
import { LRUCache } from 'lru-cache';
import type { AnswerBytes } from '../search/answer-bytes.ts';

interface Kept {
  answer: Buffer;
  body: Buffer;
}

/** a copy in memory of its own: a network chunk or small buffer may be a slice of a larger one it would keep alive */
function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

export class SearchResponseMemo {
  private readonly kept: LRUCache<string, Kept> | null;
  /** responses sent again, and searches for which none was kept for their answer */
  readonly counts = { reused: 0, built: 0 };

  /** `bytes`: the most that answers and bodies kept may take together; 0 keeps nothing */
  constructor(bytes: number) {
    this.kept = bytes > 0 ? new LRUCache<string, Kept>({ maxSize: bytes, sizeCalculation: (k) => k.answer.length + k.body.length + 1 }) : null;
  }

  /** the body kept under this key for this very answer, if any */
  find(key: string, answer: AnswerBytes): Buffer | null {
    const kept = this.kept?.get(key);
    const body = kept && answer.equals(kept.answer) ? kept.body : null;
    this.counts[body ? 'reused' : 'built']++;
    return body;
  }

  keep(key: string, answer: AnswerBytes, body: Buffer): void {
    this.kept?.set(key, { answer: answer.copy(), body: ownCopy(body) });
  }
}
