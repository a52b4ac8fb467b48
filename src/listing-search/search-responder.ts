// A search from parameters to response body, as one list of named stages (SEARCH_STAGES), each reading
// and adding to one SearchRun. The memo is a guarded stage: while this instance knows that the index has
// not changed since a response was kept for the same context and request (search/index-changes.ts),
// that response is sent without asking the engine; otherwise the answer kept for the same engine
// requests under the same condition is taken (kept-answers.ts), else the engine is asked, and a response
// kept for that very answer is taken (search-response-memo.ts), or one is built from it with the
// presenter. The signed-in customer's favourites are filled in last (search-body.ts).
import type { Portal } from '../portals/portal-settings.ts';
import type { FavouritesRead, ListingSearchService, PreparedSearch, SearchOutcome } from './search-service.ts';
import type { SearchResponseMemo } from './search-response-memo.ts';
import { NO_WRITES_HEARD, type KeptAnswers, type WritesHeard } from './kept-answers.ts';
import type { SearchParams } from '../search-criteria/search-params.ts';
import type { AnswerBytes } from '../search/answer-bytes.ts';
import type { IndexChange, TouchedBy } from '../search/index-changes.ts';
import { touchedBy } from './kept-generation.ts';
import { presentMapListings, presentSearch } from './search-presenter.ts';
import { serialiseBody, type SerialisedBody } from './raw-json.ts';
import { BuiltSearchBody, type FillableBody, type SearchResponseBody } from './search-body.ts';
import type { ListingStats } from '../listing-stats/listing-stats-recorder.ts';

/** What tells the memo stage whether the index may have changed (search/index-changes.ts IndexChanges). */
export interface IndexGeneration extends WritesHeard {
  /** moves on whenever a change may have become searchable */
  generation(): number;
  /** whether a response kept at the current generation (reading what `touchedBy` tells) may be sent without asking the engine */
  quiet(touchedBy?: TouchedBy): boolean;
  /** calls `listener` at each move of the generation, with what the change can touch */
  onChange(listener: (change: IndexChange) => void): () => void;
}

/** An index that is never known to be unchanged: every search asks the engine. */
export const ALWAYS_ASK: IndexGeneration = { generation: () => 0, quiet: () => false, onChange: () => () => undefined, ...NO_WRITES_HEARD };

/** One search on its way through the stages. */
interface SearchRun {
  readonly p: SearchParams;
  readonly portal: Portal;
  readonly customerId: number | null;
  readonly url: URL;
  favourites?: FavouritesRead | null;
  prepared?: PreparedSearch;
  /** the memo's key: the context's reuse key and the request URL */
  key?: string;
  /** the index generation before the engine is asked */
  generation?: number;
  answer?: AnswerBytes;
  /** whether the engine was asked for the answer (not kept for the same requests) */
  answerAsked?: boolean;
  outcome?: SearchOutcome;
  /** the response, once a stage has it (kept or built): the stages that make one are then passed over */
  body?: FillableBody;
  sent?: SearchResponseBody;
}

interface Stage {
  name: (typeof SEARCH_STAGES)[number];
  /** a stage that makes the response: passed over once one is had */
  makesBody?: true;
  /** run only when this holds */
  guard?: (run: SearchRun) => boolean;
  run(run: SearchRun): void | Promise<void>;
}

/** The stages of a search, in order. */
export const SEARCH_STAGES = ['token check', 'prepare', 'memo', 'ask', 'complete', 'present', 'favourites', 'impressions'] as const;

export class SearchResponder {
  private readonly stages: readonly Stage[];
  private readonly memo: SearchResponseMemo;
  private readonly answers: KeptAnswers;

