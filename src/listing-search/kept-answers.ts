// Engine answers kept by the requests they answer (a search's multi-search body), each with the index
// generation it was asked at and the search's scope. While the instance is quiet (search/index-changes.ts)
// and an answer is at the current generation (or was carried to it past changes that cannot touch it:
// kept-generation.ts), a search that sends the same requests takes it without asking the engine, and
// builds its own response from it: a signed-in customer whose response is not kept, say, asks the
// engine nothing that another search asked since the index last changed where it looks.
import { LRUCache } from 'lru-cache';
import type { AnswerBytes } from '../search/answer-bytes.ts';
import type { IndexChange } from '../search/index-changes.ts';
import type { SearchScope } from '../listing-index/index-footprint.ts';
import { carryForward, type KeptAtGeneration } from './kept-generation.ts';

interface Kept extends KeptAtGeneration {
  answer: AnswerBytes;
}

export class KeptAnswers {
  private readonly kept: LRUCache<string, Kept> | null;
  /** searches that took a kept answer */
  readonly counts = { unasked: 0 };

  /** `bytes`: the most that kept answers (with their requests) may take; 0 keeps nothing */
  constructor(bytes: number) {
    const sizeCalculation = (k: Kept, requests: string) => k.answer.length + requests.length * 2 + 64;
    this.kept = bytes > 0 ? new LRUCache<string, Kept>({ maxSize: bytes, sizeCalculation }) : null;
  }

  /** the answer kept for these requests if it counts as of this generation (the caller knows the instance quiet) */
  unchanged(requests: string, generation: number): AnswerBytes | null {
    const kept = this.kept?.get(requests);
    if (kept === undefined || kept.generation !== generation) return null;
    this.counts.unasked++;
    return kept.answer;
  }

  keep(requests: string, answer: AnswerBytes, generation: number, scope: SearchScope | null): void {
    this.kept?.set(requests, { answer, generation, scope });
  }

  carryForward(change: IndexChange): void {
    if (this.kept) carryForward(this.kept.values(), change);
  }
}
