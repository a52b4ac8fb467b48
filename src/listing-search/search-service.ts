// Portal search in three steps, so that a caller may stop after the second (search-responder.ts):
// prepare resolves the area, the customer's eligibility and the partner and plans the engine requests;
// ask sends them as one multi-search (results, counts, featured pool and likely featured items) and
// returns the answer unparsed; complete reads it, takes the map listings from the map listing cache
// (which asks the engine only for what it has not seen) and fetches any featured item the multi-search
// did not bring.
import { LRUCache } from 'lru-cache';
import type { SearchClient } from '../search/client.ts';
import type { AnswerBytes } from '../search/answer-bytes.ts';
import type { PlaceData, PlaceResolver } from '../places/gazetteer.ts';
import type { Portal } from '../portals/portal-settings.ts';
import type { PartnerService, Partner } from '../listings/partner-service.ts';
import type { RawJsonArray } from './raw-json.ts';
import { HEADLINE_FIELD, HEADLINE_REDUCED_ON_FIELD, presentedItemText, type PresentedItem, type SearchItemText, type PresentedItemContext } from '../listing-index/document/presented-item.ts';
import { readPresentedItems } from '../listing-index/hit-readers.ts';
import { presentedItemsMget } from '../listing-index/by-ids-requests.ts';
import type { SearchScope } from '../listing-index/index-footprint.ts';
import type { MapListingCache, SchemeText } from './map-listing-cache.ts';
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import { mergeEligibility, type LocalAuthorityRegions } from '../eligibility/eligibility-values.ts';
import type { CustomerContext, Searcher } from './customer-context.ts';
import type { SearchParams } from '../search-criteria/search-params.ts';
import { resolveArea, type SearchArea } from '../search-criteria/search-area.ts';
import { buildFilters } from '../listing-index/search-filters.ts';
import { multiSearchBody, planSearch, RESPONSE_PARTS, type SearchPlan } from '../listing-index/search-request.ts';
import { rotateFeatured } from './featured-rotation.ts';
import { contentKey, ShortIds } from '../core/content-key.ts';
import { readMapFingerprint } from '../listing-index/map-fingerprint.ts';
import { londonToday } from '../core/london-time.ts';
import { aggregationsOfMatches } from '../listing-index/facet-counts.ts';
import { readFacets, type OptionCatalogue } from './search-facets.ts';
import type { FacetPayload } from './search-payload.ts';
import { sortOptionsFor } from '../listing-index/search-sort.ts';
import { hitsOf, totalOf, type Hit, type SearchBody } from '../search/search-engine-types.ts';
import { ValidationError } from '../core/errors.ts';
import { NOBODY, searchPerson, wantsProfile, type SearchPerson } from '../search-criteria/search-person.ts';
import { anyPersonal, personalFields, type EligibilityOf, type Personal } from './personal-fields.ts';
import { valuesKnown } from '../eligibility/item-eligibility.ts';
import { parseSearchParams } from '../search-criteria/search-params.ts';
import type { PostcodePointResolver } from '../places/postcode-point.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import { availabilityRank } from '../listings/headline.ts';
import { openBedroomCounts } from '../listings/open-bedrooms.ts';

interface Matched {
  item: PresentedItem;
  /** bedroom counts of the properties that matched the filters (none: all of them) */
  bedrooms: number[];
  /** the headline among the properties that matched (null: the listing's own) */
  headline: PresentedItemContext['headline'];
  /** ids of the properties that matched the filters (none: all of them) */
  propertyIds: number[];
}

/** Up to this many favourites, a signed-in search reads all of the customer's beside its engine request. */
const FAVOURITES_READ_WHOLE = 500;

/** A customer's favourites being read: resolves to those among the page's listings (given once known) at least. */
export type FavouritesRead = (listingIds: () => number[]) => Promise<ReadonlySet<number>>;

