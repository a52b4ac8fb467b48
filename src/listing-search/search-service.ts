// Portal search: resolves the area and the customer's eligibility, sends one multi-search (results
// with facets, map listings, featured pool), then fetches the page's featured listings.
import type { SearchClient } from '../search/client.ts';
import type { PlaceResolver } from '../places/gazetteer.ts';
import type { Portal } from '../portals/portal-settings.ts';
import type { PartnerService, Partner } from '../listings/partner-service.ts';
import { presentListingItem, presentMapListing, LISTING_ITEM_SOURCE, type ListingItem } from '../listings/listing-presenter.ts';
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

    const pageHits = main!.hits.hits;
    const featuredIds = poolBody ? rotateFeatured(poolBody.hits.hits.map((h) => Number(h.fields!.id![0])), p.page, plan.featuredPerPage, new Set(pageHits.map((h) => Number(h._id)))) : [];
    const featuredHits = featuredIds.length ? await this.fetch(featuredIds) : [];
    const hits = [...featuredHits, ...pageHits];
    const favourites = customerId !== null ? await this.deps.customers.favouriteIds(customerId, hits.map((h) => Number(h._id))) : null;
    const items = hits.map((h) => this.present(h, favourites, partner));

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
    const schemes = new Map((await this.deps.schemes()).map((s) => [s.slug, { text: s.text, color: s.color }]));
    return body.hits.hits.map((h) => presentMapListing(h.fields ?? {}, schemes, extended));
  }

  private async fetch(ids: number[]): Promise<Hit[]> {
    const res = await this.deps.search.mget<Hit['_source']>({ index: this.deps.alias, ids: ids.map(String), _source: LISTING_ITEM_SOURCE });
    return res.docs.filter((d) => 'found' in d && d.found).map((d) => d as unknown as Hit);
  }

  private present(hit: Hit, favourites: Set<number> | null, partner: Partner | null): ListingItem {
    const source = hit._source!;
    const inPartnership = partner !== null && (source.partnerSources ?? []).includes(partner.source);
    const matching = hit.inner_hits?.properties?.hits.hits.flatMap((h) => h.fields?.['properties.bedrooms'] ?? []) ?? [];
    return presentListingItem(source.view, {
      favourite: favourites ? favourites.has(Number(hit._id)) : null,
      partner: inPartnership ? { name: partner.name, imageUrl: partner.imageUrl } : null,
      bedrooms: [...new Set(matching)].sort((a, b) => a - b),
    });
  }
}
