// The search engine killed under a running application: engine-backed reads answer 503 with Retry-After
// at once, everything else keeps answering, sync writes are stored and said not to be searchable yet,
// and once the engine is back the reindex worker brings the index level with the database.
// The shared node is never touched: the test starts a node of its own and an application over it.
import { expect } from 'chai';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.ts';
import { openRuntime, type Runtime } from '../../src/runtime.ts';
import { buildApp } from '../../src/app.ts';
import { fullReindex } from '../../src/indexing/full-reindex.ts';
import { diffIndex } from '../../src/indexing/index-diff.ts';
import { indexTargets } from '../../src/indexing/index-targets.ts';
import { LOOKUP_LISTS } from '../../src/lookups/lookup-lists.ts';
import { SEARCH_INDEX_HEADER } from '../../src/sync-api/visibility-header.ts';
import { buildOpenApiDocument } from '../../src/api-document/document.ts';
import { engineUnavailable } from '../../src/core/openapi/schema-helpers.ts';
import { findTemplate } from '../support/openapi-validator.ts';
import { request, type ApiResponse, type RequestOptions } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { P, bearer, passwordCustomer, type SignedIn } from '../support/customers.ts';
import { PASSING } from '../support/applications.ts';
import { testApp } from '../support/test-app.ts';
import { ScratchEngineNode } from '../support/engine-node.ts';
import { engineUrls } from '../../src/search/engine-urls.ts';

const UNAVAILABLE = 'Search is temporarily unavailable; please retry shortly';

interface OutageApp {
  baseUrl: string;
  runtime: Runtime;
  server: Server;
}

/** A second application over the test database and the given node, as test/support/test-app.ts builds the first. */
async function startApp(env: Record<string, string>): Promise<OutageApp> {
  const runtime = openRuntime(loadConfig({ ...process.env, PORT: '0', APP_ENV: 'test', REINDEX_POLL_MS: '50', ...env }));
  const server = buildApp(runtime).app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, runtime, server };
}

interface Call {
  method: string;
  path: string;
  options?: RequestOptions;
}

