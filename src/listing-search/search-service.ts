// Portal search: resolves the area and the customer's eligibility, sends one multi-search (results,
// counts, featured pool and likely featured items), then takes the map listings from the map listing
// cache (which asks the engine only for what it has not seen) and fetches any featured item the
// multi-search did not bring.
import type { SearchClient } from '../search/client.ts';
import type { PlaceResolver } from '../places/gazetteer.ts';
import type { Portal } from '../portals/portal-settings.ts';
import type { PartnerService, Partner } from '../listings/partner-service.ts';
import { presentListingItem, type ListingItem } from '../listings/listing-presenter.ts';
import type { RawJsonArray } from '../core/raw-json.ts';
import { ITEM_ONLY, readItem, readItems, type StoredItem } from '../listings/listing-item-field.ts';
import type { MapListingCache, MapPayload } from './map-listing-cache.ts';
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import { mergeEligibility, type LocalAuthorityRegions } from '../eligibility/eligibility-values.ts';
import type { CustomerContext } from './customer-context.ts';
import type { SearchParams } from './search-params.ts';
import { resolveArea, type SearchArea } from './location.ts';
import { buildFilters } from './search-filters.ts';
import { planSearch, rotateFeatured, RESPONSE_PARTS } from './search-request.ts';
import { readMapFingerprint } from './map-fingerprint.ts';
import { londonToday } from '../core/london-time.ts';
import { readFacets, type FacetResult, type OptionCatalogue } from './facet-aggregations.ts';
import { sortOptionsFor } from './search-sort.ts';
import { hitsOf, totalOf, type Hit, type SearchBody } from './search-engine-types.ts';

interface Matched {
  item: StoredItem;
  /** bedroom counts of the properties that matched the filters (none: all of them) */
  bedrooms: number[];
}

export interface SearchOutcome {
  items: ListingItem[];
  total: number;
  area: SearchArea;
  full: boolean;
  facets: FacetResult[] | null;
  /** map listings as JSON text (see core/raw-json.ts) */
  mapListings: RawJsonArray | null;
  sortOptions: { value: string; text: string }[];
}

export interface SearchDeps {
  search: SearchClient;
  alias: string;
  gazetteer: PlaceResolver;
  partners: PartnerService;
  regions: LocalAuthorityRegions;
  customers: CustomerContext;
  catalogue: (forSale: boolean) => Promise<OptionCatalogue>;
  schemes: () => Promise<{ slug: string; text: string; color: string }[]>;
  mapListings: MapListingCache;
}

export class ListingSearchService {
  constructor(private readonly deps: SearchDeps) {}

  async eligibilityFor(p: SearchParams, customerId: number | null, today: string): Promise<CustomerValues | null> {
    if (!p.eligible_only) return null;
    const profile = customerId !== null ? await this.deps.customers.eligibilityValues(customerId, today) : null;
    return mergeEligibility(this.deps.regions, p, profile);
  }

  async run(p: SearchParams, portal: Portal, customerId: number | null, now = new Date()): Promise<SearchOutcome> {
    const { search, alias, partners } = this.deps;
    const [area, eligibility, partner] = await Promise.all([
      resolveArea(p, this.deps.gazetteer),
      this.eligibilityFor(p, customerId, londonToday(now)),
      p.source ? partners.bySource(p.source) : Promise.resolve(null),
    ]);
    const filters = buildFilters(p, { rect: area.rectBounds, portalId: portal.id, now, eligibility, allowedExtraFilters: portal.settings.extraFilters });
    const plan = planSearch(p, filters, area, portal.settings, partner?.source ?? null);
    const requests = [plan.main, plan.counts, plan.featuredPool, plan.featuredItems].filter((r): r is Record<string, unknown> => r !== null);
    const { responses } = await search.msearch({ index: alias, searches: requests.flatMap((body) => [{}, body]), filter_path: RESPONSE_PARTS });
    for (const r of responses) if ('error' in r) throw new Error(`search failed: ${JSON.stringify(r.error)}`);
    const [main, ...rest] = responses as unknown as SearchBody[];
    const countsBody = plan.counts ? rest.shift()! : null;
    const poolBody = plan.featuredPool ? rest.shift()! : null;
    const windowBody = plan.featuredItems ? rest.shift()! : null;

    const page = hitsOf(main!).map(matched).filter((m): m is Matched => m !== null);
    const featuredIds = poolBody ? rotateFeatured(hitsOf(poolBody).map((h) => Number(h.fields!.id![0])), p.page, plan.featuredPerPage, new Set(page.map((m) => m.item.id))) : [];
    const [featured, mapListings] = await Promise.all([
      this.featured(featuredIds, windowBody),
      plan.map ? this.mapListings(plan.map, readMapFingerprint(countsBody?.aggregations), portal.settings.mapPayload) : null,
    ]);
    const all = [...featured.map((item) => ({ item, bedrooms: [] })), ...page];
    const favourites = customerId !== null ? await this.deps.customers.favouriteIds(customerId, all.map((m) => m.item.id)) : null;
    const items = all.map((m) => this.present(m, favourites, partner));

    return {
      items,
      total: totalOf(main!),
      area,
      full: plan.full,
      facets: portal.settings.facets && countsBody?.aggregations ? readFacets(p, countsBody.aggregations, await this.deps.catalogue(p.occupancy_type === 'for-sale')) : null,
      mapListings,
      sortOptions: sortOptionsFor(p),
    };
  }

  private async mapListings(request: Record<string, unknown>, fingerprint: string | null, payload: MapPayload): Promise<RawJsonArray> {
    return this.deps.mapListings.arrayFor(request, fingerprint, payload, await this.deps.schemes());
  }

  /** The featured items in rotation order: from the multi-search's window, the rest by id. */
  private async featured(ids: number[], window: SearchBody | null): Promise<StoredItem[]> {
    if (ids.length === 0) return [];
    const wanted = new Set(ids);
    const known = new Map(readItems(hitsOf(window).filter((h) => wanted.has(Number(h._id)))).map((item) => [item.id, item]));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) {
      const res = await this.deps.search.mget({ index: this.deps.alias, ids: missing.map(String), ...ITEM_ONLY });
      for (const item of readItems(res.docs as { fields?: Record<string, unknown> }[])) known.set(item.id, item);
    }
    return ids.flatMap((id) => known.get(id) ?? []);
  }

  private present({ item, bedrooms }: Matched, favourites: Set<number> | null, partner: Partner | null): ListingItem {
    const inPartnership = partner !== null && item.partnerSources.includes(partner.source);
    return presentListingItem(item.view, {
      favourite: favourites ? favourites.has(item.id) : null,
      partner: inPartnership ? { name: partner.name, imageUrl: partner.imageUrl } : null,
      bedrooms,
    });
  }
}

function matched(hit: Hit): Matched | null {
  const item = readItem(hit);
  const bedrooms = hit.inner_hits?.properties?.hits.hits.flatMap((h) => h.fields?.['properties.bedrooms'] ?? []) ?? [];
  return item && { item, bedrooms: [...new Set(bedrooms)].sort((a, b) => a - b) };
}
