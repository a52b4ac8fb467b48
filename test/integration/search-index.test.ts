// The listing index mapping on the real node: versioned index behind an alias, geo-distance search,
// nested property filters, and an atomic alias swap.
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { IndexManager, loadIndexDefinition, withReplicas } from '../../src/search/index-manager.ts';

const places = [
  { id: 1, name: 'Westminster flats', lat: 51.4975, lon: -0.1357, bedrooms: [1, 2] },
  { id: 2, name: 'Camden terrace', lat: 51.539, lon: -0.1426, bedrooms: [3] },
  { id: 3, name: 'Manchester lofts', lat: 53.4808, lon: -2.2426, bedrooms: [2] },
];

function doc(p: (typeof places)[number]) {
  return {
    id: p.id,
    slug: p.name.toLowerCase().replace(/ /g, '-'),
    name: p.name,
    forSale: true,
    location: { lat: p.lat, lon: p.lon },
    bedrooms: p.bedrooms,
    properties: p.bedrooms.map((bedrooms, i) => ({ id: p.id * 10 + i, bedrooms, fullMarketPrice: 200_000 + bedrooms * 50_000 })),
  };
}

describe('listing search index', function () {
  this.timeout(60_000);
  let manager: IndexManager;

  before(async () => {
    manager = new IndexManager(testApp().runtime.search, `${testApp().runtime.config.ES_INDEX_PREFIX}_mappingcheck`, loadIndexDefinition('listings'));
    await manager.destroy();
  });
  after(() => manager.destroy());

  it('creates a versioned index behind the alias, once', async () => {
    const first = await manager.ensure();
    expect(first).to.match(/_mappingcheck_\d{17}$/);
    expect(await manager.ensure()).to.equal(first);
    expect(await manager.currentIndices()).to.deep.equal([first]);
    expect(await manager.isCurrent()).to.equal(true);
  });

  it('tells an index built with an older mapping version from a current one', async () => {
    const { search } = testApp().runtime;
    const definition = loadIndexDefinition('listings');
    const older = new IndexManager(search, `${testApp().runtime.config.ES_INDEX_PREFIX}_oldmapping`, {
      settings: definition.settings,
      mappings: { ...definition.mappings, _meta: { version: 1 } },
    });
    await older.destroy();
    try {
      await older.ensure();
      const reopened = new IndexManager(search, older.alias, definition);
      expect(await reopened.isCurrent()).to.equal(false);
      expect(await reopened.ensure()).to.equal((await older.currentIndices())[0]);
    } finally {
      await older.destroy();
    }
  });

  it('creates the index with the configured replicas, and gives an existing index a changed number', async () => {
    const { search, config } = testApp().runtime;
    const replicas = async (m: IndexManager) => {
      const index = (await m.currentIndices())[0]!;
      const res = await search.indices.getSettings({ index, name: 'index.number_of_replicas' });
      return Number(res[index]!.settings!.index!.number_of_replicas);
    };
    const definition = loadIndexDefinition('listings');
    const none = new IndexManager(search, `${config.ES_INDEX_PREFIX}_replicacheck`, withReplicas(definition, 0));
    await none.destroy();
    try {
      await none.ensure();
      expect(await replicas(none)).to.equal(0);
      const one = new IndexManager(search, none.alias, withReplicas(definition, 1));
      expect(await one.ensure()).to.equal((await none.currentIndices())[0]);
      expect(await replicas(one)).to.equal(1);
      expect(one.refreshInterval).to.equal(definition.settings.refresh_interval);
    } finally {
      await none.destroy();
    }
  });

  it("gives an existing index the definition's merge policy and refresh interval", async () => {
    const { search, config } = testApp().runtime;
    const definition = loadIndexDefinition('listings');
    const older = { ...definition.settings, 'index.merge.policy.segments_per_tier': 10, refresh_interval: '1s' };
    const manager = new IndexManager(search, `${config.ES_INDEX_PREFIX}_mergecheck`, { ...definition, settings: older });
    await manager.destroy();
    try {
      const index = await manager.ensure();
      const policy = async () => (await search.indices.getSettings({ index, flat_settings: true }))[index]!.settings as Record<string, unknown>;
      expect(await policy()).to.deep.include({ 'index.merge.policy.segments_per_tier': '10', 'index.refresh_interval': '1s' });
      await new IndexManager(search, manager.alias, definition).ensure();
      expect(await policy()).to.deep.include({ 'index.merge.policy.segments_per_tier': '4', 'index.merge.policy.floor_segment': '32mb', 'index.refresh_interval': '500ms' });
    } finally {
      await manager.destroy();
    }
  });

  it('indexes documents and finds them by geo distance and nested property filters', async () => {
    const { search } = testApp().runtime;
    await search.bulk({ refresh: true, operations: places.flatMap((p) => [{ index: { _index: manager.alias, _id: String(p.id) } }, doc(p)]) });

    const near = await search.search({
      index: manager.alias,
      query: { bool: { filter: [{ geo_distance: { distance: '5mi', location: { lat: 51.5074, lon: -0.1278 } } }] } },
      sort: [{ _geo_distance: { location: { lat: 51.5074, lon: -0.1278 }, order: 'asc', unit: 'mi' } }],
    });
    expect(near.hits.hits.map((h) => h._id)).to.deep.equal(['1', '2']);

    const threeBed = await search.search({
      index: manager.alias,
      query: { nested: { path: 'properties', query: { term: { 'properties.bedrooms': 3 } } } },
    });
    expect(threeBed.hits.hits.map((h) => h._id)).to.deep.equal(['2']);
  });

  it('refuses fields the mapping does not know (strict mapping)', async () => {
    const { search } = testApp().runtime;
    let error: unknown;
    try {
      await search.index({ index: manager.alias, id: '99', document: { id: 99, unknownField: true } });
    } catch (err) {
      error = err;
    }
    expect(String(error)).to.match(/strict_dynamic_mapping_exception/);
  });

  it('swaps the alias atomically to a new index and drops the old one', async () => {
    const { search } = testApp().runtime;
    const [old] = await manager.currentIndices();
    await new Promise((r) => setTimeout(r, 5));
    const next = await manager.createPhysicalIndex();
    await search.index({ index: next, id: '3', document: doc(places[2]!), refresh: true });
    await manager.swapTo(next);
    expect(await manager.currentIndices()).to.deep.equal([next]);
    expect(await search.indices.exists({ index: old! })).to.equal(false);
    const all = await search.search({ index: manager.alias, query: { match_all: {} } });
    expect(all.hits.hits.map((h) => h._id)).to.deep.equal(['3']);
  });
});
