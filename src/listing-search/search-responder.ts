// A search from parameters to response body: asks the engine, then sends the body kept for that very
// answer (search-response-memo.ts) or builds it from the outcome with the presenter.
import type { Portal } from '../portals/portal-settings.ts';
import { serialiseBody } from '../core/raw-json.ts';
import type { ListingSearchService } from './search-service.ts';
import type { SearchBody, SearchResponseMemo } from './search-response-memo.ts';
import type { SearchParams } from './search-params.ts';
import { presentSearch } from './search-presenter.ts';
import type { ListingStats } from '../listing-stats/listing-stats-recorder.ts';

export class SearchResponder {
  constructor(
    private readonly searches: ListingSearchService,
    private readonly memo: SearchResponseMemo,
    /** search impressions: the page's results, counted in memory (kept responses carry their ids) */
    private readonly stats?: Pick<ListingStats, 'impressions'>,
  ) {}

  /** The UTF-8 JSON body of the search, and gzipped when that is at hand; `url` is the request's (the links are built from it). */
  async respond(p: SearchParams, portal: Portal, customerId: number | null, url: URL): Promise<SearchBody> {
    const prepared = await this.searches.prepare(p, portal, customerId);
    const answer = await this.searches.ask(prepared);
    const key = prepared.reuseKey === null ? null : `${prepared.reuseKey}\n${url.href}`;
    const kept = key === null ? null : this.memo.find(key, answer);
    if (kept) {
      this.stats?.impressions(kept.listingIds);
      return kept;
    }
    const outcome = await this.searches.complete(prepared, answer);
    const body = serialiseBody(presentSearch(outcome, { page: p.page, size: p.size }, url));
    const json = body.json();
    const listingIds = outcome.resultIds;
    if (key !== null && outcome.fromAnswerAlone) void this.memo.keep(key, answer, json, listingIds);
    this.stats?.impressions(listingIds);
    return { json: () => json, gzipped: () => body.gzipped(), listingIds };
  }
}
