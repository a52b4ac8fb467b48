// Engine answers kept by the requests they answer (a search's multi-search body), each with the index
// generation it was asked at and the search's scope. While the instance is quiet (search/index-changes.ts)
// and an answer is at the current generation (or was carried to it past changes that cannot touch it:
// kept-generation.ts), a search that sends the same requests takes it without asking the engine, and
// builds its own response from it: a signed-in customer whose response is not kept, say, asks the
// engine nothing that another search asked since the index last changed where it looks.
// A change that does touch an answer's scope updates it instead of discarding it when the delta is
// provably exact (answer-delta.ts, and `deltaAllowed` below): its counts by the written listings'
// contributions before and after; its page (or its featured pool) is then asked of the engine alone,
// when the next search takes it.
import { LRUCache } from 'lru-cache';
import { AnswerBytes } from '../search/answer-bytes.ts';
import type { IndexChange, SettledWrite } from '../search/index-changes.ts';
import { touches, readFootprint, type SearchScope } from '../listing-index/index-footprint.ts';
import { decodeChanges, type DocumentChange } from '../listing-index/delta-documents.ts';
import { carryForward, type KeptAtGeneration } from './kept-generation.ts';
import { answerAfter, deltaCovers, type StaleParts } from './answer-delta.ts';
import type { CompletionContext } from './search-service.ts';

interface Kept extends KeptAtGeneration {
  answer: AnswerBytes;
  /**
   * what a delta needs: the search's context, when its answer had arrived (Date.now()), and the version
   * of each listing whose change it was brought up to date with, and that change's document
   */
  delta?: { context: Readonly<CompletionContext>; arrivedAt: number; applied: Map<number, { version: number | null; doc: string }> };
  /** the listings' changes it was found to follow and that are not applied yet: applied when it is next taken */
  pending?: DocumentChange[];
  /** parts to ask the engine for again before the answer is used */
  stale?: StaleParts;
}

/** What the instance knows of the writes it hears of (search/index-changes.ts IndexChanges). */
export interface WritesHeard {
  /** when every announcement committed before `at` had been heard (Infinity: not known yet) */
  heardEverythingOf(at: number): number;
  /** the writes announced and not settled */
  unsettledWrites(): Partial<SettledWrite>[];
}

/** Writes heard of nothing: no delta is ever proven. */
export const NO_WRITES_HEARD: WritesHeard = { heardEverythingOf: () => Infinity, unsettledWrites: () => [{}] };

/** Asks the engine a multi-search of some of a search's requests. */
export type AskAgain = (multiSearch: string) => Promise<AnswerBytes>;

export class KeptAnswers {
  private readonly kept: LRUCache<string, Kept> | null;
  /**
   * searches that took a kept answer; answers a change touched that were brought up to date by a delta
   * of at least one listing, counted when applied as the answer is next taken (`deltas`), or discarded
   * (`discarded`); parts asked again of the engine for an answer so updated (`partsAsked`); map
   * fingerprints learnt for answers whose own a delta left unknown (`mapsLearned`)
   */
  readonly counts = { unasked: 0, deltas: 0, discarded: 0, partsAsked: 0, mapsLearned: 0 };

  /** `bytes`: the most that kept answers (with their requests) may take; 0 keeps nothing */
  constructor(bytes: number) {
    const sizeCalculation = (k: Kept, requests: string) => k.answer.length + requests.length * 2 + 64;
    this.kept = bytes > 0 ? new LRUCache<string, Kept>({ maxSize: bytes, sizeCalculation }) : null;
  }

  /**
   * The answer kept for these requests if it counts as of this generation (the caller knows the instance
   * quiet); a part a delta left stale is asked of the engine first (`askAgain`; without it, none is given).
   */
  async unchanged(requests: string, generation: number, askAgain?: AskAgain): Promise<AnswerBytes | null> {
    const kept = this.kept?.get(requests);
    if (kept === undefined || kept.generation !== generation) return null;
    if (kept.pending && !this.applyPending(requests, kept)) return null;
    if (kept.stale) {
      if (!askAgain || !kept.delta) return null;
      const { context } = kept.delta;
      const stale = kept.stale;
      const again = staleRequests(requests, context.plan, stale);
      const fresh = again.at.length ? (JSON.parse((await askAgain(again.body)).text()) as { responses?: Answer['responses'] }) : { responses: [] };
      // a change came meanwhile: the engine is asked as usual
      if (kept.generation !== generation || kept.stale !== stale) return null;
      const spliced = splice(kept.answer.text(), again.at, fresh.responses);
      if (spliced === null) return null;
      kept.answer = AnswerBytes.of(Buffer.from(spliced));
      delete kept.stale;
      this.counts.partsAsked++;
    }
    this.counts.unasked++;
    return kept.answer;
  }

