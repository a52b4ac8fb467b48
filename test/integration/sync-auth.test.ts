import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, withKey } from '../support/factories.ts';

describe('synchronisation interfaces: api_key authentication', () => {
  it('rejects a missing api_key with 401', async () => {
    const res = await api.get('/api/rest/inventory/developments');
    expect(res.status).to.equal(401);
    expect(res.body.message).to.match(/api_key/);
  });

  it('takes the key in the X-Api-Key header as well, and the header wins over the parameter', async () => {
    const account = await createAccount();
    const headers = { 'X-Api-Key': account.key };
    expect((await api.get('/api/rest/inventory/developments', { headers })).status).to.equal(200);
    expect((await api.get('/api/rest/leads', { headers })).status).to.equal(200);
    expect((await api.get('/api/rest/inventory/developments', { headers: { 'X-Api-Key': 'hsp_not-a-key' } })).status).to.equal(401);
    expect((await api.get('/api/rest/inventory/developments', { headers: { 'X-Api-Key': 'hsp_not-a-key' }, query: { api_key: account.key } })).status).to.equal(401);
  });

  it('documents both ways: the api_key parameter and the X-Api-Key header, either enough', async () => {
    const doc = (await api.get('/openapi.json', { undocumented: true })).body;
    expect(doc.components.securitySchemes.apiKeyHeader).to.deep.include({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(doc.components.securitySchemes.apiKey).to.deep.include({ type: 'apiKey', in: 'query', name: 'api_key' });
    expect(doc.paths['/api/rest/leads'].post.security).to.deep.equal([{ apiKey: [] }, { apiKeyHeader: [] }]);
  });

  it('rejects an unknown api_key with 401', async () => {
    const res = await api.get('/api/rest/inventory/developments', { query: { api_key: 'hsp_not-a-key' } });
    expect(res.status).to.equal(401);
  });

  it('rotates the key: the new one works and the old one is deprecated at once', async () => {
    const account = await createAccount();
    const rotated = await api.post('/api/rest/account/api-key', undefined, withKey(account));
    expect(rotated.status).to.equal(201);
    expect(rotated.body.apiKey).to.be.a('string').and.not.equal(account.key);
    expect((await api.get('/api/rest/inventory/developments', withKey(account))).status).to.equal(401);
    expect((await api.get('/api/rest/inventory/developments', { query: { api_key: rotated.body.apiKey } })).status).to.equal(200);
  });

  it('refuses premium-only operations to basic accounts with 403', async () => {
    const basic = await createAccount({ tier: 'basic' });
    expect((await api.get('/api/rest/listings/marketplace', withKey(basic))).status).to.equal(403);
    expect((await api.post('/api/bulk/inventory/developments', { data: [] }, withKey(basic))).status).to.equal(403);
    expect((await api.get('/api/bulk/listings', withKey(basic))).status).to.equal(403);
    expect((await api.get('/api/rest/inventory/developments', withKey(basic))).status).to.equal(200);
  });

  it("answers 404 for another account's references, never 403", async () => {
    const a = await createAccount();
    const b = await createAccount();
    await api.put('/api/rest/inventory/developments/shared-ref', developmentPayload(), withKey(a));
    expect((await api.get('/api/rest/inventory/developments/shared-ref', withKey(b))).status).to.equal(404);
    expect((await api.patch('/api/rest/inventory/developments/shared-ref', { name: 'Taken over' }, withKey(b))).status).to.equal(404);
    expect((await api.delete('/api/rest/inventory/developments/shared-ref', withKey(b))).status).to.equal(404);
    const list = await api.get('/api/rest/inventory/developments', withKey(b));
    expect(list.body.data).to.deep.equal([]);
    // the same ref is free for B: refs are unique per account
    expect((await api.put('/api/rest/inventory/developments/shared-ref', developmentPayload({ name: 'B own' }), withKey(b))).status).to.equal(201);
    expect((await api.get('/api/rest/inventory/developments/shared-ref', withKey(a))).body.name).to.equal('Canal Wharf');
  });

  it('refuses inventory writes from a partner account without a housing provider (403)', async () => {
    const partner = await createAccount({ kind: 'partner', partnerSource: 'auth-test-portal' });
    const res = await api.put('/api/rest/inventory/developments/x', developmentPayload(), withKey(partner));
    expect(res.status).to.equal(403);
  });

  it('lists the schemes integrators may name', async () => {
    const account = await createAccount({ tier: 'basic' });
    const res = await api.get('/api/rest/schemes', withKey(account));
    expect(res.status).to.equal(200);
    expect(res.body.data.map((s: { slug: string }) => s.slug)).to.include.members(['shared-ownership', 'first-homes', 'london-living-rent', 'market-rent']);
    expect(res.body.data[0].color).to.match(/^#[0-9a-f]{6}$/i);
  });
});
