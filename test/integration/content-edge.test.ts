// Content and area pages at the edge: what the document forbids is refused with 422 per field (or 404 for
// a path that names nothing) before any writer or query runs, never a 500; what it allows is taken.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { cms, contentStructure, editorKey, newsPage, type ContentStructure } from '../support/content.ts';

const PORTAL = '/api/rest/portal';

describe('content and area pages at the edge', function () {
  this.timeout(60_000);
  let st: ContentStructure;
  let key: string;
  let n = 0;
  const next = (name: string) => `${name}-${++n}-${st.s}`;

  before(async () => {
    st = await contentStructure();
    key = await editorKey();
  });

  describe('the content list', () => {
    it('refuses ids beyond the integer range of the database, per parameter, rather than failing', async () => {
      const res = await api.get(`${PORTAL}/contents`, {
        query: { author_id: 99_999_999_999, related_item_id: 2 ** 31, collection_id: 0, topic_id: '2147483647' },
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.all.keys('author_id', 'related_item_id', 'collection_id');
    });

    it('takes blank text filters as not given, and refuses an ignore_visibility it does not know', async () => {
      const all = await api.get(`${PORTAL}/contents`, { query: { size: 100 } });
      const blank = await api.get(`${PORTAL}/contents`, { query: { size: 100, tag_slug: '', sitemap_code: '  ' } });
      expect(blank.status).to.equal(200);
      expect(blank.body.pagination.total).to.equal(all.body.pagination.total);
      const odd = await api.get(`${PORTAL}/contents`, { query: { ignore_visibility: 'yes' } });
      expect(odd.status).to.equal(422);
      expect(odd.body.errors).to.have.key('ignore_visibility');
    });
  });

  describe('paths', () => {
    it('answers 404 for slugs and ids that can name nothing', async () => {
      for (const path of [
        '/contents/slug/a%20b',
        '/contents/slug/%C3%A9t%C3%A9',
        '/contents/slug/a%00',
        '/topics/slug/UPPER',
        '/scheme-areas/pages/slug/%25',
        '/contents/007',
        '/contents/2147483648',
        '/topics/-1',
        '/scheme-areas/pages/1e3/listings',
      ]) {
        const res = await api.get(`${PORTAL}${path}`);
        expect(res.status, path).to.equal(404);
      }
    });
  });

  describe('bodies', () => {
    it('refuses a body that is not a JSON object on every write, naming the body', async () => {
      const writes: [string, string][] = [
        ['POST', '/pages'],
        ['PATCH', '/pages/1'],
        ['POST', '/pages/1/publish'],
        ['POST', '/families'],
        ['PATCH', '/families/1'],
        ['POST', '/topics'],
        ['PATCH', '/topics/1'],
        ['POST', '/tags'],
        ['PATCH', '/tags/1'],
        ['POST', '/area-pages'],
        ['PATCH', '/area-pages/1'],
        ['POST', '/area-pages/1/publish'],
      ];
      for (const [method, path] of writes) {
        for (const rawBody of ['[]', '5', '"text"', 'null', 'true']) {
          const res = await api[method === 'POST' ? 'post' : 'patch'](`/api/rest/cms${path}`, undefined, {
            query: { api_key: key },
            rawBody,
            headers: { 'content-type': 'application/json' },
          });
          expect(res.status, `${method} ${path} ${rawBody}`).to.equal(422);
          expect(res.body.errors, `${method} ${path} ${rawBody}`).to.deep.equal({ _: ['the body must be a JSON object'] });
        }
      }
    });

    it('takes a write without a body as one that changes nothing', async () => {
      const tag = await cms.post(key, '/tags', { slug: next('tag'), name: 'Tag', category: st.categories.subject });
      const res = await api.patch(`/api/rest/cms/tags/${tag.body.id}`, undefined, { query: { api_key: key } });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(tag.body);
      const create = await api.post('/api/rest/cms/tags', undefined, { query: { api_key: key } });
      expect(create.status).to.equal(422);
      expect(create.body.errors).to.have.all.keys('slug', 'name', 'category');
    });

    it('takes values as sent: no number for text, no text for a number or a flag', async () => {
      const res = await cms.post(key, '/pages', newsPage(st, next('p'), { name: 5, displayOrder: '3', enabled: 'true', main: 1 }));
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.all.keys('name', 'displayOrder', 'enabled', 'main');
    });

    it('refuses fields it does not know, at any depth, naming each', async () => {
      const res = await cms.post(key, '/families', {
        slug: next('f'),
        name: 'F',
        contentType: st.news,
        colour: 'red',
        relatedTo: { entity: 'site', item: 1, note: 'x' },
        sources: [{ name: 'ONS', url: 'https://www.ons.gov.uk/', rank: 1 }],
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.all.keys('colour', 'relatedTo.note', 'sources[0].rank');
    });

    it('refuses numbers beyond the integer range of the database rather than failing', async () => {
      const page = await cms.patch(key, '/pages/1', { displayOrder: 99_999_999_999 });
      expect(page.status).to.equal(422);
      expect(page.body.errors).to.have.key('displayOrder');
      const family = await cms.post(key, '/families', { slug: next('f'), name: 'F', contentType: st.news, topic: 2 ** 31, tags: [0] });
      expect(family.status).to.equal(422);
      expect(family.body.errors).to.have.all.keys('topic', 'tags[0]');
    });

    it('counts characters as the document does, not UTF-16 units', async () => {
      const name = '😀'.repeat(255);
      const ok = await cms.post(key, '/tags', { slug: next('emoji'), name, category: st.categories.subject });
      expect(ok.status).to.equal(201);
      expect(ok.body.name).to.equal(name);
      const long = await cms.post(key, '/tags', { slug: next('emoji'), name: `${name}😀`, category: st.categories.subject });
      expect(long.status).to.equal(422);
      expect(long.body.errors).to.have.key('name');
    });

    it('reads publication dates as RFC 3339 date-times of years the database holds', async () => {
      const page = await cms.post(key, '/pages', newsPage(st, next('dated'), { publishedAt: null }));
      expect(page.status).to.equal(201);
      const id = page.body.id as number;
      const offset = await cms.post(key, `/pages/${id}/publish`, { publishedAt: '2030-01-31T09:00:00+01:00' });
      expect(offset.body.publishedAt).to.equal('2030-01-31T08:00:00.000Z');
      for (const publishedAt of ['2030-01-31', '31/01/2030', '0999-12-31T23:00:00Z', '0001-01-01T00:00:00+01:00', 1_900_000_000_000]) {
        const res = await cms.post(key, `/pages/${id}/publish`, { publishedAt });
        expect(res.status, String(publishedAt)).to.equal(422);
        expect(res.body.errors, String(publishedAt)).to.have.key('publishedAt');
      }
      const area = await cms.patch(key, '/area-pages/1', { publishedAt: '8999-12-31T23:59:59-23:59' });
      expect([200, 404]).to.include(area.status);
    });

    it('checks the shape of sections before the template: names, arrays of objects, text or null', async () => {
      const res = await cms.post(
        key,
        '/pages',
        newsPage(st, next('p'), { sections: { '1x': [], hero: { title: 'T' }, points: [{ text: 5 }, 'x'] } }),
      );
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.all.keys('sections.1x', 'sections.hero', 'sections.points[0].text', 'sections.points[1]');
    });

    it('asks for what a location type calls for before looking anything up', async () => {
      const base = { slug: next('f'), name: 'F', contentType: st.news };
      const town = await cms.post(key, '/families', { ...base, location: { type: 'town', name: 'Harrogate' } });
      expect(town.status).to.equal(422);
      expect(town.body.errors).to.have.all.keys('location.region', 'location.latitude', 'location.longitude', 'location.radius');
      const county = await cms.post(key, '/families', { ...base, location: { type: 'county', reference: null } });
      expect(county.body.errors).to.have.all.keys('location.reference');
    });
  });
});
