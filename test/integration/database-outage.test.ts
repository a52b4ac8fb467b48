// PostgreSQL gone from under a running application, as test/integration/engine-outage.test.ts does with
// the engine: reads answered from the engine keep answering (the reference data they need is kept in
// memory), everything that needs the database answers 503 with Retry-After at once (the open circuit
// refuses it: no statement goes to the server but the circuit's own trials), the log says so once, and
// once the database is back nothing answers 500 and nothing acknowledged is lost. The service's times
// are printed, never asserted.
// The shared server is never touched: a second application reaches it through a TCP link the test cuts.
import { expect } from 'chai';
import { Writable } from 'node:stream';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.ts';
import { openRuntime, type Runtime } from '../../src/runtime.ts';
import { buildApp } from '../../src/app.ts';
import { LOOKUP_LISTS } from '../../src/lookups/lookup-lists.ts';
import { buildOpenApiDocument } from '../../src/api-document/document.ts';
import { databaseUnavailable } from '../../src/core/openapi/schema-helpers.ts';
import { assertDocumented, findTemplate } from '../support/openapi-validator.ts';
import { request, type ApiResponse, type RequestOptions } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { P, bearer, passwordCustomer, type SignedIn } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';
import { CuttableLink } from '../support/tcp-proxy.ts';

const UNAVAILABLE = 'The service is temporarily unavailable; please retry shortly';

interface Call {
  method: string;
  path: string;
  options?: RequestOptions;
}

interface Timed {
  call: Call;
  res: ApiResponse;
  ms: number;
}

