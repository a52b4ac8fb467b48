// The search's answers against a plain reference, so that no change to the engine requests changes an
// answer: a generated market round Aberdeen (a place no other test uses) pushed through the sync
// interface and indexed by the worker, then a few hundred generated searches (places and radii,
// rectangles, drawn areas, price, bedroom and other selections, schemes, availability, reductions,
// sorts, pages, sizes, featured listings) through the HTTP API. Each answer's total, page (featured
// listings and results, in order), map listings and facet counts must equal those the reference works out
// listing by listing over the listings' index documents (test/support/search-reference.ts).
// SEARCH_REFERENCE_SEED picks other listings and searches; SEARCH_REFERENCE_SEARCHES how many.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, eventually } from '../support/factories.ts';
import { testApp } from '../support/test-app.ts';
import {
  generatedSearch,
  pushGeneratedMarket,
  referenceAnswer,
  REFERENCE_SOURCE_FIELDS,
  seeded,
  type Query,
  type ReferenceContext,
  type ReferenceListing,
  type Where,
} from '../support/search-reference.ts';
import { expand, distanceMiles } from '../../src/places/geo.ts';
import { reductionCutoff } from '../../src/listings/price-reductions.ts';
import { PortalService } from '../../src/portals/portal-settings.ts';

const SEARCH = '/api/rest/portal/search';
const SEED = Number(process.env.SEARCH_REFERENCE_SEED ?? 20261125);
const SEARCHES = Number(process.env.SEARCH_REFERENCE_SEARCHES ?? 300);
const LISTINGS = 72;
const ABERDEEN = { lat: 57.1497, lng: -2.0943 };
const PLACE_NAMES = ['Aberdeen', 'AB10', 'AB11', 'AB15', 'AB16', 'AB24', 'AB25', 'Cults', 'Dyce', 'Westhill', 'Bucksburn', 'Bridge of Don'];

interface SearchBody {
  data: { id: number }[];
  pagination: { total: number };
  mapListings?: { id: number }[];
  facets?: { param: string; options: { value: string | number; count: number }[] }[];
  clearLocation?: boolean;
}

