import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';

describe('synchronisation interfaces: bulk', () => {
  let account: TestAccount;
  before(async () => {
    account = await createAccount({ tier: 'premium' });
  });

  it('upserts developments with per-item results in request order and partial success', async () => {
    const res = await api.post(
      '/api/bulk/inventory/developments',
      {
        data: [
          { externalRef: 'b1', ...developmentPayload() },
          { externalRef: 'b2', ...developmentPayload({ postcode: 'BAD' }) },
          { ...developmentPayload() },
          { externalRef: 'b3', ...developmentPayload() },
        ],
      },
      withKey(account),
    );
    expect(res.status).to.equal(200);
    expect(res.body.data.map((r: { externalRef: string | null; status: string }) => [r.externalRef, r.status])).to.deep.equal([
      ['b1', 'created'],
      ['b2', 'failed'],
      [null, 'failed'],
      ['b3', 'created'],
    ]);
    expect(res.body.data[1].errors).to.have.property('postcode');
    expect((await api.get('/api/rest/inventory/developments/b3', withKey(account))).status).to.equal(200);

    const again = await api.post('/api/bulk/inventory/developments', { data: [{ externalRef: 'b1', ...developmentPayload() }, { externalRef: 'b3', ...developmentPayload({ name: 'New' }) }] }, withKey(account));
    expect(again.body.data.map((r: { status: string }) => r.status)).to.deep.equal(['unchanged', 'updated']);
  });

  it('upserts properties and listings, searchable with refresh=wait_for', async () => {
    const props = await api.post(
      '/api/bulk/inventory/properties',
      { data: [1, 2, 3].map((n) => ({ externalRef: `bp${n}`, ...propertyPayload('b1', { propertyNumber: `Flat ${n}`, bedrooms: n }) })) },
      withKey(account),
    );
    expect(props.body.data.every((r: { status: string }) => r.status === 'created')).to.equal(true);
    const listings = await api.post(
      '/api/bulk/listings',
      { data: [{ externalRef: 'bl1', ...listingPayload('b1', ['bp1', 'bp2']) }, { externalRef: 'bl2', ...listingPayload('b1', ['bp3'], { schemes: ['nope'] }) }] },
      withKey(account, { refresh: 'wait_for' }),
    );
    expect(listings.body.data.map((r: { status: string }) => r.status)).to.deep.equal(['created', 'failed']);
    const pulled = await api.get('/api/bulk/listings', withKey(account));
    expect(pulled.status).to.equal(200);
    expect(pulled.body.pagination.perPage).to.equal(1000);
    expect(pulled.body.data.some((l: { name: string; bedrooms: number[] }) => l.bedrooms.join() === '1,2')).to.equal(true);
  });

  it('deletes by refs, reporting unknown ones as failed', async () => {
    const res = await api.post('/api/bulk/inventory/properties/delete', { refs: ['bp3', 'ghost'] }, withKey(account));
    expect(res.body.data.map((r: { status: string }) => r.status)).to.deep.equal(['deleted', 'failed']);
    const listings = await api.post('/api/bulk/listings/delete', { refs: ['bl1'] }, withKey(account));
    expect(listings.body.data[0].status).to.equal('deleted');
    const devs = await api.post('/api/bulk/inventory/developments/delete', { refs: ['b2'] }, withKey(account));
    expect(devs.body.data[0].status).to.equal('failed');
  });

  it('refuses more than 1000 items, or a body without data, with 422', async () => {
    const tooMany = await api.post('/api/bulk/inventory/developments', { data: Array.from({ length: 1001 }, (_, i) => ({ externalRef: `x${i}` })) }, withKey(account));
    expect(tooMany.status).to.equal(422);
    expect(tooMany.body.errors).to.have.property('data');
    const noData = await api.post('/api/bulk/listings', { items: [] }, withKey(account));
    expect(noData.status).to.equal(422);
    const tooManyRefs = await api.post('/api/bulk/listings/delete', { refs: Array.from({ length: 1001 }, (_, i) => `r${i}`) }, withKey(account));
    expect(tooManyRefs.status).to.equal(422);
  });
});