export interface SearchOutcome {
  /** the page's items as JSON, each with `"favourite":null` (a signed-in customer's are filled in later, search-body.ts) */
  items: string[];
  /** where each item's `favourite` value stands in its JSON */
  favouriteAt: number[];
  /** the items' listing ids, in order */
  itemIds: number[];
  /** ids of the page's results, in order, featured listings left out (the items after them) */
  resultIds: number[];
  total: number;
  area: SearchArea;
  full: boolean;
  facets: FacetPayload[] | null;
  /** map listings as JSON text (see raw-json.ts) */
  mapListings: RawJsonArray | null;
  sortOptions: { value: string; text: string }[];
  /** the searcher's home and work points (the envelope's `home` and `work`) */
  person: SearchPerson;
  /**
   * the fingerprint of the map the engine gave when the answer carried none (a kept answer whose map a
   * delta changed: listing-search/kept-answers.ts learns it), else null
   */
  mapFingerprintAsked: string | null;
  /**
   * true when the outcome follows from the multi-search's answer and the prepared search alone (the map
   * array is named by the fingerprint in that answer), false when featured items were fetched as well
   */
  fromAnswerAlone: boolean;
}

/**
 * Everything complete() reads besides the engine's answer, in one object: a kept response's reuse key is
 * derived from this object itself (`reuseKeyOf`), so whatever a response may show of its searcher (points,
 * household, eligibility values) is in the key by construction. complete() is given nothing else. The
 * signed-in customer's favourites are not in it: they are written into the kept anonymous body later.
 */
export interface CompletionContext {
  p: SearchParams;
  portal: Portal;
  area: SearchArea;
  partner: Partner | null;
  /** home, work and household, from the query or the signed-in profile */
  person: SearchPerson;
  /** the lending assumptions the index's costs were worked out with */
  lending: LendingAssumptions;
  /** the searcher's eligibility values, from the query or the signed-in profile (null when none is known), for the items' `eligibility` */
  eligibility: EligibilityOf;
  /**
   * what reading the answer needs of the plan: which requests the multi-search holds, and the map
   * request (the others are kept only in `multiSearch`, so that kept plans stay small)
   */
  plan: Pick<SearchPlan, 'map' | 'featuredPerPage' | 'full'> & { counts: boolean; featuredPool: boolean; featuredItems: boolean };
  /** scheme texts and colours (facets, map listings) */
  schemes: SchemeText[];
  /** the London day: whether a price reduction still shows */
  today: string;
  /** the generation of the place data the area was resolved with: nothing kept of older places is used */
  places: number;
}

export interface PreparedSearch {
  context: Readonly<CompletionContext>;
  /** the plan's requests as the body of one multi-search (newline-delimited JSON) */
  multiSearch: string;
  /** a short name for the context (reuseKeyOf): a kept response is sent only for the same context and request URL */
  reuseKey: string;
  /** what of the index the answer reads (listing-index/index-footprint.ts); null: any change may touch it */
  scope: SearchScope | null;
}

export interface SearchDeps {
  search: SearchClient;
  alias: string;
  /** places, and the points of home and work postcodes; its generation moves on when the place data changes */
  gazetteer: PlaceResolver & PostcodePointResolver & PlaceData;
  partners: PartnerService;
  regions: LocalAuthorityRegions;
  customers: CustomerContext;
  catalogue: (schemes: SchemeText[], forSale: boolean) => OptionCatalogue;
  schemes: () => Promise<SchemeText[]>;
  mapListings: MapListingCache;
  /** the lending assumptions the index is built with (the default portal's) */
  lending: () => Promise<LendingAssumptions>;
}

export class ListingSearchService {
  /** plans of the most recent searches by parameters' object (a plan's multi-search is about 6 KB) */
  private readonly planned = new LRUCache<SearchParams, { today: string; places: number; portalId: number; settingsKey: string; schemesKey: string; personKey: string; prepared: PreparedSearch }>({ max: 1000 });
  private readonly contextIds = new ShortIds();
  /** the map request's parameters by the search's (the parser keeps parameters' objects by query string, the plan cache by object) */
  private readonly mapOnly = new WeakMap<SearchParams, SearchParams>();