  /**
   * The fingerprint of the map the engine gave for an answer whose own a delta left unknown (answer-delta.ts):
   * written into the answer, so that the map array kept under it is used again instead of asking for the
   * map each time. The map then shows the index as of that request, as a search's map request does.
   */
  learnMap(requests: string, generation: number, answer: AnswerBytes, fingerprint: string): void {
    const kept = this.kept?.get(requests);
    if (kept === undefined || kept.generation !== generation || kept.answer !== answer || kept.pending) return;
    const known = withMapFingerprint(answer.text(), fingerprint);
    if (known === null) return;
    kept.answer = AnswerBytes.of(Buffer.from(known));
    this.counts.mapsLearned++;
  }

  /** `context`: the search's, when its answer may be brought up to date by a delta (arrived now). */
  keep(requests: string, answer: AnswerBytes, generation: number, scope: SearchScope | null, context?: Readonly<CompletionContext>): void {
    const delta = context && deltaCovers(context.p) ? { context, arrivedAt: Date.now(), applied: new Map() } : undefined;
    this.kept?.set(requests, { answer, generation, scope, ...(delta ? { delta } : {}) });
  }

  carryForward(change: IndexChange, heard: WritesHeard = NO_WRITES_HEARD): void {
    if (!this.kept) return;
    let writes: { heardAt: number; changes: DocumentChange[] }[] | null | undefined;
    let open: OpenWrite[] | null | undefined;
    carryForward(this.kept.values(), change, (kept) => {
      writes ??= writesOf(change.writes);
      open ??= openWritesOf(heard.unsettledWrites());
      const updated = !!writes && this.delta(kept, writes, open, heard);
      if (!updated) this.counts.discarded++;
      return updated;
    });
  }

  /**
   * Brings the answer up to date with the change's writes when that is provably exact; false (the answer
   * is then discarded) otherwise. The answer's state before each listing's change must be known exactly:
   * - a write of a version the index held already, or an older one, was refused: it changes nothing;
   * - a listing the answer was brought up to date with before is at the version it was brought to: a
   *   change from that version applies, the same change again (another writer's, refused) is nothing;
   * - else the write must have been first heard after every announcement made before the answer arrived
   *   had been heard: it was not searchable when the engine answered, so the answer holds the document
   *   it replaced;
   * - and no write still open touching the answer's scope may be of unknown documents, or replace the
   *   listing by a version up to the one this change starts from (it landed first: the order would be wrong).
   */
  private delta(kept: Kept, writes: { heardAt: number; changes: DocumentChange[] }[], open: OpenWrite[], heard: WritesHeard): boolean {
    if (!kept.delta || kept.scope === null) return false;
    const { applied } = kept.delta;
    const cut = heard.heardEverythingOf(kept.delta.arrivedAt);
    const scope = kept.scope;
    const toApply: DocumentChange[] = [];
    const landed = new Map(applied);
    for (const write of writes) {
      for (const c of write.changes) {
        if (refused(c)) continue;
        const known = landed.get(c.id);
        const doc = JSON.stringify(c.after);
        if (known) {
          if (known.version === c.afterVersion && known.doc === doc) continue;
          if (known.version !== c.beforeVersion) return false;
        } else if (!(write.heardAt > cut)) return false;
        for (const o of open) {
          if (o.footprint === undefined) return false;
          if (!touches(scope, readFootprint(o.footprint))) continue;
          if (o.changes === null) return false;
          for (const oc of o.changes) {
            if (oc.id !== c.id || refused(oc)) continue;
            const duplicate = oc.beforeVersion === c.beforeVersion && oc.afterVersion === c.afterVersion && JSON.stringify(oc.after) === doc;
            const later = oc.afterVersion !== null && c.afterVersion !== null && oc.afterVersion > c.afterVersion;
            if (!duplicate && !later) return false;
          }
        }
        toApply.push(c);
        landed.set(c.id, { version: c.afterVersion, doc });
      }
    }
    // (only refused writes, or the same change again: nothing to do)
    if (toApply.length === 0) return true;
    // applied when the answer is next taken: a write may touch many kept answers, most never asked again
    kept.pending = [...(kept.pending ?? []), ...toApply];
    kept.delta.applied = landed;
    return true;
  }