describe('search answers against a plain reference', function () {
  this.timeout(300_000);
  const r = seeded(SEED);
  let ids: number[] = [];
  let listings: ReferenceListing[] = [];
  const places: string[] = [];
  let ctx: ReferenceContext;

  before(async () => {
    const { search, listingIndex, prisma, gazetteer } = testApp().runtime;
    const account = await createAccount({ tier: 'premium' });
    ids = await pushGeneratedMarket(account, r, ABERDEEN, LISTINGS, `ref${SEED}`);
    await eventually(async () => {
      if ((await prisma.listingOutbox.count()) > 0) throw new Error('outbox not drained yet');
    }, 60_000);
    await search.indices.refresh({ index: listingIndex.alias });
    // the listings as indexed: one plain request for their documents
    const answer = await search.search<ReferenceListing>({ index: listingIndex.alias, size: ids.length, query: { ids: { values: ids.map(String) } }, _source: REFERENCE_SOURCE_FIELDS });
    listings = answer.hits.hits.map((h) => h._source!);
    expect(listings.length, 'every generated listing indexed').to.equal(ids.length);
    // the market holds what the searches select on
    expect(listings.filter((l) => l.priceReducedOn !== null).length, 'reduced listings').to.be.greaterThan(3);
    expect(listings.filter((l) => l.displayAs === 'featured').length, 'featured listings').to.be.greaterThan(3);
    expect(listings.filter((l) => !l.published || l.publishAt !== null || !l.allPortals).length, 'listings not shown').to.be.greaterThan(0);
    for (const name of PLACE_NAMES) {
      const place = await gazetteer.resolve(name);
      if (place && distanceMiles(place.center, ABERDEEN) < 15) places.push(name);
    }
    expect(places.length, 'places round Aberdeen resolved').to.be.greaterThan(4);
    const portal = (await new PortalService(prisma).find(1))!;
    expect(portal.settings.facets && portal.settings.mapListings, 'the default portal shows facets and the map').to.equal(true);
    ctx = { now: new Date(), portalId: 1, reductionCutoff: reductionCutoff(), featuredPerPage: portal.settings.featuredPerPage };
  });

  async function whereOf(q: Query, drawn: ReturnType<typeof generatedSearch>['drawn']): Promise<Where> {
    if (drawn) return { polygon: drawn };
    if (q.location !== undefined) {
      const place = (await testApp().runtime.gazetteer.resolve(String(q.location)))!;
      return { rect: expand(place.rect, Number(q.radius)), centre: place.center };
    }
    return { rect: { north: Number(q.north), south: Number(q.south), east: Number(q.east), west: Number(q.west) }, centre: { lat: Number(q.lat), lng: Number(q.lng) } };
  }

  it('gives the reference total, page, map listings and facet counts for every generated search', async () => {
    const points = listings.map((l) => ({ lat: l.location.lat, lng: l.location.lon }));
    const known = new Set(ids);
    const disagreements: string[] = [];
    let nonEmpty = 0;
    let withFacets = 0;
    let nearTies = 0;
    for (let n = 0; n < SEARCHES; n++) {
      const { q, drawn } = generatedSearch(r, places, ABERDEEN, points);
      const where = await whereOf(q, drawn);
      // the reference's clock: a search at the turn of a minute is asked again
      const minute = Math.floor(Date.now() / 60_000);
      let res = await api.get<SearchBody>(SEARCH, { query: q });
      if (Math.floor(Date.now() / 60_000) !== minute) res = await api.get<SearchBody>(SEARCH, { query: q });
      const pairs = Object.entries(q).flatMap(([k, v]): [string, string][] => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, String(v)]]));
      const label = `search ${n}: ${new URLSearchParams(pairs).toString()}`;
      expect(res.status, label).to.equal(200);
      const body = res.body;
      const expected = referenceAnswer(listings, q, where, { ...ctx, now: new Date() });
      const actualIds = body.data.map((i) => i.id);
      const strangers = actualIds.filter((id) => !known.has(id));
      if (strangers.length) throw new Error(`${label}: listings of another test in the searched area: ${strangers.join(', ')}`);
      const wrong: string[] = [];
      if (body.pagination.total !== expected.total) wrong.push(`total ${body.pagination.total}, expected ${expected.total}`);
      if (expected.nearTie) nearTies++;
      else if (JSON.stringify(actualIds) !== JSON.stringify(expected.itemIds)) wrong.push(`items [${actualIds.join(',')}], expected [${expected.itemIds.join(',')}]`);
      if (body.mapListings) {
        const mapIds = body.mapListings.map((m) => m.id).sort((a, b) => a - b);
        if (JSON.stringify(mapIds) !== JSON.stringify(expected.mapIds)) wrong.push(`map [${mapIds.join(',')}], expected [${expected.mapIds.join(',')}]`);
      }
      if (body.facets) {
        withFacets++;
        for (const facet of body.facets) {
          const counts = expected.facets.get(facet.param);
          if (!counts) {
            wrong.push(`facet ${facet.param} not in the reference`);
            continue;
          }
          const shown = new Map(facet.options.map((o) => [String(o.value), o.count]));
          for (const [value, count] of shown) if (count !== (counts.get(value) ?? 0)) wrong.push(`facet ${facet.param} ${value}: ${count}, expected ${counts.get(value) ?? 0}`);
          for (const [value, count] of counts) if (count > 0 && !shown.has(value)) wrong.push(`facet ${facet.param} lacks ${value} (expected ${count})`);
        }
      } else if (Number(q.page ?? 1) === 1) wrong.push('no facets on the first page');
      if (expected.total > 0) nonEmpty++;
      if (wrong.length) disagreements.push(`${label}\n    ${wrong.join('\n    ')}`);
    }
    expect(disagreements, `${disagreements.length} of ${SEARCHES} searches disagree:\n${disagreements.slice(0, 10).join('\n')}`).to.deep.equal([]);
    // the searches must mean something: most find listings, the first pages carry facets
    expect(nonEmpty, 'searches that found listings').to.be.greaterThan(SEARCHES / 3);
    expect(withFacets, 'searches with facets').to.be.greaterThan(SEARCHES / 3);
    expect(nearTies, 'searches whose order could not be told').to.be.lessThan(SEARCHES / 20);
  });
});