  constructor(private readonly deps: SearchDeps) {}

  async eligibilityFor(p: SearchParams, customerId: number | null, today: string): Promise<CustomerValues | null> {
    if (!p.eligible_only) return null;
    const profile = customerId !== null ? await this.deps.customers.eligibilityValues(customerId, today) : null;
    return mergeEligibility(this.deps.regions, p, profile);
  }

  /** eligibilityFor for many saved queries at once, their customers' profiles read together. */
  async eligibilityForEach(wanted: readonly { p: SearchParams; customerId: number }[], today: string): Promise<(CustomerValues | null)[]> {
    const ids = [...new Set(wanted.filter((w) => w.p.eligible_only).map((w) => w.customerId))];
    const profiles = ids.length ? await this.deps.customers.eligibilityValuesOf(ids, today) : new Map<number, CustomerValues>();
    return Promise.all(wanted.map((w) => (w.p.eligible_only ? mergeEligibility(this.deps.regions, w.p, profiles.get(w.customerId) ?? null) : null)));
  }

  /**
   * What alert matching needs of each saved query that asks for `affordable_only` or
   * `max_distance_from_work` (null for the others): home, work and household from the query, else its
   * customer's profile as it is now. A query that cannot be judged (no income, no work postcode, a
   * postcode no longer known) gives NOBODY, with which such a search matches nothing.
   */
  async personForEach(wanted: readonly { p: SearchParams; customerId: number }[]): Promise<(SearchPerson | null)[]> {
    const needs = (p: SearchParams) => p.affordable_only || p.max_distance_from_work !== null;
    return Promise.all(
      wanted.map(async (w) => {
        if (!needs(w.p)) return null;
        return this.personFor(w.p, w.customerId).catch((err: unknown) => {
          if (err instanceof ValidationError) return NOBODY;
          throw err;
        });
      }),
    );
  }

  /**
   * A signed-in customer's home, work and household from their profile, for the listing items and
   * property details outside search; null when none is known (or for nobody signed in).
   */
  async personalOf(customerId: number | null): Promise<Personal | null> {
    if (customerId === null) return null;
    const today = londonToday();
    const searcher = this.deps.customers.searcher(customerId, today);
    const [person, lending, values] = await Promise.all([this.personFor(PROFILE_ONLY, customerId, searcher), this.deps.lending(), searcher.then((s) => s.values)]);
    const eligibility = { values: valuesKnown(values) ? values : null, today };
    return anyPersonal(person, eligibility) ? { person, lending, eligibility } : null;
  }

  /** The lending assumptions the index's monthly costs and thresholds were worked out with. */
  lending(): Promise<LendingAssumptions> {
    return this.deps.lending();
  }

