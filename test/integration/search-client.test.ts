// The search client's own multi-search path (msearchBytes): the engine's answer as bytes, failures as
// the client reports them; both paths' connections: the circuit breaker, the credentials they send.
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors } from '@elastic/elasticsearch';
import { BrokenCircuitError } from 'cockatiel';
import { createSearchClient } from '../../src/search/client.ts';
import { isUnreachable } from '../../src/search/engine-guard.ts';
import { SEARCH_RETRY_AFTER_SECONDS, SearchUnavailableError } from '../../src/search/search-unavailable.ts';
import { testApp } from '../support/test-app.ts';
import { CuttableLink } from '../support/tcp-proxy.ts';
import { engineUrls } from '../../src/search/engine-urls.ts';

const ndjson = (...bodies: object[]) => bodies.map((b) => `{}\n${JSON.stringify(b)}\n`).join('');

describe('search client multi-search as bytes', () => {
  it('gives back the answer the client would parse, and only the parts asked for', async () => {
    const { search, listingIndex } = testApp().runtime;
    const body = { size: 1, query: { match_all: {} }, _source: false, track_total_hits: true };
    const bytes = await search.msearchBytes(listingIndex.alias, ndjson(body, { size: 0 }), ['responses.hits.total', 'responses.status']);
    const answer = JSON.parse(bytes.text()) as { responses: { hits: { total: { value: number } }; status: number }[] };
    const parsed = await search.msearch({ index: listingIndex.alias, searches: [{}, body] });
    expect(answer.responses).to.have.length(2);
    expect(answer.responses[0]!.status).to.equal(200);
    expect(answer.responses[0]!.hits.total.value).to.equal((parsed.responses[0] as { hits: { total: { value: number } } }).hits.total.value);
    expect(Object.keys(answer.responses[0]!)).to.have.members(['hits', 'status']);
  });

  it('answers a single search as bytes too, with the parts asked for, and refuses a bad one as the client would', async () => {
    const { search } = testApp().runtime;
    const index = `${process.env.TEST_INDEX_PREFIX ?? 'test'}-search-bytes`;
    await search.indices.delete({ index, ignore_unavailable: true });
    await search.bulk({ refresh: true, operations: [3, 1, 2].flatMap((id) => [{ index: { _index: index, _id: String(id) } }, { id }]) });
    try {
      const body = { size: 2, query: { match_all: {} }, _source: false, docvalue_fields: ['id'], sort: [{ id: 'asc' }] };
      const bytes = await search.searchBytes(index, JSON.stringify(body), ['hits.hits.fields']);
      const answer = JSON.parse(bytes.text()) as { hits: { hits: { fields: { id: number[] } }[] } };
      expect(answer.hits.hits.map((h) => h.fields.id[0])).to.deep.equal([1, 2]);
      expect(Object.keys(answer)).to.deep.equal(['hits']);
      const err = await search.searchBytes(index, '{"query":{"no_such_query":{}}}', []).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).to.be.instanceOf(errors.ResponseError);
      expect((err as InstanceType<typeof errors.ResponseError>).statusCode).to.equal(400);
    } finally {
      await search.indices.delete({ index, ignore_unavailable: true });
    }
  });

  it('throws a ResponseError with the engine status for a request it refuses', async () => {
    const { search, listingIndex } = testApp().runtime;
    const err = await search.msearchBytes(listingIndex.alias, '{}\n{"query":{"no_such_query":{}}}\n{', []).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(errors.ResponseError);
    expect((err as InstanceType<typeof errors.ResponseError>).statusCode).to.equal(400);
  });

  it('refuses to search once closed', async () => {
    const { config, listingIndex } = testApp().runtime;
    const client = createSearchClient(config.ELASTICSEARCH_URL);
    expect((await client.msearchBytes(listingIndex.alias, ndjson({ size: 0 }), [])).length).to.be.greaterThan(0);
    await client.close();
    const err = await client.msearchBytes(listingIndex.alias, ndjson({ size: 0 }), []).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(Error);
  });
});

