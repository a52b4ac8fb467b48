import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, pushListing, withKey, type TestAccount } from '../support/factories.ts';

// Every paginated collection: a page past the end, however deep (past the engine's result window, past
// PostgreSQL's offsets, past exact numbers), is an empty page with the pagination of the collection.
describe('pages past the end of every paginated collection', function () {
  this.timeout(60_000);
  let account: TestAccount;
  before(async () => {
    account = await createAccount({ tier: 'premium' });
    await pushListing(account, api);
  });

  const collections: [string, Record<string, string>][] = [
    ['/api/rest/inventory/developments', {}],
    ['/api/rest/inventory/properties', {}],
    ['/api/rest/listings', {}],
    ['/api/rest/listings/marketplace', {}],
    ['/api/bulk/listings', {}],
    ['/api/rest/leads', {}],
    ['/api/bulk/leads', {}],
    ['/api/rest/portal/contents', {}],
    ['/api/rest/portal/search', { location: 'Manchester' }],
  ];
  const deepPages = ['258', '20001', '2147483648', '8455025547918547353600'];

  for (const [path, filters] of collections) {
    it(`${path}: an empty page with the collection's pagination, for pages ${deepPages.join(', ')}`, async () => {
      const query = (page: string) => ({ query: { ...withKey(account).query, ...filters, page } });
      const first = await api.get(path, query('1'));
      expect(first.status).to.equal(200);
      const { total, lastPage } = first.body.pagination;
      for (const page of deepPages) {
        const res = await api.get(path, query(page));
        expect(res.status, `page ${page}: ${res.text.slice(0, 200)}`).to.equal(200);
        expect(res.body.data, `page ${page}`).to.deep.equal([]);
        expect(res.body.pagination, `page ${page}`).to.include({ currentPage: Number(page), from: 0, to: 0, total, lastPage });
        expect(res.body.links.next, `page ${page}`).to.equal(null);
        expect(res.body.links.last).to.contain(`page=${lastPage}`).and.not.contain('api_key');
      }
    });
  }

  it('refuses fractional, non-numeric and non-positive pages and sizes with 422, never a server error', async () => {
    for (const [path, maxSize] of [
      ['/api/rest/inventory/developments', 100],
      ['/api/bulk/listings', 1000],
      ['/api/rest/portal/search', 100],
    ] as const) {
      const queries: Record<string, string>[] = [{ page: '1.5' }, { page: '0' }, { page: 'x' }, { page: '1e400' }, { size: '2.5' }, { size: String(maxSize + 1) }, { size: '1e30' }];
      for (const q of queries) {
        const res = await api.get(path, { query: { ...withKey(account).query, ...q } });
        expect(res.status, `${path} ${JSON.stringify(q)}`).to.equal(422);
        expect(Object.keys(res.body.errors)).to.deep.equal(Object.keys(q));
      }
    }
  });
});
