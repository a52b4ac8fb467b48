// Search responses kept by request, each with the generation of the index it was made at and the
// SHA-256 of the engine's answer it was built from. Two ways to send one again, the memo stage of a
// search (search-responder.ts):
// - unasked: while the index has not changed since the response was made (its generation is the current
//   one, and the instance is quiet: search/index-changes.ts), it is sent without asking the engine; a
//   move of the generation whose writes' footprints do not touch the response's scope
//   (listing-index/index-footprint.ts) carries it to the new generation (`carryForward`);
// - confirmed: otherwise the engine is asked, and when its answer is byte for byte the one the response
//   was built from, that response is sent again (and marked with the generation the engine was asked at).
// Either way nothing else the response depends on may differ: the reuse key names the whole context
// complete() reads (search-service.ts). Parsing the answer, presenting the items and facets and
// serialising the body are skipped. A response is kept only when it follows from the answer alone (none
// that needed featured items fetched by id); it is kept gzipped and anonymous, and a signed-in customer
// gets it with their favourites filled in (search-body.ts).
import { LRUCache } from 'lru-cache';
import type { AnswerBytes } from '../search/answer-bytes.ts';
import type { IndexChange } from '../search/index-changes.ts';
import type { SearchScope } from '../listing-index/index-footprint.ts';
import type { KeptSearchBody } from './search-body.ts';
import { carryForward, type KeptAtGeneration } from './kept-generation.ts';

interface Kept extends KeptAtGeneration {
  digest: Buffer;
  body: KeptSearchBody;
}

export class SearchResponseMemo {
  private readonly kept: LRUCache<string, Kept> | null;
  /** responses sent again (`unasked`: of those, without asking the engine), and searches for which none was kept for their answer */
  readonly counts = { reused: 0, built: 0, unasked: 0, carried: 0 };

  /** `bytes`: the most that kept bodies (with their keys) may take; 0 keeps nothing */
  constructor(bytes: number) {
    const sizeCalculation = (k: Kept, key: string) => k.body.size + k.digest.length + key.length * 2 + 64;
    this.kept = bytes > 0 ? new LRUCache<string, Kept>({ maxSize: bytes, sizeCalculation }) : null;
  }

  /** whether it keeps anything (0 bytes: nothing, and no body need be made ready for it) */
  get keeps(): boolean {
    return this.kept !== null;
  }

  /** the body kept under this key if it was made at this generation (the caller knows the index unchanged since) */
  unchanged(key: string, generation: number): KeptSearchBody | null {
    const kept = this.kept?.get(key);
    if (kept === undefined || kept.generation !== generation) return null;
    this.counts.reused++;
    this.counts.unasked++;
    return kept.body;
  }

  /** the body kept under this key for this very answer, if any; `generation`: the one the engine was asked at */
  find(key: string, answer: AnswerBytes, generation = 0): KeptSearchBody | null {
    const kept = this.kept?.get(key);
    const found = kept !== undefined && answer.digest().equals(kept.digest);
    this.counts[found ? 'reused' : 'built']++;
    if (!found) return null;
    kept.generation = Math.max(kept.generation, generation);
    return kept.body;
  }

  /** Keeps the body built from this answer under the key; `generation`: the one the engine was asked at. */
  keep(key: string, answer: AnswerBytes, body: KeptSearchBody, generation = 0, scope: SearchScope | null = null): void {
    this.kept?.set(key, { digest: answer.digest(), body, generation, scope });
  }

  /**
   * The generation moved on: the responses made at the one before whose scope no footprint of the
   * change touches are as good at the new one. Nothing is carried when a footprint is not known.
   */
  carryForward(change: IndexChange): void {
    if (this.kept) this.counts.carried += carryForward(this.kept.values(), change);
  }

  /** responses kept now, and the bytes they take */
  held(): { entries: number; bytes: number } {
    return { entries: this.kept?.size ?? 0, bytes: this.kept?.calculatedSize ?? 0 };
  }
}