describe('engine outage', function () {
  this.timeout(180_000);
  let node: ScratchEngineNode;
  let app: OutageApp;
  let account: TestAccount;
  let customer: SignedIn;
  const listings: { id: number; slug: string; ref: string; dev: string; prop: string }[] = [];
  let applicationId: number;

  const on = (options: RequestOptions = {}): RequestOptions => ({ ...options, baseUrl: app.baseUrl });
  const call = (c: Call) => request(c.method, c.path, on(c.options));

  async function push(suffix: string, overrides: Record<string, unknown> = {}) {
    const dev = `outage-dev-${suffix}`;
    const prop = `outage-prop-${suffix}`;
    const ref = `outage-listing-${suffix}`;
    expect((await request('PUT', `/api/rest/inventory/developments/${dev}`, on({ ...withKey(account), body: developmentPayload() }))).status).to.equal(201);
    expect((await request('PUT', `/api/rest/inventory/properties/${prop}`, on({ ...withKey(account), body: propertyPayload(dev) }))).status).to.equal(201);
    const res = await request('PUT', `/api/rest/listings/${ref}`, on({ ...withKey(account, { refresh: 'wait_for' }), body: listingPayload(dev, [prop], { name: `Outage ${suffix}`, ...overrides }) }));
    expect(res.status, res.text).to.equal(201);
    expect(res.headers.get(SEARCH_INDEX_HEADER)).to.equal(null);
    listings.push({ id: res.body.id, slug: res.body.slug, ref, dev, prop });
  }

  before(async function () {
    const main = testApp().runtime;
    node = await ScratchEngineNode.create(engineUrls(main.config.ELASTICSEARCH_URL)[0]!);
    await node.start();
    // The outbox is the database's: the first application's worker would take this one's changes into
    // the shared node. It hands over with nothing pending, and the after hook catches its index up.
    await main.worker.stop();
    await main.worker.drainAll();
    app = await startApp({ ELASTICSEARCH_URL: node.url, ES_REPLICAS: '0', ES_INDEX_PREFIX: `${main.config.ES_INDEX_PREFIX}-outage` });
    await app.runtime.listingIndex.ensure();
    await fullReindex(app.runtime);
    app.runtime.worker.start();

    account = await createAccount({ tier: 'premium' });
    await push('a', { displayAs: 'featured' });
    await push('b');
    await push('c');
    customer = await passwordCustomer();
    const applied = await request('POST', `${P}/listings/${listings[0]!.id}/register-interest`, on({ ...bearer(customer.accessToken), body: PASSING }));
    expect(applied.status, applied.text).to.equal(201);
    applicationId = applied.body.id;
    expect((await request('POST', `${P}/profile/favourites`, on({ ...bearer(customer.accessToken), body: { listing: listings[0]!.id } }))).status).to.equal(201);
    const search = await request('GET', `${P}/search`, on({ query: { location: 'Manchester', radius: 3, max_featured: 0 } }));
    expect(search.status, search.text).to.equal(200);
  });

  after(async () => {
    const main = testApp().runtime;
    if (app) {
      await new Promise((resolve) => app.server.close(resolve));
      await app.runtime.close();
    }
    await node?.destroy();
    // this test's listings went to its own node only: the first application's index takes them now
    const ids = listings.map((l) => l.id);
    if (ids.length) await main.indexer.indexListings(ids, { targets: await indexTargets(main.prisma, main.listingIndex.alias), refresh: true });
    main.worker.start();
  });

  it('answers 503 with Retry-After without waiting for the node on engine-backed reads, 200 elsewhere, and keeps sync writes', async () => {
    const [a, b, c] = listings as [(typeof listings)[0], (typeof listings)[0], (typeof listings)[0]];
    const key = withKey(account);
    const signedIn = bearer(customer.accessToken);
    const engineBacked: Call[] = [
      { method: 'GET', path: `${P}/search`, options: { query: { location: 'Manchester', radius: 3, max_featured: 0 } } },
      { method: 'GET', path: `${P}/listings/${a.id}` },
      { method: 'GET', path: `${P}/listings/slug/${a.slug}` },
      { method: 'GET', path: `${P}/listings/${a.id}/properties` },
      { method: 'GET', path: `${P}/listings/${a.id}/full-details` },
      { method: 'GET', path: `${P}/listings/${a.id}/similar` },
      { method: 'GET', path: `${P}/home-featured-listings` },
      { method: 'GET', path: '/search-ranges/full-market-price' },
      { method: 'GET', path: '/api/rest/listings/marketplace', options: key },
      { method: 'GET', path: '/api/bulk/listings', options: key },
      { method: 'GET', path: `${P}/profile/favourites`, options: signedIn },
      { method: 'GET', path: `${P}/profile/applications`, options: signedIn },
      { method: 'GET', path: `${P}/profile/applications/${applicationId}`, options: signedIn },
    ];
    const engineFree: Call[] = [
      { method: 'GET', path: `${P}/profile`, options: signedIn },
      { method: 'GET', path: `${P}/profile/applications/${applicationId}/appointments`, options: signedIn },
      { method: 'GET', path: `${P}/lists/${Object.keys(LOOKUP_LISTS)[0]}` },
      { method: 'GET', path: '/api/rest/listings', options: key },
      { method: 'GET', path: `/api/rest/inventory/developments/${a.dev}`, options: key },
      { method: 'GET', path: '/health' },
    ];
    const writes = (round: number): Call[] => [
      { method: 'PATCH', path: `/api/rest/listings/${b.ref}`, options: { ...withKey(account, { refresh: 'wait_for' }), body: { name: `Renamed in the outage ${round}` } } },
      { method: 'PUT', path: `/api/rest/inventory/properties/${c.prop}`, options: { ...withKey(account, { refresh: 'wait_for' }), body: propertyPayload(c.dev, { monthlyServiceCharge: 100 + round }) } },
      {
        method: 'POST',
        path: '/api/bulk/listings',
        options: { ...withKey(account, { refresh: 'wait_for' }), body: { data: [{ externalRef: c.ref, ...listingPayload(c.dev, [c.prop], { name: `Bulk renamed ${round}` }) }] } },
      },
    ];

    let opened = false;
    const unlost = app.runtime.search.onEngineLost(() => (opened = true));
    await node.kill();
    // the first requests find the node gone and open the circuit; from then on they are refused without
    // waiting for the node: only the circuit's trials reach it
    const search = app.runtime.search;
    await eventually(async () => {
      await call(engineBacked[0]!);
      expect(opened, 'the circuit is open').to.equal(true);
    }, 20_000, 0);
    let reached = 0;
    let trials = 0;
    const unwatch = search.onEngineRequest(
      () => reached++,
      () => trials++,
    );

    const timed = async (kind: 'engine' | 'free' | 'write', c: Call) => {
      const started = performance.now();
      const res = await call(c);
      return { kind, call: c, res, ms: performance.now() - started };
    };
    const results: { kind: string; call: Call; res: ApiResponse; ms: number }[] = [];
    for (let round = 0; round < 3; round++) {
      const batch = [...engineBacked.map((c) => ['engine', c] as const), ...engineFree.map((c) => ['free', c] as const), ...writes(round).map((c) => ['write', c] as const)];
      // four at a time: a bounded load, as clients would send it
      for (let i = 0; i < batch.length; i += 4) results.push(...(await Promise.all(batch.slice(i, i + 4).map(([kind, c]) => timed(kind, c)))));
    }
    const ready = await timed('engine', { method: 'GET', path: '/ready' });
    unwatch();
    unlost();

    const show = (r: (typeof results)[0]) => `${r.call.method} ${r.call.path}: ${r.res.status} in ${r.ms.toFixed(0)} ms ${r.res.text.slice(0, 120)}`;
    for (const r of results.filter((x) => x.kind === 'engine')) {
      expect(r.res.status, show(r)).to.equal(503);
      expect(r.res.body, show(r)).to.deep.equal({ message: UNAVAILABLE });
      expect(Number(r.res.headers.get('retry-after')), show(r)).to.be.within(1, 60);
    }
    for (const r of results.filter((x) => x.kind === 'free')) expect(r.res.status, show(r)).to.equal(200);
    for (const r of results.filter((x) => x.kind === 'write')) {
      expect(r.res.status, show(r)).to.equal(200);
      expect(r.res.headers.get(SEARCH_INDEX_HEADER), show(r)).to.equal('pending');
    }
    expect(ready.res.status).to.equal(503);
    expect(ready.res.body).to.include({ database: 'up', search: 'down' });
    expect(reached, `requests sent to the node during ${results.length + 1} calls, with ${trials} trials of the circuit`).to.be.at.most(trials);

    const times = results.filter((x) => x.kind === 'engine').map((x) => x.ms).sort((x, y) => x - y);
    console.log(
      `      time to 503 over ${times.length} engine-backed requests: median ${times[times.length >> 1]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; /ready ${ready.ms.toFixed(1)} ms; ${results.length + 1} requests in all`,
    );

    // every status seen was checked against the OpenAPI document (test/support/api.ts); the 503s are the shared one
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    for (const r of results.filter((x) => x.kind === 'engine')) {
      expect(paths[findTemplate(r.call.path)!]![r.call.method.toLowerCase()]!.responses[503], show(r)).to.equal(engineUnavailable);
    }
    for (const r of results.filter((x) => x.kind === 'write')) {
      expect(paths[findTemplate(r.call.path)!]![r.call.method.toLowerCase()]!.responses[200]!.headers, show(r)).to.have.property(SEARCH_INDEX_HEADER);
    }

    // stored: the sync interface reads the writes back, and the outbox holds them for the worker
    const stored = await call({ method: 'GET', path: `/api/rest/listings/${b.ref}`, options: key });
    expect(stored.body.name).to.equal('Renamed in the outage 2');
    expect((await call({ method: 'GET', path: `/api/rest/listings/${c.ref}`, options: key })).body.name).to.equal('Bulk renamed 2');
    expect(await app.runtime.prisma.listingOutbox.count({ where: { listingId: { in: [b.id, c.id] } } })).to.be.greaterThan(0);
  });

  it('catches up once the engine is back: the index equals the database', async () => {
    const [, b, c] = listings as [(typeof listings)[0], (typeof listings)[0], (typeof listings)[0]];
    await node.start();
    // the first request the circuit lets through closes it, and that wakes the reindex worker
    await eventually(async () => expect((await call({ method: 'GET', path: '/ready' })).status).to.equal(200), 20_000, 250);
    const { prisma, search, listingIndex } = app.runtime;
    await eventually(async () => expect(await prisma.listingOutbox.count()).to.equal(0), 20_000, 100);
    await search.indices.refresh({ index: listingIndex.alias });
    expect(await diffIndex(prisma, search, listingIndex.alias)).to.deep.equal({ missing: [], stale: [], extra: [] });
    const details = await call({ method: 'GET', path: `${P}/listings/${b.id}` });
    expect(details.status, details.text).to.equal(200);
    expect(details.body.name).to.equal('Renamed in the outage 2');
    const found = await call({ method: 'GET', path: `${P}/listings/${c.id}` });
    expect(found.body.name).to.equal('Bulk renamed 2');
  });
});
