// The engine's judgement of the saved searches the in-process predicates could not decide (alert-judge.ts):
// each query built by the search's own filters (search-filters.ts) from the same parameters and rectangle,
// one request per 100 distinct queries, on the listing's document alone, each query named so that the hit
// says which matched.
import type { SearchClient } from '../search/client.ts';
import type { Portal } from '../portals/portal-settings.ts';
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import type { SearchParams } from '../search-criteria/search-params.ts';
import type { Rect } from '../places/geo.ts';
import type { SearchArea } from '../search-criteria/search-area.ts';
import { buildFilters, listingQuery } from '../listing-index/search-filters.ts';
import { namedQueriesOnListingRequest } from '../listing-index/alert-requests.ts';
import { matchedQueryNames } from '../listing-index/hit-readers.ts';
import type { Candidate } from './alert-candidates.ts';
import type { SearchPerson } from '../search-criteria/search-person.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';

export interface EngineCase {
  candidate: Candidate;
  params: SearchParams;
  rect: Rect;
  within?: SearchArea['within'];
  /** the same for the same saved filters */
  key: string;
  portal: Portal;
  eligibility: CustomerValues | null;
  /** home, work and household of an affordable_only or max_distance_from_work query, with the lending assumptions */
  person?: SearchPerson | null;
  lending?: LendingAssumptions;
}

const CHUNK = 100;

export async function confirmWithEngine(deps: { search: SearchClient; alias: string }, listingId: number, cases: EngineCase[], now: Date): Promise<Candidate[]> {
  // saved searches with the same filters on the same portal are judged once; an eligible_only query
  // depends on its customer's profile as well
  const groups = new Map<string, EngineCase[]>();
  for (const c of cases) {
    const key = `${c.portal.id}\n${c.eligibility || c.person ? c.candidate.customerId : ''}\n${c.key}`;
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const named = [...groups.values()].map((group, i) => {
    const { params, rect, within, portal, eligibility, person, lending } = group[0]!;
    const filters = buildFilters(params, { rect, within, portalId: portal.id, now, eligibility, allowedExtraFilters: portal.settings.extraFilters, ...(lending ? { lending } : {}), ...(person ? { person } : {}) });
    return { name: String(i), group, query: listingQuery(filters) };
  });
  const matched = new Set<string>();
  for (let i = 0; i < named.length; i += CHUNK) {
    const chunk = named.slice(i, i + CHUNK);
    const answer = await deps.search.search({ index: deps.alias, ...namedQueriesOnListingRequest(listingId, chunk) });
    for (const name of matchedQueryNames(answer.hits.hits)) matched.add(name);
  }
  return named.filter((n) => matched.has(n.name)).flatMap((n) => n.group.map((c) => c.candidate));
}
