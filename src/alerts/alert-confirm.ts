// Which of the candidate saved searches a listing really matches, judged by the engine with the search's
// own filters (search-filters.ts): one request per 100 distinct queries, on the listing's document alone,
// each query named so that the hit says which matched. A saved search matches when running it
// would return the listing, `eligible_only` judged with its customer's profile.
import type { SearchClient } from '../search/client.ts';
import type { PlaceResolver } from '../places/gazetteer.ts';
import type { PortalService } from '../portals/portal-settings.ts';
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import type { SearchParams } from '../listing-search/search-params.ts';
import { resolveArea } from '../listing-search/location.ts';
import { buildFilters, listingQuery } from '../listing-search/search-filters.ts';
import { LRUCache } from 'lru-cache';
import { savedParams } from '../saved-searches/saved-search-schemas.ts';

export interface Candidate {
  id: number;
  customerId: number;
  portalId: number;
  query: unknown;
}

export interface ConfirmDeps {
  search: SearchClient;
  alias: string;
  gazetteer: PlaceResolver;
  portals: PortalService;
  /** the customer's eligibility values for an `eligible_only` query (null otherwise) */
  eligibility: (p: SearchParams, customerId: number, now: Date) => Promise<CustomerValues | null>;
}

const CHUNK = 100;

// Reading a saved query is the search's whole validation (about half a millisecond): an event finds
// hundreds of candidates, and the same saved searches come back event after event.
const parsedQueries = new LRUCache<string, Readonly<SearchParams>>({ max: 50_000 });
function paramsOf(query: unknown): Readonly<SearchParams> {
  const key = JSON.stringify(query);
  let p = parsedQueries.get(key);
  if (!p) {
    p = savedParams(query);
    parsedQueries.set(key, p);
  }
  return p;
}

export async function confirmMatches(deps: ConfirmDeps, listingId: number, candidates: Candidate[], now: Date): Promise<Candidate[]> {
  // saved searches with the same query on the same portal are judged once (many people save "Leeds,
  // 5 miles"); an eligible_only query depends on its customer's profile as well
  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const params = paramsOf(c.query);
    const key = `${c.portalId}\n${params.eligible_only ? c.customerId : ''}\n${JSON.stringify(c.query)}`;
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const named = await Promise.all([...groups.values()].map(async (group, i) => ({ name: String(i), group, query: await queryOf(deps, group[0]!, now) })));
  const usable = named.filter((n): n is { name: string; group: Candidate[]; query: object } => n.query !== null);
  const matched = new Set<string>();
  for (let i = 0; i < usable.length; i += CHUNK) {
    const chunk = usable.slice(i, i + CHUNK);
    const answer = await deps.search.search({
      index: deps.alias,
      size: 1,
      _source: false,
      query: {
        bool: {
          filter: [{ ids: { values: [String(listingId)] } }],
          should: chunk.map(({ name, query }) => ({ bool: { filter: [query], _name: name } })),
          minimum_should_match: 1,
        },
      },
    });
    for (const hit of answer.hits.hits) for (const name of (hit.matched_queries as string[] | undefined) ?? []) matched.add(name);
  }
  return usable.filter((n) => matched.has(n.name)).flatMap((n) => n.group);
}

async function queryOf(deps: ConfirmDeps, c: Candidate, now: Date): Promise<object | null> {
  const portal = await deps.portals.find(c.portalId);
  if (!portal) return null;
  const p = paramsOf(c.query) as SearchParams;
  const [area, eligibility] = await Promise.all([resolveArea(p, deps.gazetteer), deps.eligibility(p, c.customerId, now)]);
  const filters = buildFilters(p, { rect: area.rectBounds, portalId: portal.id, now, eligibility, allowedExtraFilters: portal.settings.extraFilters });
  return listingQuery(filters);
}
