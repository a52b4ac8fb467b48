import { expect } from 'chai';
import { api } from '../support/api.ts';
import { ALL_LISTS, LOOKUP_LISTS } from '../../src/lookups/lookup-lists.ts';

describe('lookup lists', () => {
  it('has the 14 lists of the spec', () => {
    expect(ALL_LISTS).to.have.length(14);
  });

  for (const prefix of ['/api/rest/portal/lists', '/api/rest/open/lists']) {
    for (const list of ALL_LISTS) {
      it(`GET ${prefix}/${list} returns {data: [...]} with real items`, async () => {
        const res = await api.get(`${prefix}/${list}`);
        expect(res.status).to.equal(200);
        expect(res.body).to.have.key('data');
        expect(res.body.data).to.be.an('array').that.is.not.empty;
        const ids = res.body.data.map((item: { id: number }) => item.id);
        expect(new Set(ids).size, 'ids are unique').to.equal(ids.length);
      });
    }
  }

  it('gives living circumstances their owner flag', async () => {
    const { body } = await api.get('/api/rest/portal/lists/living-circumstances');
    expect(body.data[0]).to.have.keys('id', 'name', 'owner');
    expect(body.data.some((i: { owner: boolean }) => i.owner)).to.equal(true);
    expect(body.data.some((i: { owner: boolean }) => !i.owner)).to.equal(true);
  });

  it('gives working circumstances their working flag', async () => {
    const { body } = await api.get('/api/rest/open/lists/working-circumstances');
    expect(body.data[0]).to.have.keys('id', 'name', 'working');
    expect(body.data.find((i: { name: string }) => i.name === 'Retired').working).to.equal(false);
  });

  it('gives id/name lists and id/name/slug lists their fields', async () => {
    for (const [list, shape] of Object.entries(LOOKUP_LISTS)) {
      const { body } = await api.get(`/api/rest/portal/lists/${list}`);
      const keys = shape === 'slugged' ? ['id', 'name', 'slug'] : shape === 'plain' ? ['id', 'name'] : null;
      if (keys) for (const item of body.data) expect(item, list).to.have.keys(...keys);
    }
  });

  it('numbers home-ownership statuses 1 to 4 as the spec fixes them', async () => {
    const { body } = await api.get('/api/rest/portal/lists/home-ownership-statuses');
    expect(body.data.map((i: { id: number; slug: string }) => [i.id, i.slug])).to.deep.equal([
      [1, 'first-time-buyer'],
      [2, 'owns-no-property-at-the-moment'],
      [3, 'owns-a-property-that-is-being-sold'],
      [4, 'owns-one-or-more-properties'],
    ]);
  });

  it('lists every UK local authority with its county and region', async () => {
    const { body } = await api.get('/api/rest/portal/lists/local-authorities');
    expect(body.data.length).to.be.greaterThan(300);
    const westminster = body.data.find((la: { name: string }) => la.name === 'Westminster');
    expect(westminster).to.deep.include({ longName: 'City of Westminster', type: 'London borough' });
    expect(westminster.county.name).to.equal('Greater London');
    expect(westminster.county.region.name).to.equal('London');
    const names = body.data.map((la: { name: string }) => la.name);
    expect(names).to.include.members(['Manchester', 'City of Edinburgh', 'Cardiff', 'Belfast', 'Cambridge']);
  });

  it('lists counties with their region', async () => {
    const { body } = await api.get('/api/rest/open/lists/counties');
    const gm = body.data.find((c: { name: string }) => c.name === 'Greater Manchester');
    expect(gm.region.name).to.equal('North West');
  });
});
