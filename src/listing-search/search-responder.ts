// A search from parameters to response body: asks the engine, then takes the body kept for that very
// answer (search-response-memo.ts) or builds it from the outcome with the presenter, and fills in the
// signed-in customer's favourites (search-body.ts).
import type { Portal } from '../portals/portal-settings.ts';
import type { FavouritesRead, ListingSearchService } from './search-service.ts';
import type { SearchResponseMemo } from './search-response-memo.ts';
import type { SearchParams } from '../search-criteria/search-params.ts';
import { presentSearch } from './search-presenter.ts';
import { BuiltSearchBody, type FillableBody, type SearchResponseBody } from './search-body.ts';
import type { ListingStats } from '../listing-stats/listing-stats-recorder.ts';

export class SearchResponder {
  constructor(
    private readonly searches: ListingSearchService,
    private readonly memo: SearchResponseMemo,
    /** search impressions: the page's results, counted in memory (kept responses carry their ids) */
    private readonly stats?: Pick<ListingStats, 'impressions'>,
  ) {}

  /** The UTF-8 JSON body of the search, and the same gzipped; `url` is the request's (the links are built from it). */
  async respond(p: SearchParams, portal: Portal, customerId: number | null, url: URL): Promise<SearchResponseBody> {
    const favourites = customerId === null ? null : this.searches.favourites(customerId);
    const prepared = await this.searches.prepare(p, portal, customerId);
    const answer = await this.searches.ask(prepared);
    const key = `${prepared.reuseKey}\n${url.href}`;
    const kept = this.memo.find(key, answer);
    if (kept) return this.sent(kept, favourites);
    const outcome = await this.searches.complete(prepared, answer);
    const built = BuiltSearchBody.of(presentSearch(outcome, { page: p.page, size: p.size }, url), outcome.itemIds, outcome.resultIds, outcome.favouriteAt);
    if (outcome.fromAnswerAlone) this.memo.keep(key, answer, built.kept());
    return this.sent(built, favourites);
  }

  private async sent(body: FillableBody, favourites: FavouritesRead | null): Promise<SearchResponseBody> {
    const sent = body.for(favourites === null ? null : await favourites(() => Array.from(body.holeIds)));
    this.stats?.impressions(sent.listingIds);
    return sent;
  }
}