  constructor(
    private readonly searches: ListingSearchService,
    kept: { responses: SearchResponseMemo; answers: KeptAnswers },
    /** search impressions: the page's results, counted in memory (kept responses carry their ids) */
    private readonly stats?: Pick<ListingStats, 'impressions'>,
    private readonly index: IndexGeneration = ALWAYS_ASK,
  ) {
    this.memo = kept.responses;
    this.answers = kept.answers;
    this.stages = [
      // the database's check of a bearer token runs beside the search (auth/bearer.ts
      // optionalCustomerAlongside: the response waits for it); the customer's favourites are read beside too
      { name: 'token check', run: (r) => void (r.favourites = r.customerId === null ? null : this.searches.favourites(r.customerId)) },
      {
        name: 'prepare',
        run: async (r) => {
          r.prepared = await this.searches.prepare(r.p, r.portal, r.customerId);
          r.key = `${r.prepared.reuseKey}\n${r.url.href}`;
          // taken before the engine is asked: a kept answer counts as of this generation
          r.generation = this.index.generation();
        },
      },
      { name: 'memo', makesBody: true, guard: (r) => this.index.quiet(touchedBy(r.prepared!.scope)), run: (r) => void (r.body = this.memo.unchanged(r.key!, r.generation!) ?? undefined) },
      {
        name: 'ask',
        makesBody: true,
        run: async (r) => {
          const kept = this.index.quiet(touchedBy(r.prepared!.scope)) ? await this.answers.unchanged(r.prepared!.multiSearch, r.generation!, this.askAgain) : null;
          r.answer = kept ?? (await this.searches.ask(r.prepared!));
          r.answerAsked = !kept;
          r.body = this.memo.find(r.key!, r.answer, r.generation) ?? undefined;
          // an answer a kept response was built from is a good one (no engine error in it)
          if (r.body) this.keepAnswer(r);
        },
      },
      {
        name: 'complete',
        makesBody: true,
        run: async (r) => {
          r.outcome = await this.searches.complete(r.prepared!.context, r.answer!);
          if (!r.answerAsked) this.learnMap(r.prepared!.multiSearch, r.generation!, r.answer!, r.outcome);
        },
      },
      {
        name: 'present',
        makesBody: true,
        run: (r) => {
          const outcome = r.outcome!;
          const built = BuiltSearchBody.of(presentSearch(outcome, { page: r.p.page, size: r.p.size }, r.url), outcome.itemIds, outcome.resultIds, outcome.favouriteAt);
          // a signed-in customer's body is not the kept one: it is compressed for keeping only when kept
          if (outcome.fromAnswerAlone && this.memo.keeps) this.memo.keep(r.key!, r.answer!, built.kept(), r.generation, r.prepared!.scope);
          this.keepAnswer(r);
          r.body = built;
        },
      },
      {
        name: 'favourites',
        run: async (r) => {
          const body = r.body!;
          r.sent = body.for(r.favourites ? await r.favourites(() => Array.from(body.holeIds)) : null);
        },
      },
      { name: 'impressions', run: (r) => this.stats?.impressions(r.sent!.listingIds) },
    ];
    if (this.stages.map((s) => s.name).join() !== SEARCH_STAGES.join()) throw new Error('the search stages are not those of SEARCH_STAGES, in order');
    // kept responses a change cannot touch stay good at the new generation
    this.index.onChange((change) => {
      this.memo.carryForward(change);
      this.answers.carryForward(change, this.index);
    });
  }

  /** Keeps the engine's answer for the search's requests, when it was asked for it. */
  private keepAnswer(r: SearchRun): void {
    if (r.answerAsked) this.answers.keep(r.prepared!.multiSearch, r.answer!, r.generation!, r.prepared!.scope, this.deltaContext(r.generation!, r.prepared!));
  }

  /** A kept answer whose map a delta left unknown takes the fingerprint of the map the engine then gave. */
  private learnMap(requests: string, generation: number, answer: AnswerBytes, outcome: SearchOutcome): void {
    if (outcome.mapFingerprintAsked !== null) this.answers.learnMap(requests, generation, answer, outcome.mapFingerprintAsked);
  }

  /** A part of a kept answer asked again (kept-answers.ts). */
  private readonly askAgain = (multiSearch: string) => this.searches.askRequests(multiSearch);

  /** The context a delta needs, when the generation has not moved since the engine was asked (else the answer may hold writes settled since). */
  private deltaContext(generation: number, prepared: PreparedSearch): PreparedSearch['context'] | undefined {
    return this.index.generation() === generation ? prepared.context : undefined;
  }

  /** The search's map listings alone, `{data: [...]}`: the engine's answer is kept as a search's is. */
  async respondMap(p: SearchParams, portal: Portal, customerId: number | null): Promise<SerialisedBody> {
    const prepared = await this.searches.prepareMap(p, portal, customerId);
    const generation = this.index.generation();
    const kept = this.index.quiet(touchedBy(prepared.scope)) ? await this.answers.unchanged(prepared.multiSearch, generation, this.askAgain) : null;
    const answer = kept ?? (await this.searches.ask(prepared));
    const outcome = await this.searches.complete(prepared.context, answer);
    if (kept) this.learnMap(prepared.multiSearch, generation, kept, outcome);
    if (!kept) this.answers.keep(prepared.multiSearch, answer, generation, prepared.scope, this.deltaContext(generation, prepared));
    return serialiseBody(presentMapListings(outcome));
  }

  /** The UTF-8 JSON body of the search, and the same gzipped; `url` is the request's (the links are built from it). */
  async respond(p: SearchParams, portal: Portal, customerId: number | null, url: URL): Promise<SearchResponseBody> {
    const run: SearchRun = { p, portal, customerId, url };
    for (const stage of this.stages) {
      if (stage.makesBody && run.body) continue;
      if (stage.guard && !stage.guard(run)) continue;
      await stage.run(run);
    }
    return run.sent!;
  }
}