  /** Applies the changes the answer follows; false (and the answer dropped) when a delta cannot be proven exact. */
  private applyPending(requests: string, kept: Kept): boolean {
    const after = kept.delta && kept.pending ? answerAfter(kept.delta.context, kept.answer.text(), kept.pending) : null;
    delete kept.pending;
    if (!after) {
      this.kept?.delete(requests);
      this.counts.discarded++;
      return false;
    }
    this.counts.deltas++;
    kept.answer = AnswerBytes.of(Buffer.from(after.text));
    const stale = { page: after.stale.page || !!kept.stale?.page, featured: after.stale.featured || !!kept.stale?.featured };
    if (stale.page || stale.featured) kept.stale = stale;
    return true;
  }
}

interface OpenWrite {
  footprint?: string;
  /** null: announced without its documents */
  changes: DocumentChange[] | null;
}

/** A write of a version the index held already (or of an older one) is refused by the engine's external versions. */
const refused = (c: DocumentChange) => c.afterVersion !== null && c.beforeVersion !== null && c.beforeVersion >= c.afterVersion;

/** The documents of every write of the change, in order; null when one is not known. */
function writesOf(settled: IndexChange['writes']): { heardAt: number; changes: DocumentChange[] }[] | null {
  if (!settled) return null;
  const out: { heardAt: number; changes: DocumentChange[] }[] = [];
  for (const write of settled) {
    const changes = write.documents === undefined ? null : decodeChanges(write.documents);
    if (!changes) return null;
    out.push({ heardAt: write.heardAt, changes });
  }
  return out;
}

function openWritesOf(unsettled: Partial<SettledWrite>[]): OpenWrite[] {
  return unsettled.map((w) => ({ ...(w.footprint !== undefined ? { footprint: w.footprint } : {}), changes: w.documents === undefined ? null : decodeChanges(w.documents) }));
}

interface Answer {
  responses?: { hits?: { total?: unknown; hits?: unknown[] }; error?: unknown }[];
}

/** The multi-search of the stale parts alone, and where each answer goes in the kept answer. */
function staleRequests(requests: string, plan: CompletionContext['plan'], stale: StaleParts): { body: string; at: number[] } {
  const lines = requests.split('\n');
  const at: number[] = [];
  const featuredAt = plan.counts ? 2 : 1;
  if (stale.page) at.push(0);
  if (stale.featured) {
    if (plan.featuredPool) at.push(featuredAt);
    if (plan.featuredItems) at.push(featuredAt + Number(plan.featuredPool));
  }
  return { body: at.map((i) => `${lines[2 * i]}\n${lines[2 * i + 1]}\n`).join(''), at };
}

/** The kept answer with the fresh parts put in their places; the page's total stays the kept one (brought up to date by the deltas). */
function splice(kept: string, at: number[], fresh: Answer['responses']): string | null {
  if (!fresh || fresh.length !== at.length || fresh.some((r) => r.error)) return null;
  const answer = JSON.parse(kept) as Answer;
  for (const [i, index] of at.entries()) {
    const part = fresh[i]!;
    if (index === 0) {
      const main = answer.responses![0]!;
      main.hits = { ...part.hits, total: main.hits?.total };
    } else answer.responses![index] = part;
  }
  return JSON.stringify(answer);
}

/** The answer with the map fingerprint `count:sum` in its counts (listing-index/map-fingerprint.ts); null when it has no unknown one. */
function withMapFingerprint(text: string, fingerprint: string): string | null {
  const [count, sum] = fingerprint.split(':').map(Number);
  if (!Number.isFinite(count) || !Number.isFinite(sum)) return null;
  const answer = JSON.parse(text) as { responses?: { aggregations?: Record<string, unknown> }[] };
  for (const part of answer.responses ?? []) {
    const aggs = part.aggregations;
    const matches = (aggs?._matches as Record<string, unknown> | undefined) ?? aggs;
    const c = matches?._mapCount as { value: number | null } | undefined;
    const s = matches?._mapSum as { value: number | null } | undefined;
    if (c && s && c.value === null && s.value === null) {
      c.value = count!;
      s.value = sum!;
      return JSON.stringify(answer);
    }
  }
  return null;
}
