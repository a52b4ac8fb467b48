import { expect } from 'chai';
import { requestEffect } from '../../src/search/client.ts';

describe('search client: what a request may do to an index', () => {
  const effect = (method: string, path: string, querystring?: Record<string, unknown> | string) => requestEffect({ method, path, querystring });

  it('reads nothing into the index changes', () => {
    expect(effect('POST', '/listings/_search')).to.equal('read');
    expect(effect('POST', '/listings/_msearch')).to.equal('read');
    expect(effect('POST', '/_mget')).to.equal('read');
    expect(effect('POST', '/listings/_count')).to.equal('read');
    expect(effect('GET', '/listings/_doc/1')).to.equal('read');
    expect(effect('HEAD', '/listings')).to.equal('read');
    expect(effect('DELETE', '/_pit')).to.equal('read');
  });

  it('takes a refresh as a refresh, whichever the method', () => {
    expect(effect('POST', '/listings/_refresh')).to.equal('refresh');
    expect(effect('GET', '/listings_v1,listings_v2/_refresh')).to.equal('refresh');
  });

  it('takes a document write as searchable only when it asks for a refresh', () => {
    expect(effect('POST', '/_bulk', { refresh: false })).to.equal('write');
    expect(effect('POST', '/_bulk')).to.equal('write');
    expect(effect('POST', '/_bulk', { refresh: 'wait_for' })).to.equal('searchable-write');
    expect(effect('POST', '/_bulk', { refresh: true })).to.equal('searchable-write');
    expect(effect('POST', '/_bulk', 'refresh=true')).to.equal('searchable-write');
    expect(effect('PUT', '/listings/_doc/7', { version: 3 })).to.equal('write');
    expect(effect('DELETE', '/listings/_doc/7')).to.equal('write');
    expect(effect('POST', '/listings/_delete_by_query')).to.equal('write');
  });

  it('takes any other change (an alias swap, a new or deleted index, a mapping) as searchable at once', () => {
    expect(effect('POST', '/_aliases')).to.equal('searchable-write');
    expect(effect('PUT', '/listings_v3')).to.equal('searchable-write');
    expect(effect('DELETE', '/listings_v2')).to.equal('searchable-write');
    expect(effect('PUT', '/listings/_mapping')).to.equal('searchable-write');
  });
});