  /** Everything before the engine is asked: the area, the customer's eligibility, the partner and the plan. */
  async prepare(p: SearchParams, portal: Portal, customerId: number | null, now = new Date()): Promise<PreparedSearch> {
    const today = londonToday(now);
    // the signed-in customer's profile, read once for their points, household and eligibility values
    const searcher = customerId !== null ? this.deps.customers.searcher(customerId, today) : null;
    const [schemes, person, lending, values, places] = await Promise.all([this.deps.schemes(), this.personFor(p, customerId, searcher), this.deps.lending(), this.valuesOf(p, searcher), this.deps.gazetteer.generation()]);
    const eligibility: EligibilityOf = { values: valuesKnown(values) ? values : null, today };
    // Without a partner, and without a customer's profile (eligible_only signed in), the same parameters
    // give the same plan on the same portal settings and scheme texts on the same day (no request holds
    // the time: the live rule is a stored field): the plan is kept with the parameters' object, which the
    // parameter parser keeps by query string, and with the place data's generation (the place resolved anew
    // once the national postcode file is in).
    const reusable = !(p.eligible_only && customerId !== null) && !p.source;
    const kept = reusable ? this.planned.get(p) : undefined;
    const settingsKey = contentKey(portal.settings);
    const schemesKey = contentKey(schemes);
    const personKey = person === NOBODY && !eligibility.values ? '' : JSON.stringify([person, lending, eligibility.values]);
    if (kept && kept.today === today && kept.places === places && kept.portalId === portal.id && kept.settingsKey === settingsKey && kept.schemesKey === schemesKey && kept.personKey === personKey) return kept.prepared;

    const [area, partner] = await Promise.all([resolveArea(p, this.deps.gazetteer), p.source ? this.deps.partners.bySource(p.source) : Promise.resolve(null)]);
    const filters = buildFilters(p, { rect: area.rectBounds, within: area.within, portalId: portal.id, now, eligibility: p.eligible_only ? values : null, allowedExtraFilters: portal.settings.extraFilters, person, lending });
    const plan = planSearch(p, filters, area, portal.settings, partner?.source ?? null, person);
    const multiSearch = multiSearchBody(plan);
    const shape = { map: plan.map, featuredPerPage: plan.featuredPerPage, full: plan.full, counts: plan.counts !== null, featuredPool: plan.featuredPool !== null, featuredItems: plan.featuredItems !== null };
    const context: CompletionContext = Object.freeze({ p, portal, area, partner, person, lending, eligibility, plan: shape, schemes, today, places });
    const prepared = { context, multiSearch, reuseKey: this.contextIds.idOf(reuseKeyOf(context)), scope: plan.scope };
    if (reusable) this.planned.set(p, { today, places, portalId: portal.id, settingsKey, schemesKey, personKey, prepared });
    return prepared;
  }

  /**
   * The search's map listings alone (GET .../search/map-listings): the same listings as the search, asked
   * for with no page, no featured listings and no facets; served whatever the portal's mapListings setting.
   */
  prepareMap(p: SearchParams, portal: Portal, customerId: number | null): Promise<PreparedSearch> {
    let mapP = this.mapOnly.get(p);
    if (!mapP) this.mapOnly.set(p, (mapP = { ...p, page: 1, size: 0, max_featured: 0, without_map: false }));
    return this.prepare(mapP, { ...portal, settings: { ...portal.settings, mapListings: true, facets: false } }, customerId);
  }

  /** The searcher's eligibility values: the query's, else the signed-in customer's profile's, field by field. */
  private async valuesOf(p: SearchParams, searcher: Promise<Searcher> | null): Promise<CustomerValues> {
    return mergeEligibility(this.deps.regions, p, searcher ? (await searcher).values : null);
  }

  /** Home, work and household from the query, else the signed-in customer's profile; 422 for what cannot be used. */
  async personFor(p: SearchParams, customerId: number | null, searcher: Promise<Searcher> | null = null): Promise<SearchPerson> {
    const wanted = customerId !== null && wantsProfile(p);
    const profile = !wanted ? null : searcher ? (await searcher).profile : await this.deps.customers.searchProfile(customerId);
    return searchPerson(p, profile, this.deps.gazetteer);
  }

  /**
   * The customer's favourites, read beside the engine request: all of them when they are not too many
   * (a page's listings are not known yet), else those among the page's listings once they are.
   */
  favourites(customerId: number): FavouritesRead {
    const all = this.deps.customers.favouriteIdsUpTo(customerId, FAVOURITES_READ_WHOLE);
    all.catch(() => undefined); // awaited when the page is known
    return async (listingIds) => (await all) ?? this.deps.customers.favouriteIds(customerId, listingIds());
  }

  /** The engine's answer to the search's multi-search, as bytes. */
  async ask({ multiSearch }: PreparedSearch): Promise<AnswerBytes> {
    return this.askRequests(multiSearch);
  }

