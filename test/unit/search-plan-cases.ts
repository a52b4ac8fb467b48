// Searches whose engine requests test/unit/listing-index-search-plans.test.ts compares with the bodies
// in fixtures/search-plans/: each case's parameters and the context the service would give.
import { parseSearchParams } from '../../src/search-criteria/search-params.ts';
import { buildFilters } from '../../src/listing-index/search-filters.ts';
import { planSearch, type SearchPlan } from '../../src/listing-index/search-request.ts';
import { DEFAULT_LENDING } from '../../src/affordability/lending.ts';
import type { PortalSettings } from '../../src/portals/portal-settings.ts';
import type { SearchPerson } from '../../src/search-criteria/search-person.ts';
import type { SearchArea } from '../../src/search-criteria/search-area.ts';

const NOW = new Date('2026-11-26T12:00:30Z');
const LONDON = { north: 51.6, south: 51.4, east: 0.1, west: -0.3 };
const SETTINGS: PortalSettings = {
  featuredPerPage: 2,
  facets: true,
  mapListings: true,
  mapPayload: 'basic',
  fullEnvelopeOnLaterPages: false,
  extraFilters: ['pets_allowed'],
  usesPasswords: true,
  lending: DEFAULT_LENDING,
};
const WORKER: SearchPerson = {
  home: null,
  work: { postcode: 'LS1 4AP', latitude: 53.7965, longitude: -1.5478, precision: 'postcode' },
  household: { income: 42_000, deposit: 15_000 },
};

interface PlanCase {
  name: string;
  query: Record<string, unknown>;
  person?: SearchPerson;
  partnerSource?: string;
}

export const PLAN_CASES: PlanCase[] = [
  // the first page of homes to rent anywhere: the page, counts and map, the featured pool and items
  { name: 'to-rent-first-page', query: { occupancy_type: 'to-rent' } },
  // a later page, filtered on both levels, price-sorted with a partner first, with keywords and an allowed extra filter
  {
    name: 'for-sale-filtered-price-sort',
    query: { bedrooms: '2', max_full_value: '300000', schemes: 'shared-ownership', sort_by: 'price-low-high', page: '2', keywords: 'garden -auction', pets_allowed: '1' },
    partnerSource: 'partner-a',
  },
  // within reach of work, affordable to the household, nearest work first, in a drawn area
  {
    name: 'near-work-affordable-in-area',
    query: { area: '53.70,-1.70;53.90,-1.70;53.90,-1.40;53.70,-1.40', max_distance_from_work: '10', affordable_only: '1', sort_by: 'nearest-work', epc_bands: ['A', 'B'] },
    person: WORKER,
  },
];

export function planOf(c: PlanCase, within: SearchArea['within'] = null): SearchPlan {
  const p = parseSearchParams(c.query);
  const person = c.person;
  const f = buildFilters(p, { rect: LONDON, within, portalId: 1, now: NOW, eligibility: null, allowedExtraFilters: SETTINGS.extraFilters, person, lending: SETTINGS.lending });
  return planSearch(p, f, { center: { lat: 51.5, lng: -0.1 }, rectBounds: LONDON, clearLocation: true, within }, SETTINGS, c.partnerSource ?? null, person);
}