describe('search client connections', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const failure = async (work: () => Promise<unknown>) => {
    const err = await work().then(
      () => null,
      (e: unknown) => e,
    );
    return { err: err as SearchUnavailableError };
  };

  it('fails at once with the service\'s own 503 while the node is out of reach, and closes the circuit when it is back', async function () {
    this.timeout(20_000);
    const { config, listingIndex } = testApp().runtime;
    const link = new CuttableLink(new URL(engineUrls(config.ELASTICSEARCH_URL)[0]!));
    await link.open();
    const client = createSearchClient(link.url);
    const events: string[] = [];
    client.onEngineLost(() => events.push('lost'));
    client.onEngineBack(() => events.push('back'));
    const count = () => client.count({ index: listingIndex.alias });
    const multiSearch = () => client.msearchBytes(listingIndex.alias, ndjson({ size: 0 }), []);
    try {
      expect((await count()).count).to.be.a('number');
      await link.cut();
      const failures = [];
      for (const work of [count, multiSearch, count, multiSearch, count, multiSearch]) failures.push(await failure(work));
      for (const { err } of failures) {
        expect(err).to.be.instanceOf(SearchUnavailableError);
        expect(err).to.include({ status: 503, message: 'Search is temporarily unavailable; please retry shortly' });
        expect(err.headers['Retry-After']).to.equal(String(SEARCH_RETRY_AFTER_SECONDS));
      }
      // at once: three connection failures in a row (refused, not waited for), from either path, open the
      // circuit: then nothing is tried
      expect(failures.slice(0, 3).map((f) => isUnreachable(f.err.cause))).to.deep.equal([true, true, true]);
      expect(failures.slice(3).every((f) => f.err.cause instanceof BrokenCircuitError)).to.equal(true);
      expect(events).to.deep.equal(['lost']);

      await link.restore();
      const early = await failure(count);
      expect(early.err.cause, 'the circuit waits before trying again').to.be.instanceOf(BrokenCircuitError);
      await sleep(SEARCH_RETRY_AFTER_SECONDS * 1000 + 100);
      expect((await count()).count).to.be.a('number');
      expect((await multiSearch()).length).to.be.greaterThan(0);
      expect(events).to.deep.equal(['lost', 'back']);
    } finally {
      await client.close();
      await link.cut();
    }
  });

  it('with several nodes, one out of reach costs nothing: each path retries on the next node, both leave it out, the circuit stays closed', async function () {
    this.timeout(20_000);
    const { config, listingIndex } = testApp().runtime;
    // three "nodes": three links to the same node, one of them to be cut
    const links = [0, 1, 2].map(() => new CuttableLink(new URL(engineUrls(config.ELASTICSEARCH_URL)[0]!)));
    for (const link of links) await link.open();
    const client = createSearchClient(links.map((link) => link.url).join(','));
    const events: string[] = [];
    client.onEngineLost(() => events.push('lost'));
    const count = () => client.count({ index: listingIndex.alias });
    const multiSearch = () => client.msearchBytes(listingIndex.alias, ndjson({ size: 0 }), []);
    const round = (n: number) => Promise.allSettled(Array.from({ length: n }, (_, i) => (i % 2 ? count() : multiSearch())));
    const status = (link: CuttableLink) => (client.connectionPool as unknown as { connections: { id: string; status: string }[] }).connections.find((c) => c.id === link.url)!.status;
    try {
      expect((await round(12)).every((r) => r.status === 'fulfilled')).to.equal(true);
      // cut while requests are under way on every link: those in flight on it fail mid-way and go elsewhere
      const during = round(60);
      await links[1]!.cut();
      const results = [...(await during), ...(await round(60))];
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).to.deep.equal([]);
      expect(events, 'the circuit never opened').to.deep.equal([]);
      expect(links.map(status)).to.deep.equal(['alive', 'dead', 'alive']);
    } finally {
      await client.close();
      for (const link of links) await link.cut();
    }
  });

  it('an engine error answer stays the engine\'s and does not open the circuit', async () => {
    const { search, listingIndex } = testApp().runtime;
    for (let i = 0; i < 4; i++) {
      const err = await search.search({ index: listingIndex.alias, query: { no_such_query: {} } as never }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).to.be.instanceOf(errors.ResponseError);
    }
    expect((await search.count({ index: listingIndex.alias })).count).to.be.a('number');
  });

  // What each path sends, seen by a plain HTTP server standing in for the node.
  async function seenBy(settings: { url: (port: number) => string; apiKey?: string }) {
    const seen: { path: string; authorization: string | undefined }[] = [];
    const server = http.createServer((req, res) => {
      seen.push({ path: req.url!.split('?')[0]!, authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json', 'x-elastic-product': 'Elasticsearch' });
      res.end(req.url!.includes('_msearch') ? '{"responses":[]}' : '{"count":0}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = createSearchClient({ url: settings.url(port), apiKey: settings.apiKey });
    try {
      await client.count({ index: 'listings' });
      await client.msearchBytes('listings', ndjson({ size: 0 }), []);
    } finally {
      await client.close();
      server.closeAllConnections();
      server.close();
    }
    return seen;
  }

  it('both paths send the credentials of ELASTICSEARCH_URL, under its path prefix', async () => {
    const seen = await seenBy({ url: (port) => `http://portal:p%40ss@127.0.0.1:${port}/engine` });
    const basic = `Basic ${Buffer.from('portal:p@ss').toString('base64')}`;
    expect(seen).to.deep.equal([
      { path: '/engine/listings/_count', authorization: basic },
      { path: '/engine/listings/_msearch', authorization: basic },
    ]);
  });

  it('both paths send ELASTICSEARCH_API_KEY, which wins over credentials in the URL', async () => {
    const seen = await seenBy({ url: (port) => `http://portal:secret@127.0.0.1:${port}`, apiKey: 'aWQ6a2V5' });
    expect(seen.map((s) => s.authorization)).to.deep.equal(['ApiKey aWQ6a2V5', 'ApiKey aWQ6a2V5']);
  });
});
