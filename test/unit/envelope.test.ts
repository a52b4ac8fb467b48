import { expect } from 'chai';
import { collection, linksOf, offsetOf, paginated, paginationOf, parsePage } from '../../src/core/envelope.ts';
import { hitsWindow } from '../../src/search/result-window.ts';
import { ValidationError } from '../../src/core/errors.ts';

describe('envelope and pagination helper', () => {
  it('wraps a collection in {data}', () => {
    expect(collection([1, 2])).to.deep.equal({ data: [1, 2] });
  });

  it('computes from, to and lastPage as the spec defines them', () => {
    expect(paginationOf({ page: 1, size: 10 }, 25)).to.deep.equal({ currentPage: 1, perPage: 10, from: 1, to: 10, total: 25, lastPage: 3 });
    expect(paginationOf({ page: 3, size: 10 }, 25)).to.deep.equal({ currentPage: 3, perPage: 10, from: 21, to: 25, total: 25, lastPage: 3 });
    expect(paginationOf({ page: 2, size: 5 }, 10)).to.include({ from: 6, to: 10, lastPage: 2 });
  });

  it('reports an empty page as from = to = 0 with lastPage 1 for an empty collection', () => {
    expect(paginationOf({ page: 1, size: 10 }, 0)).to.deep.equal({ currentPage: 1, perPage: 10, from: 0, to: 0, total: 0, lastPage: 1 });
    expect(paginationOf({ page: 4, size: 10 }, 25)).to.include({ from: 0, to: 0, lastPage: 3 });
  });

  it('builds links that keep the other query parameters and change only page', () => {
    const url = new URL('http://api.test/api/rest/portal/search?location=Leeds&page=2&size=10&schemes[]=a');
    const links = linksOf(url, paginationOf({ page: 2, size: 10 }, 35));
    expect(links.first).to.equal('http://api.test/api/rest/portal/search?location=Leeds&page=1&size=10&schemes%5B%5D=a');
    expect(links.prev).to.contain('page=1');
    expect(links.next).to.contain('page=3').and.contain('location=Leeds');
    expect(links.last).to.contain('page=4');
  });

  it('writes each link as URLSearchParams would, whatever the query holds', () => {
    const reference = (requestUrl: URL, page: number) => {
      const url = new URL(requestUrl);
      url.searchParams.delete('api_key');
      url.searchParams.set('page', String(page));
      return url.toString();
    };
    const urls = [
      'http://x/y',
      'http://x/y?api_key=secret&page=2&page=5&q=caf%C3%A9+%26+bar&area=POLYGON((1 2,3 4))',
      'http://x/a%20b/?size=3&page=&empty&types[]=flat&types[]=house',
      'http://x/y?q=%E2%80%93%F0%9F%8F%A0&page=2#top',
    ];
    for (const href of urls) {
      const url = new URL(href);
      const links = linksOf(url, paginationOf({ page: 2, size: 10 }, 45));
      expect(links, href).to.deep.equal({ first: reference(url, 1), prev: reference(url, 1), next: reference(url, 3), last: reference(url, 5) });
      expect(links.first).to.not.contain('api_key');
    }
  });

  it('has no prev on the first page and no next on the last', () => {
    const first = linksOf(new URL('http://x/y'), paginationOf({ page: 1, size: 10 }, 5));
    expect(first.prev).to.equal(null);
    expect(first.next).to.equal(null);
    expect(first.last).to.equal('http://x/y?page=1');
  });

  it('points prev of a page past the end at the last page', () => {
    const links = linksOf(new URL('http://x/y?page=9'), paginationOf({ page: 9, size: 10 }, 25));
    expect(links.prev).to.equal('http://x/y?page=3');
    expect(links.next).to.equal(null);
  });

  it('assembles {data, pagination, links}', () => {
    const page = paginated(['a'], { page: 1, size: 1 }, 2, new URL('http://x/y'));
    expect(page).to.have.keys('data', 'pagination', 'links');
    expect(page.links.next).to.equal('http://x/y?page=2');
  });

  it('treats a page of any number as a page: past the end, an empty one', () => {
    const page = parsePage({ page: '8455025547918547353600', size: '10' });
    expect(paginationOf(page, 25)).to.deep.equal({ currentPage: 8455025547918547353600, perPage: 10, from: 0, to: 0, total: 25, lastPage: 3 });
  });

  it('never skips more rows than a table keyed by PostgreSQL integers can hold', () => {
    expect(offsetOf({ page: 3, size: 10 })).to.equal(20);
    expect(offsetOf({ page: 214748365, size: 10 })).to.equal(2147483640);
    expect(offsetOf({ page: 214748366, size: 10 })).to.equal(2147483647);
    expect(offsetOf({ page: 8455025547918547353600, size: 1000 })).to.equal(2147483647);
  });

  it('asks the engine only for the part of a page within its result window', () => {
    expect(hitsWindow(20, 10, 100)).to.deep.equal({ from: 20, size: 10 });
    expect(hitsWindow(95, 10, 100)).to.deep.equal({ from: 95, size: 5 });
    expect(hitsWindow(100, 10, 100)).to.deep.equal({ from: 0, size: 0 });
    expect(hitsWindow(8.4e22, 10)).to.deep.equal({ from: 0, size: 0 });
  });

  describe('parsePage', () => {
    it('defaults to page 1 and the given size', () => {
      expect(parsePage({}, { defaultSize: 6 })).to.deep.equal({ page: 1, size: 6 });
    });
    it('reads numeric strings', () => {
      expect(parsePage({ page: '3', size: '20' })).to.deep.equal({ page: 3, size: 20 });
    });
    for (const [query, field] of [
      [{ page: '0' }, 'page'],
      [{ page: '-1' }, 'page'],
      [{ page: 'abc' }, 'page'],
      [{ page: '1.5' }, 'page'],
      [{ size: '0' }, 'size'],
      [{ size: '101' }, 'size'],
      [{ size: '1e30' }, 'size'],
      [{ page: '1e400' }, 'page'],
    ] as const) {
      it(`rejects ${JSON.stringify(query)} with a 422 naming ${field}`, () => {
        try {
          parsePage(query);
          expect.fail('no error');
        } catch (err) {
          expect(err).to.be.instanceOf(ValidationError);
          expect((err as ValidationError).errors).to.have.key(field);
        }
      });
    }
  });
});

describe('links and credentials', () => {
  it('never copies the api_key into links', () => {
    const links = linksOf(new URL('http://x/api/rest/listings?api_key=secret&page=1'), paginationOf({ page: 1, size: 1 }, 3));
    for (const link of Object.values(links)) if (link) expect(link).to.not.contain('secret');
  });
});
