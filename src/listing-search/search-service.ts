// Portal search: resolves the area and the customer's eligibility, sends one multi-search (results
// with facets, map listings, featured pool), then fetches the page's featured listings.
import type { SearchClient } from '../search/client.ts';
import type { PlaceResolver } from '../places/gazetteer.ts';
import type { Portal } from '../portals/portal-settings.ts';
import type { PartnerService, Partner } from '../listings/partner-service.ts';
import { presentListingItem, presentMapListing, type ListingItem } from '../listings/listing-presenter.ts';
import { ITEM_ONLY, readItem, readItems, type StoredItem } from '../listings/listing-item-field.ts';
import type { MapListingCache } from './map-listing-cache.ts';
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import { mergeEligibility, type LocalAuthorityRegions } from '../eligibility/eligibility-values.ts';
import type { CustomerContext } from './customer-context.ts';
import type { SearchParams } from './search-params.ts';
import { resolveArea, type SearchArea } from './location.ts';
import { buildFilters } from './search-filters.ts';
import { planSearch, rotateFeatured } from './search-request.ts';
import { readFacets, type FacetResult, type OptionCatalogue } from './facet-aggregations.ts';
import { sortOptionsFor } from './search-sort.ts';
import { totalOf, type Hit, type SearchBody } from './search-engine-types.ts';

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
  mapListings: Record<string, unknown>[] | null;
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
      this.eligibilityFor(p, customerId, now.toISOString().slice(0, 10)),
      p.source ? partners.bySource(p.source) : Promise.resolve(null),
    ]);
    const filters = buildFilters(p, { rect: area.rectBounds, portalId: portal.id, now, eligibility, allowedExtraFilters: portal.settings.extraFilters });
    const plan = planSearch(p, filters, area, portal.settings, partner?.source ?? null);
    const requests = [plan.main, plan.facets, plan.map, plan.featuredPool].filter((r): r is Record<string, unknown> => r !== null);
    const { responses } = await search.msearch({ index: alias, searches: requests.flatMap((body) => [{}, body]) });
    for (const r of responses) if ('error' in r) throw new Error(`search failed: ${JSON.stringify(r.error)}`);
    const [main, ...rest] = responses as unknown as SearchBody[];
    const facetBody = plan.facets ? rest.shift()! : null;
    const mapBody = plan.map ? rest.shift()! : null;
    const poolBody = plan.featuredPool ? rest.shift()! : null;

    const page = main!.hits.hits.map(matched).filter((m): m is Matched => m !== null);
    const featuredIds = poolBody ? rotateFeatured(poolBody.hits.hits.map((h) => Number(h.fields!.id![0])), p.page, plan.featuredPerPage, new Set(page.map((m) => m.item.id))) : [];
    const featured = featuredIds.length ? (await this.fetch(featuredIds)).map((item) => ({ item, bedrooms: [] })) : [];
    const all = [...featured, ...page];
    const favourites = customerId !== null ? await this.deps.customers.favouriteIds(customerId, all.map((m) => m.item.id)) : null;
    const items = all.map((m) => this.present(m, favourites, partner));

    return {
      items,
      total: totalOf(main!),
      area,
      full: plan.full,
      facets: facetBody?.aggregations ? readFacets(p, facetBody.aggregations, await this.deps.catalogue(p.occupancy_type === 'for-sale')) : null,
      mapListings: mapBody ? await this.mapListings(mapBody, portal.settings.mapPayload === 'extended') : null,
      sortOptions: sortOptionsFor(p),
    };
  }

  private async mapListings(body: SearchBody, extended: boolean) {
    const [schemeList, fields] = await Promise.all([this.deps.schemes(), this.deps.mapListings.fieldsFor(body.hits.hits)]);
    const schemes = new Map(schemeList.map((s) => [s.slug, { text: s.text, color: s.color }]));
    return fields.map((f) => presentMapListing(f, schemes, extended));
  }

  private async fetch(ids: number[]): Promise<StoredItem[]> {
    const res = await this.deps.search.mget({ index: this.deps.alias, ids: ids.map(String), ...ITEM_ONLY });
    return readItems(res.docs as { fields?: Record<string, unknown> }[]);
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