  /** The engine's answer to some of a search's requests (a multi-search body), as bytes. */
  askRequests(multiSearch: string): Promise<AnswerBytes> {
    return this.deps.search.msearchBytes(this.deps.alias, multiSearch, RESPONSE_PARTS);
  }

  /** The outcome of a search from the engine's answer: featured items not in it and the map listings are fetched here. */
  async complete(context: Readonly<CompletionContext>, answer: AnswerBytes): Promise<SearchOutcome> {
    const { p, portal, plan, partner, person, lending, eligibility, schemes, today } = context;
    const { responses } = JSON.parse(answer.text()) as { responses: (SearchBody & { error?: unknown })[] };
    for (const r of responses) if (r.error) throw new Error(`search failed: ${JSON.stringify(r.error)}`);
    const [main, ...rest] = responses;
    const countsBody = plan.counts ? rest.shift()! : null;
    const poolBody = plan.featuredPool ? rest.shift()! : null;
    const windowBody = plan.featuredItems ? rest.shift()! : null;

    const total = totalOf(main!);
    const pageItems = await this.itemsOf(hitsOf(main!));
    const page = hitsOf(main!)
      .map((hit) => matched(hit, pageItems.items))
      .filter((m): m is Matched => m !== null);
    // a page beyond the last holds nothing, featured listings included, so that paging clients stop there
    const beyondLast = p.page > Math.max(1, Math.ceil(total / p.size));
    const fingerprint = readMapFingerprint(aggregationsOfMatches(countsBody?.aggregations));
    let mapFingerprintAsked: string | null = null;
    const featuredIds = poolBody && !beyondLast ? rotateFeatured(hitsOf(poolBody).map((h) => Number(h.fields!.id![0])), p.page, plan.featuredPerPage, new Set(page.map((m) => m.item.id))) : [];
    const [featured, mapListings] = await Promise.all([
      this.featured(featuredIds, windowBody),
      plan.map ? this.deps.mapListings.arrayFor(plan.map, fingerprint, portal.settings.mapPayload, schemes, (own) => void (mapFingerprintAsked = fingerprint === null ? own : null)) : null,
    ]);
    const all = [...featured.items.map((item) => ({ item, bedrooms: [], headline: null, propertyIds: [] })), ...page];
    // the day, not the clock: whether a reduction still shows is decided by the day in the context
    const now = middayOf(today);

    const texts = all.map((m) => this.present(m, partner, now, person, lending, p.max_monthly_cost, eligibility));
    return {
      items: texts.map((t) => t.json),
      favouriteAt: texts.map((t) => t.favouriteAt),
      itemIds: all.map((m) => m.item.id),
      resultIds: page.map((m) => m.item.id),
      total,
      area: context.area,
      full: plan.full,
      facets: portal.settings.facets && countsBody?.aggregations ? readFacets(p, countsBody.aggregations, this.deps.catalogue(schemes, p.occupancy_type === 'for-sale')) : null,
      mapListings,
      sortOptions: sortOptionsFor(p, person),
      person,
      mapFingerprintAsked,
      fromAnswerAlone: !featured.fetched && !pageItems.fetched,
    };
  }

