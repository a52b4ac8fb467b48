import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount } from '../support/factories.ts';
import { cms, contentStructure, editorKey, newsPage, type ContentStructure } from '../support/content.ts';

const PUBLIC = '/api/rest/portal/contents';

describe('content management interface', function () {
  this.timeout(60_000);
  let st: ContentStructure;
  let key: string;
  let n = 0;
  const next = (name: string) => `${name}-${++n}-${st.s}`;

  before(async () => {
    st = await contentStructure();
    key = await editorKey();
  });

  describe('access', () => {
    it('needs the api_key of an editor account: 401 without or unknown, 403 for other accounts', async () => {
      const body = newsPage(st, next('x'));
      expect((await api.post('/api/rest/cms/pages', body)).status).to.equal(401);
      expect((await api.post('/api/rest/cms/pages', body, { query: { api_key: 'hsp_nope' } })).status).to.equal(401);
      const provider = await createAccount();
      const res = await api.post(
        '/api/rest/cms/tags',
        { slug: next('t'), name: 'T', category: st.categories.subject },
        { query: { api_key: provider.key } },
      );
      expect(res.status).to.equal(403);
      expect(res.body.message).to.match(/editor/);
      expect((await api.patch('/api/rest/cms/area-pages/1', {}, { query: { api_key: provider.key } })).status).to.equal(403);
    });
  });

  describe('pages', () => {
    it('creates a draft page with a family of its own, then publishes and unpublishes it', async () => {
      const slug = next('story');
      const created = await cms.post(
        key,
        '/pages',
        newsPage(st, slug, {
          publishedAt: undefined,
          family: { topic: st.topics.market, tags: [st.tags.so], authors: [{ author: st.authors.ann, role: 'Author' }] },
        }),
      );
      expect(created.status).to.equal(201);
      expect(created.body).to.include({ slug, enabled: true, main: true, publishedAt: null, url: `/news/${slug}` });
      expect(created.body.topic.code).to.equal(st.topics.market);
      expect(created.body.relatedTo).to.deep.equal({
        entity: { code: 'site', name: 'Site' },
        item: { id: 1, slug: 'home-seeker-marketplace' },
      });
      const id = created.body.id;
      expect((await api.get(`${PUBLIC}/${id}`)).status).to.equal(404);

      const published = await cms.post(key, `/pages/${id}/publish`, {});
      expect(published.status).to.equal(200);
      expect(published.body.publishedAt).to.be.a('string');
      expect((await api.get(`${PUBLIC}/${id}`)).status).to.equal(200);
      expect(
        (await api.get(PUBLIC, { query: { tag_slug: st.tags.so, sitemap_code: st.newsMap } })).body.data.map((p: { id: number }) => p.id),
      ).to.include(id);

      const unpublished = await cms.post(key, `/pages/${id}/unpublish`, undefined);
      expect(unpublished.body.publishedAt).to.equal(null);
      expect((await api.get(`${PUBLIC}/${id}`)).status).to.equal(404);

      const scheduled = await cms.post(key, `/pages/${id}/publish`, { publishedAt: '2099-06-01T09:00:00Z' });
      expect(scheduled.body.publishedAt).to.equal('2099-06-01T09:00:00.000Z');
      expect((await api.get(`${PUBLIC}/${id}`)).status).to.equal(404);
      expect((await cms.post(key, `/pages/${id}/publish`, { publishedAt: 'soon' })).status).to.equal(422);
      expect((await cms.post(key, '/pages/999999999/publish', {})).status).to.equal(404);
    });

    it('checks the sections against the template, with an error per field', async () => {
      const res = await cms.post(
        key,
        '/pages',
        newsPage(st, next('bad'), {
          sections: {
            hero: [{ image: 'not-a-url', bogus: 'x' }],
            points: [{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }],
            links: [{ label: 'no url' }],
            extra: [],
          },
        }),
      );
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.all.keys(
        'sections.hero[0].title',
        'sections.hero[0].image',
        'sections.hero[0].bogus',
        'sections.points',
        'sections.links[0].url',
        'sections.extra',
      );
      expect(res.body.errors['sections.hero[0].title']).to.deep.equal(['title is required']);
      const none = await cms.post(key, '/pages', newsPage(st, next('bad'), { sections: undefined }));
      expect(none.body.errors).to.have.all.keys('sections.hero[0].title', 'sections.points');
    });

    it('refuses unknown sitemap entries and templates, and missing fields', async () => {
      const res = await cms.post(key, '/pages', { sitemap: `nope-${st.s}`, template: 'article', slug: next('p'), name: 'P' });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.key('sitemap');
      const tpl = await cms.post(key, '/pages', newsPage(st, next('p'), { template: 'nope' }));
      expect(tpl.body.errors).to.have.key('template');
      const missing = await cms.post(key, '/pages', { slug: 'Not A Slug' });
      expect(missing.body.errors).to.include.keys('sitemap', 'template', 'slug', 'name');
      const wrongTypes = await cms.post(key, '/pages', {
        ...newsPage(st, next('p')),
        name: ['x'],
        headerImages: [{ masterUrl: '/relative.jpg' }],
      });
      expect(wrongTypes.body.errors).to.include.keys('name', 'headerImages[0].masterUrl');
    });

    it('applies the content type rules to a new family, under family.', async () => {
      const guide = (family: Record<string, unknown>) => ({
        sitemap: st.guidesMap,
        template: 'chapter',
        slug: next('g'),
        name: 'G',
        sections: { intro: [{ summary: 'S' }] },
        family,
      });
      expect((await cms.post(key, '/pages', guide({}))).body.errors).to.have.key('family.topic');
      const many = await cms.post(
        key,
        '/pages',
        guide({
          topic: st.topics.guide,
          series: st.series,
          sources: [{ name: 'A', url: 'https://a.example.org' }],
          tags: [st.tags.so, st.tags.leeds],
        }),
      );
      expect(many.status).to.equal(422);
      expect(many.body.errors).to.have.all.keys('family.series', 'family.sources', 'family.tags[1]');
      const wrongTopic = await cms.post(key, '/pages', guide({ topic: st.topics.market }));
      expect(wrongTopic.body.errors).to.have.key('family.topic');
      const page = await cms.post(key, '/pages', {
        sitemap: st.pagesMap,
        template: 'plain',
        slug: next('about'),
        name: 'About',
        family: { topic: st.topics.market },
      });
      expect(page.body.errors).to.have.key('family.topic');
      const unknown = await cms.post(
        key,
        '/pages',
        newsPage(st, next('n'), {
          family: {
            topic: 'nothing',
            authors: [{ author: 'nobody', role: 'Author' }],
            tags: ['none'],
            collections: ['none'],
            relatedTo: { entity: 'scheme', item: 'nope' },
          },
        }),
      );
      expect(unknown.body.errors).to.have.all.keys(
        'family.topic',
        'family.authors[0].author',
        'family.tags[0]',
        'family.collections[0]',
        'family.relatedTo.item',
      );
    });

    it('keeps single-content families to one page and pages to families of their content type', async () => {
      const first = await cms.post(key, '/pages', newsPage(st, next('one'), { family: { slug: next('fam') } }));
      expect(first.status).to.equal(201);
      const second = await cms.post(key, '/pages', newsPage(st, next('two'), { family: first.body.familyId }));
      expect(second.status).to.equal(422);
      expect(second.body.errors.family[0]).to.match(/single page/);
      const crossType = await cms.post(key, '/pages', {
        sitemap: st.guidesMap,
        template: 'chapter',
        slug: next('g'),
        name: 'G',
        sections: { intro: [{ summary: 'S' }] },
        family: first.body.familyId,
      });
      expect(crossType.body.errors.family[0]).to.match(/content type/);
      expect((await cms.post(key, '/pages', newsPage(st, next('x'), { family: `no-family-${st.s}` }))).body.errors).to.have.key('family');
    });

    it('answers 409 for a slug the sitemap entry already has', async () => {
      const slug = next('dup');
      expect((await cms.post(key, '/pages', newsPage(st, slug))).status).to.equal(201);
      const again = await cms.post(key, '/pages', newsPage(st, slug, { family: { slug: next('other-family') } }));
      expect(again.status).to.equal(409);
      // another sitemap entry may use the same slug
      expect((await cms.post(key, '/pages', { sitemap: st.blogMap, template: 'post', slug, name: 'Blog' })).status).to.equal(201);
    });

    it('changes the fields sent, re-checking sections against the template', async () => {
      const created = await cms.post(key, '/pages', newsPage(st, next('edit'), { headline: 'Old', blurb: 'Kept' }));
      const id = created.body.id;
      const res = await cms.patch(key, `/pages/${id}`, {
        headline: 'New',
        sections: { hero: [{ title: 'New title' }], points: [{ text: 'p' }] },
      });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ headline: 'New', blurb: 'Kept' });
      expect(res.body.sections.hero).to.deep.equal([{ title: 'New title', image: null }]);
      const bad = await cms.patch(key, `/pages/${id}`, { sections: { hero: [{ title: 'x' }] } });
      expect(bad.status).to.equal(422);
      expect(bad.body.errors).to.have.key('sections.points');
      // another template of the same sitemap entry: the stored sections are checked against it
      const switched = await cms.patch(key, `/pages/${id}`, { template: 'brief' });
      expect(switched.status).to.equal(422);
      expect(switched.body.errors).to.include.keys('sections.hero', 'sections.points');
      const ok = await cms.patch(key, `/pages/${id}`, { template: 'brief', sections: { body: [{ html: '<p>Short</p>' }] } });
      expect(ok.body.template).to.deep.equal({ name: 'brief', filePath: 'news/brief.html' });
      expect(ok.body.sections).to.deep.equal({ body: [{ html: '<p>Short</p>' }] });
      const other = await cms.post(key, '/pages', newsPage(st, next('taken')));
      expect((await cms.patch(key, `/pages/${id}`, { slug: other.body.slug })).body.errors).to.have.key('slug');
      expect((await cms.patch(key, '/pages/999999999', { headline: 'x' })).status).to.equal(404);
      expect((await cms.patch(key, '/pages/abc', { headline: 'x' })).status).to.equal(404);
    });

    it('disables a page and lets another page of its family become the main one', async () => {
      const family = next('guide-family');
      const one = await cms.post(key, '/pages', {
        sitemap: st.guidesMap,
        template: 'chapter',
        slug: next('c1'),
        name: 'C1',
        sections: { intro: [{ summary: 'S' }] },
        publishedAt: '2026-01-01T00:00:00Z',
        family: { slug: family, topic: st.topics.guide, tags: [st.tags.fh] },
      });
      expect(one.body.main).to.equal(true);
      const two = await cms.post(key, '/pages', {
        sitemap: st.guidesMap,
        template: 'chapter',
        slug: next('c2'),
        name: 'C2',
        sections: { intro: [{ summary: 'S' }] },
        publishedAt: '2026-01-01T00:00:00Z',
        family,
      });
      expect(two.body.main).to.equal(false);
      expect(two.body.family.map((p: { id: number }) => p.id)).to.deep.equal([one.body.id, two.body.id]);
      const listed = async () =>
        (await api.get(PUBLIC, { query: { sitemap_code: st.guidesMap, tag_slug: st.tags.fh } })).body.data.map((p: { id: number }) => p.id);
      expect(await listed()).to.deep.equal([one.body.id]);
      expect((await cms.patch(key, `/pages/${one.body.id}`, { main: false })).body.errors).to.have.key('main');
      expect((await cms.patch(key, `/pages/${two.body.id}`, { main: true })).body.main).to.equal(true);
      expect(await listed()).to.deep.equal([two.body.id]);
      const disabled = await cms.patch(key, `/pages/${two.body.id}`, { enabled: false });
      expect(disabled.body.enabled).to.equal(false);
      expect(await listed()).to.deep.equal([]);
      expect((await api.get(`${PUBLIC}/${two.body.id}`)).status).to.equal(404);
      // publishing enables it again
      await cms.post(key, `/pages/${two.body.id}/publish`, { publishedAt: '2026-01-02T00:00:00Z' });
      expect(await listed()).to.deep.equal([two.body.id]);
    });
  });

  describe('families', () => {
    it('creates a family with its topic, relation, location, sources, authors, tags and collections', async () => {
      const slug = next('family');
      const res = await cms.post(key, '/families', {
        slug,
        name: 'A family',
        contentType: st.news,
        topic: st.topics.market,
        series: st.series,
        relatedTo: { entity: 'region', item: 'North West' },
        location: { type: 'county', reference: 'West Yorkshire' },
        sources: [
          { name: 'One', url: 'https://one.example.org' },
          { name: 'Two', url: 'https://two.example.org' },
        ],
        authors: [
          { author: st.authors.bob, role: 'Author' },
          { author: st.authors.ann, role: 'Editor' },
        ],
        tags: [st.tags.so, st.tags.leeds],
        collections: [st.collections.one],
      });
      expect(res.status).to.equal(201);
      const f = res.body;
      expect(f).to.include({ slug, name: 'A family', contentTypeCode: st.news, enabled: true, mainPageId: null });
      expect(f.relatedTo).to.deep.equal({
        entity: { code: 'region', name: 'Region' },
        item: { id: f.relatedTo.item.id, slug: 'north-west' },
      });
      expect(f.location).to.deep.include({ type: 'county', name: 'West Yorkshire', region: 'Yorkshire and The Humber', radius: null });
      expect(f.sources.map((s: { name: string; displayOrder: number }) => [s.name, s.displayOrder])).to.deep.equal([
        ['One', 0],
        ['Two', 1],
      ]);
      expect(f.authors.map((a: { name: string; role: string }) => `${a.name}/${a.role}`)).to.deep.equal([
        'Bob Writer/Author',
        'Ann Author/Editor',
      ]);
      expect(f.collections.map((c: { slug: string }) => c.slug)).to.deep.equal([st.collections.one]);
      expect((await cms.post(key, '/families', { slug, name: 'Again', contentType: st.news })).status).to.equal(409);

      const page = await cms.post(key, '/pages', newsPage(st, next('in-family'), { family: slug }));
      expect(page.status).to.equal(201);
      expect(page.body.series.slug).to.equal(st.series);

      const changed = await cms.patch(key, `/families/${f.id}`, { tags: [st.tags.fh], sources: [], location: null, topic: null });
      expect(changed.status).to.equal(200);
      expect(changed.body.tags.map((t: { slug: string }) => t.slug)).to.deep.equal([st.tags.fh]);
      expect(changed.body).to.include({ location: null, topic: null, mainPageId: page.body.id });
      expect(changed.body.sources).to.deep.equal([]);
      expect(changed.body.authors).to.have.length(2);

      expect((await api.get(`${PUBLIC}/${page.body.id}`)).status).to.equal(200);
      await cms.patch(key, `/families/${f.id}`, { enabled: false });
      expect((await api.get(`${PUBLIC}/${page.body.id}`)).status).to.equal(404);
    });

    it('refuses what the content type does not allow, and a change of content type', async () => {
      const res = await cms.post(key, '/families', { slug: next('fam'), name: 'F', contentType: st.guide });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.key('topic');
      const created = await cms.post(key, '/families', { slug: next('fam'), name: 'F', contentType: st.guide, topic: st.topics.guide });
      const changed = await cms.patch(key, `/families/${created.body.id}`, { contentType: st.news, tags: [st.tags.leeds] });
      expect(changed.body.errors).to.have.all.keys('contentType', 'tags[0]');
      expect((await cms.patch(key, `/families/${created.body.id}`, { topic: null })).body.errors).to.have.key('topic');
      expect((await cms.post(key, '/families', { slug: next('fam'), name: 'F', contentType: `nope-${st.s}` })).body.errors).to.have.key(
        'contentType',
      );
      expect((await cms.patch(key, '/families/999999999', { name: 'x' })).status).to.equal(404);
    });

    it('checks locations: a county or local authority by reference; a city or town named, placed and sized', async () => {
      const city = await cms.post(key, '/families', { slug: next('fam'), name: 'F', contentType: st.news, location: { type: 'city' } });
      expect(city.body.errors).to.have.all.keys(
        'location.name',
        'location.region',
        'location.latitude',
        'location.longitude',
        'location.radius',
      );
      const la = await cms.post(key, '/families', {
        slug: next('fam'),
        name: 'F',
        contentType: st.news,
        location: { type: 'local_authority', reference: 'Atlantis' },
      });
      expect(la.body.errors).to.have.key('location.reference');
      const ok = await cms.post(key, '/families', {
        slug: next('fam'),
        name: 'F',
        contentType: st.news,
        location: { type: 'city', name: 'York', region: 'E12000003', latitude: 53.96, longitude: -1.08, radius: 4 },
      });
      expect(ok.body.location).to.deep.equal({
        region: 'Yorkshire and The Humber',
        type: 'city',
        reference: null,
        name: 'York',
        latitude: 53.96,
        longitude: -1.08,
        radius: 4,
      });
      const bad = await cms.post(key, '/families', { slug: next('fam'), name: 'F', contentType: st.news, location: { type: 'village' } });
      expect(bad.body.errors).to.have.key('location.type');
    });
  });

  describe('topics and tags', () => {
    it('creates and changes topics; the code and content type never change', async () => {
      const code = next('topic');
      const created = await cms.post(key, '/topics', { contentType: st.news, code, slug: code, name: 'A topic', blurb: 'About it' });
      expect(created.status).to.equal(201);
      expect(created.body).to.include({ code, slug: code, name: 'A topic', blurb: 'About it', htmlDetails: null });
      expect(created.body.tags).to.deep.equal([]);
      expect((await cms.post(key, '/topics', { contentType: st.news, code, slug: next('other'), name: 'Dup' })).status).to.equal(409);
      expect(
        (await cms.post(key, '/topics', { contentType: st.page, code: next('t'), slug: next('t'), name: 'No topics here' })).body.errors,
      ).to.have.key('contentType');
      const changed = await cms.patch(key, `/topics/${created.body.id}`, { name: 'Renamed', htmlDetails: '<p>More</p>' });
      expect(changed.body).to.include({ name: 'Renamed', htmlDetails: '<p>More</p>', code });
      expect((await api.get(`/api/rest/portal/topics/slug/${code}`)).body.name).to.equal('Renamed');
      const refused = await cms.patch(key, `/topics/${created.body.id}`, { code: next('new-code'), contentType: st.guide });
      expect(refused.body.errors).to.have.all.keys('code', 'contentType');
      expect((await cms.patch(key, '/topics/999999999', { name: 'x' })).status).to.equal(404);
    });

    it('creates and changes tags within categories', async () => {
      const slug = next('tag');
      const created = await cms.post(key, '/tags', { slug, name: 'A tag', category: st.categories.subject });
      expect(created.status).to.equal(201);
      expect(created.body).to.deep.equal({
        id: created.body.id,
        slug,
        name: 'A tag',
        category: { name: 'Subject', slug: st.categories.subject },
      });
      expect((await cms.post(key, '/tags', { slug, name: 'Again', category: st.categories.subject })).status).to.equal(409);
      expect((await cms.post(key, '/tags', { slug: next('tag'), name: 'X', category: 'nope' })).body.errors).to.have.key('category');
      const moved = await cms.patch(key, `/tags/${created.body.id}`, { name: 'Renamed', category: st.categories.place });
      expect(moved.body).to.include({ name: 'Renamed' });
      expect(moved.body.category.slug).to.equal(st.categories.place);
      expect((await cms.patch(key, `/tags/${created.body.id}`, { slug: st.tags.so })).body.errors).to.have.key('slug');
      expect((await cms.patch(key, '/tags/999999999', { name: 'x' })).status).to.equal(404);
    });
  });
});
