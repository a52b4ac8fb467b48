// The search client's own multi-search path (msearchBytes): the engine's answer as bytes, failures as
// the client reports them.
import { expect } from 'chai';
import { errors } from '@elastic/elasticsearch';
import { createSearchClient } from '../../src/search/client.ts';
import { testApp } from '../support/test-app.ts';

describe('search client multi-search as bytes', () => {
  const ndjson = (...bodies: object[]) => bodies.map((b) => `{}\n${JSON.stringify(b)}\n`).join('');

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