  /** The featured items in rotation order: from the multi-search's window, the rest by id. */
  private async featured(ids: number[], window: SearchBody | null): Promise<{ items: PresentedItem[]; fetched: boolean }> {
    if (ids.length === 0) return { items: [], fetched: false };
    const wanted = new Set(ids);
    const inWindow = await this.itemsOf(hitsOf(window).filter((h) => wanted.has(Number(h._id))));
    const known = inWindow.items;
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) {
      const res = await this.deps.search.mget({ index: this.deps.alias, ...presentedItemsMget(missing) });
      const docs = (res.docs as (Hit & { found?: boolean })[]).filter((d) => d.found !== false);
      for (const [id, item] of (await this.itemsOf(docs)).items) known.set(id, item);
    }
    return { items: ids.flatMap((id) => known.get(id) ?? []), fetched: missing.length > 0 || inWindow.fetched };
  }

  /** The presented items of these hits by listing id (those of an index of an older mapping fetched: `fetched`). */
  private itemsOf(hits: Hit[]): Promise<{ items: Map<number, PresentedItem>; fetched: boolean }> {
    return readPresentedItems(hits, (body) => this.deps.search.mget({ index: this.deps.alias, ...body }));
  }

  private present(
    { item, bedrooms, headline, propertyIds }: Matched,
    partner: Partner | null,
    now: Date,
    person: SearchPerson,
    lending: LendingAssumptions,
    budget: number | null,
    eligibility: EligibilityOf,
  ): SearchItemText {
    const inPartnership = partner !== null && item.partnerSources.includes(partner.source);
    const personal = anyPersonal(person, eligibility) ? personalFields(item.facts ?? null, propertyIds, person, lending, budget, eligibility) : null;
    return presentedItemText(item.pieces, { partner: inPartnership ? { name: partner.name, imageUrl: partner.imageUrl } : null, bedrooms, headline, personal }, now);
  }
}

/**
 * The lowest monthly cost in the pool of the matching properties (listings/listing-affordability.ts),
 * from their inner hits' ranks and costs: the item's monthlyCostFrom beside the headline among them.
 */
function poolCostFrom(inner: readonly { fields?: { 'properties.availabilityRank'?: number[]; 'properties.monthlyCost'?: number[] } }[]): number | null {
  let rank = Infinity;
  let cost: number | null = null;
  for (const h of inner) {
    const r = h.fields?.['properties.availabilityRank']?.[0] ?? Infinity;
    const c = h.fields?.['properties.monthlyCost']?.[0];
    if (r < rank) [rank, cost] = [r, c ?? null];
    else if (r === rank && c !== undefined && (cost === null || c < cost)) cost = c;
  }
  return cost;
}

/**
 * The reuse key of a context: every member of the object, by content (an object replaced rather than
 * changed in place, such as the parameters, settings and scheme lists, is serialised once: contentKey).
 * A member added to CompletionContext is in the key without more ado.
 */
export function reuseKeyOf(context: Readonly<CompletionContext>): string {
  const entries = Object.entries(context).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries.map(([name, value]) => [name, value !== null && typeof value === 'object' ? contentKey(value as object) : value]));
}

/** Noon UTC of a London day: a time on that day whatever the season. */
function middayOf(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** A search asking nothing of its own: the profile's values alone. */
const PROFILE_ONLY = parseSearchParams({}) as SearchParams;

const CLOSED_RANK = availabilityRank('closed');

function matched(hit: Hit, items: ReadonlyMap<number, PresentedItem>): Matched | null {
  const item = items.get(Number(hit._id)) ?? null;
  const inner = hit.inner_hits?.properties?.hits.hits ?? [];
  // the counts of the matching homes still to be had (a sold or let one's only when every match is)
  const bedrooms = openBedroomCounts(
    inner.flatMap((h) => (h.fields?.['properties.bedrooms'] ?? []).map((n) => ({ bedrooms: n, closed: h.fields?.['properties.availabilityRank']?.[0] === CLOSED_RANK }))),
  );
  const propertyIds = inner.flatMap((h) => h.fields?.['properties.id'] ?? []);
  const fields = hit.inner_hits?.headline?.hits.hits[0]?.fields;
  const slot = fields?.[HEADLINE_FIELD]?.[0];
  const headline = slot === undefined ? null : { slot, reducedOn: fields?.[HEADLINE_REDUCED_ON_FIELD]?.[0] ?? null, monthlyCostFrom: poolCostFrom(inner) };
  return item && { item, bedrooms, headline, propertyIds };
}
