import { expect } from 'chai';
import { api, request } from '../support/api.ts';

describe('HTTP core', () => {
  it('answers /health', async () => {
    const res = await api.get('/health');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'ok' });
  });

  it('answers /ready with both dependencies up, and the national postcode file loaded', async () => {
    const res = await api.get('/ready');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'ready', database: 'up', search: 'up', postcodes: 'national' });
  });

  it('gzips a JSON body over 1 KB for a client that accepts gzip, and nothing smaller or for the others', async () => {
    const gzipped = await request('GET', '/openapi.json', { headers: { 'accept-encoding': 'gzip' }, undocumented: true });
    expect(gzipped.headers.get('content-encoding')).to.equal('gzip');
    expect(gzipped.headers.get('vary')).to.match(/accept-encoding/i);
    const plain = await request('GET', '/openapi.json', { headers: { 'accept-encoding': 'identity' }, undocumented: true });
    expect(plain.headers.get('content-encoding')).to.equal(null);
    expect(gzipped.text).to.equal(plain.text);
    expect(JSON.parse(plain.text)).to.have.property('paths');
    const small = await api.get('/health', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).to.equal(null);
    expect(small.body).to.deep.equal({ status: 'ok' });
  });

  it('gives an unknown path 404 with {message}', async () => {
    const res = await request('GET', '/api/rest/portal/no-such-thing', { undocumented: true });
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({ message: 'Not found' });
  });

  it('gives a known path with a wrong verb 405 and Allow', async () => {
    const res = await request('DELETE', '/api/rest/portal/lists/genders', { undocumented: true });
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.include('GET');
    expect(res.body).to.have.property('message').that.is.a('string');
  });

  it('rejects malformed JSON with 400 {message}', async () => {
    const res = await request('POST', '/api/rest/portal/lists/genders', {
      rawBody: '{"broken": ',
      headers: { 'content-type': 'application/json' },
      undocumented: true,
    });
    expect(res.status).to.equal(400);
    expect(res.body).to.have.property('message');
  });

  it('rejects a body over the size limit with 413 {message}', async () => {
    const res = await request('POST', '/api/rest/portal/lists/genders', {
      rawBody: JSON.stringify({ blob: 'x'.repeat(1_200_000) }),
      headers: { 'content-type': 'application/json' },
      undocumented: true,
    });
    expect(res.status).to.equal(413);
    expect(res.body).to.have.property('message');
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const mine = await api.get('/health', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(mine.headers.get('x-request-id')).to.equal('abc-123');
    const made = await api.get('/health', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(made.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document and a docs page', async () => {
    const doc = await request('GET', '/openapi.json', { undocumented: true });
    expect(doc.status).to.equal(200);
    expect(doc.body.openapi).to.equal('3.1.0');
    const page = await request('GET', '/docs', { undocumented: true });
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.contain('text/html');
  });
});