describe('database outage', function () {
  this.timeout(120_000);
  let link: CuttableLink;
  let runtime: Runtime;
  let server: Server;
  let baseUrl: string;
  const logLines: { msg: string; level: number }[] = [];
  let account: TestAccount;
  let customer: SignedIn;
  const listings: { id: number; slug: string; ref: string; dev: string; prop: string }[] = [];

  const on = (options: RequestOptions = {}): RequestOptions => ({ ...options, baseUrl });
  const serviceMs = new Map<string, number>();
  let calls = 0;
  /** `ms`: the service's time, from the request's arrival to the response's end */
  const timed = async (c: Call): Promise<Timed> => {
    const id = String(++calls);
    const url = new URL(c.path, baseUrl);
    for (const [k, v] of Object.entries(c.options?.query ?? {})) url.searchParams.append(k, String(v));
    const raw = await fetch(url, {
      method: c.method,
      headers: { ...c.options?.headers, 'x-call-id': id, ...(c.options?.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: c.options?.body !== undefined ? JSON.stringify(c.options.body) : undefined,
    });
    const text = await raw.text();
    const ms = serviceMs.get(id) ?? Number.NaN;
    const body: unknown = (raw.headers.get('content-type') ?? '').includes('application/json') && text ? JSON.parse(text) : text;
    // checked after the load, so that compiling and running the checks holds up no request in flight
    unchecked.push(() => assertDocumented(c.method, url.pathname, raw.status, body));
    return { call: c, res: { status: raw.status, headers: raw.headers, body, text }, ms };
  };
  const unchecked: (() => void)[] = [];
  const checkDocumented = () => unchecked.splice(0).forEach((check) => check());
  afterEach(checkDocumented);
  const show = (r: Timed) => `${r.call.method} ${r.call.path}: ${r.res.status} in ${r.ms.toFixed(1)} ms ${r.res.text.slice(0, 160)}`;
  /** four at a time: a bounded load, as clients would send it */
  const runAll = async (calls: Call[]): Promise<Timed[]> => {
    const out: Timed[] = [];
    for (let i = 0; i < calls.length; i += 4) out.push(...(await Promise.all(calls.slice(i, i + 4).map(timed))));
    return out;
  };

  before(async function () {
    const main = testApp().runtime;
    link = new CuttableLink(new URL(main.config.DATABASE_URL));
    await link.open();
    const viaLink = new URL(main.config.DATABASE_URL);
    viaLink.port = String(link.port);
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        // every line but the access log's one a request
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          const entry = JSON.parse(line) as { msg: string; level: number };
          if (entry.msg !== 'request') logLines.push(entry);
        }
        done();
      },
    });
    // its own worker stays stopped: the run's application indexes the outbox, which is the database's
    runtime = openRuntime(loadConfig({ ...process.env, PORT: '0', APP_ENV: 'test', DATABASE_URL: viaLink.toString() }), pino({ level: 'info' }, sink));
    const built = buildApp(runtime);
    // the service's own time for each request: from its arrival to the last byte written
    const handle = built.app.callback();
    server = createServer((req, res) => {
      const arrived = performance.now();
      const id = String(req.headers['x-call-id'] ?? '');
      res.on('finish', () => serviceMs.set(id, performance.now() - arrived));
      void handle(req, res);
    }).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    account = await createAccount({ tier: 'premium' });
    for (const suffix of ['a', 'b', 'c', 'd']) {
      const dev = `dbout-dev-${suffix}`;
      const prop = `dbout-prop-${suffix}`;
      const ref = `dbout-listing-${suffix}`;
      expect((await request('PUT', `/api/rest/inventory/developments/${dev}`, on({ ...withKey(account), body: developmentPayload() }))).status).to.equal(201);
      expect((await request('PUT', `/api/rest/inventory/properties/${prop}`, on({ ...withKey(account), body: propertyPayload(dev) }))).status).to.equal(201);
      const res = await request('PUT', `/api/rest/listings/${ref}`, on({ ...withKey(account, { refresh: 'wait_for' }), body: listingPayload(dev, [prop], { name: `Database outage ${suffix}` }) }));
      expect(res.status, res.text).to.equal(201);
      listings.push({ id: res.body.id, slug: res.body.slug, ref, dev, prop });
    }
    customer = await passwordCustomer();
    // as the entry point does at start-up: the reference data in memory
    await built.warmReference();
    expect((await timed(searchCall())).res.status).to.equal(200);
  });

  after(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await runtime?.close();
    await link?.cut();
  });

  const searchCall = (): Call => ({ method: 'GET', path: `${P}/search`, options: { query: { location: 'Manchester', radius: 3, max_featured: 0 } } });

  function engineBacked(): Call[] {
    const a = listings[0]!;
    return [
      searchCall(),
      { method: 'GET', path: `${P}/listings/${a.id}/similar` },
      { method: 'GET', path: `${P}/home-featured-listings` },
      { method: 'GET', path: '/search-ranges/full-market-price' },
      { method: 'GET', path: '/search-lists/schemes' },
      ...Object.keys(LOOKUP_LISTS).map((list) => ({ method: 'GET', path: `${P}/lists/${list}` })),
      { method: 'GET', path: `${P}/lists/local-authorities` },
      { method: 'GET', path: `${P}/lists/counties` },
      { method: 'GET', path: '/health' },
    ];
  }

  function databaseBacked(round: number): Call[] {
    const [a, b, c] = listings as [(typeof listings)[0], (typeof listings)[0], (typeof listings)[0]];
    const key = withKey(account);
    return [
      // listing pages present the view kept in PostgreSQL (listing-page-views.ts)
      { method: 'GET', path: `${P}/listings/${a.id}` },
      { method: 'GET', path: `${P}/listings/slug/${a.slug}` },
      { method: 'GET', path: `${P}/listings/${a.id}/properties` },
      { method: 'GET', path: `${P}/profile`, options: bearer(customer.accessToken) },
      { method: 'GET', path: `${P}/profile/favourites`, options: bearer(customer.accessToken) },
      { method: 'GET', path: '/api/rest/listings', options: key },
      { method: 'GET', path: `/api/rest/inventory/developments/${b.dev}`, options: key },
      { method: 'GET', path: '/api/rest/listings/marketplace', options: key },
      { method: 'PATCH', path: `/api/rest/listings/${b.ref}`, options: { ...key, body: { name: `Renamed in the outage ${round}` } } },
      { method: 'PUT', path: `/api/rest/inventory/properties/${c.prop}`, options: { ...key, body: propertyPayload(c.dev, { monthlyServiceCharge: 100 + round }) } },
      { method: 'POST', path: '/api/bulk/listings', options: { ...key, body: { data: [{ externalRef: c.ref, ...listingPayload(c.dev, [c.prop], { name: `Bulk renamed ${round}` }) }] } } },
      { method: 'POST', path: `${P}/password-login`, options: { body: { email: customer.email, password: 'correct horse' } } },
    ];
  }

  it('keeps engine-backed reads at 200 and answers 503 with Retry-After from the open circuit for the rest, logging once', async () => {
    // writes in flight when the database goes: each one acknowledged must be found afterwards
    const inFlight = listings.map((l, i) => timed({ method: 'PATCH', path: `/api/rest/listings/${l.ref}`, options: { ...withKey(account), body: { name: `In flight ${i}` } } }));
    const linesBefore = logLines.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await link.cut();
    const acknowledged = (await Promise.all(inFlight)).filter((r) => r.res.status === 200);
    for (const r of await Promise.all(inFlight)) expect(r.res.status, show(r)).to.be.oneOf([200, 503]);

    // the first requests find the server gone and open the circuit; from then on they are refused
    // without waiting for the server: only the circuit's trials (one statement each) reach it
    await eventually(async () => {
      await timed(databaseBacked(0)[0]!);
      expect(runtime.database.isOpen, 'the circuit is open').to.equal(true);
    }, 20_000, 0);
    const guard = runtime.database;
    const run = guard.run.bind(guard);
    let reached = 0;
    let trials = 0;
    guard.run = (use) => run(() => (reached++, use()));
    const untrial = guard.onTrial(() => trials++);
    const engine: Timed[] = [];
    const database: Timed[] = [];
    try {
      for (let round = 0; round < 4; round++) {
        engine.push(...(await runAll(engineBacked())));
        database.push(...(await runAll(databaseBacked(round))));
      }
    } finally {
      untrial();
      guard.run = run;
    }
    const ready = await timed({ method: 'GET', path: '/ready' });

    for (const r of engine) expect(r.res.status, show(r)).to.equal(200);
    for (const r of database) {
      expect(r.res.status, show(r)).to.equal(503);
      expect(r.res.body, show(r)).to.deep.equal({ message: UNAVAILABLE });
      expect(Number(r.res.headers.get('retry-after')), show(r)).to.be.within(1, 60);
    }
    expect(reached, `statements sent to the server during ${database.length} requests, with ${trials} trials of the circuit`).to.be.at.most(trials);
    expect(ready.res.status).to.equal(503);
    expect(ready.res.body).to.deep.equal({ status: 'unavailable', database: 'down', search: 'up' });

    // the 503 is documented for every operation that needs the database
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    for (const r of database) expect(paths[findTemplate(r.call.path)!]![r.call.method.toLowerCase()]!.responses[503], show(r)).to.exist;
    expect(paths['/api/rest/portal/profile']!.get!.responses[503]).to.equal(databaseUnavailable);

    const during = logLines.slice(linesBefore);
    expect(during.map((l) => l.msg), 'log lines during the outage').to.have.length.within(1, 3);
    expect(during.map((l) => l.msg)).to.include('database out of reach: requests that need it answer 503 until it is back');
    expect(during.some((l) => l.msg === 'unhandled error')).to.equal(false);

    const times = database.map((r) => r.ms).sort((x, y) => x - y);
    console.log(
      `      ${engine.length} engine-backed reads all 200; ${database.length} database-backed requests 503 in median ${times[times.length >> 1]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms, ${reached} statements sent to the server; ${acknowledged.length} of ${inFlight.length} writes in flight acknowledged`,
    );

    // back: no 500, the circuit closes (one line), and every acknowledged write is stored
    await link.restore();
    await eventually(async () => expect((await timed({ method: 'GET', path: '/ready' })).res.status).to.equal(200), 20_000, 100);
    const after = [...(await runAll(engineBacked())), ...(await runAll(databaseBacked(9)))];
    for (const r of after) expect(r.res.status, show(r)).to.be.oneOf([200, 201]);
    expect(logLines.slice(linesBefore).map((l) => l.msg)).to.include('database back');
    expect(logLines.slice(linesBefore).length).to.be.at.most(4);
    for (const r of acknowledged) {
      const ref = r.call.path.split('/').at(-1)!;
      const stored = await request('GET', `/api/rest/listings/${ref}`, withKey(account));
      expect(stored.body.name, ref).to.equal(r.call.options!.body && (r.call.options!.body as { name: string }).name);
    }
    const b = await request('GET', `/api/rest/listings/${listings[1]!.ref}`, withKey(account));
    expect(b.body.name).to.equal('Renamed in the outage 9');
  });

  it('never answers 500 for a pooled connection that died with the server', async () => {
    // connections are open in the pool; the server goes and comes back between two requests
    const key = withKey(account);
    await Promise.all(listings.map((l) => timed({ method: 'GET', path: `/api/rest/listings/${l.ref}`, options: key })));
    await link.cut();
    await link.restore();
    const results = await Promise.all(
      listings.map((l, i) => timed({ method: 'PATCH', path: `/api/rest/listings/${l.ref}`, options: { ...key, body: { name: `After the restart ${i}` } } })),
    );
    for (const r of results) expect(r.res.status, show(r)).to.be.oneOf([200, 503]);
    // at most the first statements find the connections gone; the next request is served
    await eventually(async () => {
      const r = await timed({ method: 'PATCH', path: `/api/rest/listings/${listings[0]!.ref}`, options: { ...key, body: { name: 'Served again' } } });
      expect(r.res.status, show(r)).to.equal(200);
    }, 10_000, 100);
  });
});
