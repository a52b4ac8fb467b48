import { expect } from 'chai';
import { api } from '../support/api.ts';
import { contentStructure, editorKey, importOk, newsPage, type ContentStructure } from '../support/content.ts';
import { testApp } from '../support/test-app.ts';

const PAGES = '/api/rest/portal/contents';
const TOPICS = '/api/rest/portal/topics';

describe('content pages and topics', function () {
  this.timeout(60_000);
  let st: ContentStructure;
  let editor: string;
  const id: Record<string, number> = {};

  before(async () => {
    st = await contentStructure();
    editor = await editorKey();
    const s = st.s;
    await importOk({
      families: [{ slug: `fam-${s}`, name: 'Guide family', contentType: st.guide, topic: st.topics.guide, tags: [st.tags.so] }],
      pages: [
        newsPage(st, `story-${s}`, {
          headline: 'The headline',
          blurb: 'The blurb',
          abstract: 'The abstract',
          image: 'https://img.example.org/story.jpg',
          headerImages: [
            {
              masterUrl: 'https://img.example.org/h1.jpg',
              thumbnailUrl: 'https://img.example.org/h1-t.jpg',
              alternativeText: 'First',
              caption: 'One',
            },
            { masterUrl: 'https://img.example.org/h2.jpg' },
          ],
          titleTag: 'Title tag',
          metaKeywords: 'a, b',
          metaDescription: 'Meta description',
          canonicalUrl: 'https://www.example.org/news/story',
          socialTitle: 'Social title',
          socialDescription: 'Social description',
          htmlInfo: '<p>Body</p>',
          sections: {
            hero: [{ title: 'Hero title', image: 'https://img.example.org/hero.jpg' }],
            points: [{ text: 'First' }, { text: 'Second' }],
            links: [{ url: '/guides', label: 'Guides' }],
          },
          publishedAt: '2026-02-01T09:00:00Z',
          family: {
            topic: st.topics.market,
            tags: [st.tags.so, st.tags.leeds],
            location: { type: 'town', name: 'Harrogate', region: 'Yorkshire and The Humber', latitude: 53.99, longitude: -1.54, radius: 3 },
            relatedTo: { entity: 'local_authority', item: 'E08000035' },
          },
        }),
        // the same slug in another sitemap entry, published later
        {
          sitemap: st.blogMap,
          template: 'post',
          slug: `story-${s}`,
          name: 'Blog story',
          publishedAt: '2026-03-01T09:00:00Z',
          family: { slug: `blog-story-${s}`, topic: st.topics.market, tags: [st.tags.so] },
        },
        {
          sitemap: st.guidesMap,
          template: 'chapter',
          family: `fam-${s}`,
          slug: `one-${s}`,
          name: 'One',
          menuLabel: 'Start',
          displayOrder: 1,
          sections: { intro: [{ summary: 'First' }] },
          publishedAt: '2026-01-01T09:00:00Z',
        },
        {
          sitemap: st.guidesMap,
          template: 'chapter',
          family: `fam-${s}`,
          slug: `two-${s}`,
          name: 'Two',
          displayOrder: 2,
          sections: { intro: [{ summary: 'Second' }] },
          publishedAt: '2026-01-01T09:00:00Z',
        },
        {
          sitemap: st.guidesMap,
          template: 'chapter',
          family: `fam-${s}`,
          slug: `three-${s}`,
          name: 'Three',
          displayOrder: 3,
          sections: { intro: [{ summary: 'Third' }] },
          publishedAt: null,
        },
        newsPage(st, `hidden-${s}`, { publishedAt: null, family: { topic: st.topics.market, tags: [st.tags.fh] } }),
        newsPage(st, `policy-${s}`, { family: { topic: st.topics.policy, tags: [st.tags.fh] } }),
      ],
    });
    const { prisma } = testApp().runtime;
    for (const p of await prisma.contentPage.findMany({ where: { slug: { endsWith: s } }, include: { sitemap: true } }))
      id[`${p.sitemap.code === st.blogMap ? 'blog-' : ''}${p.slug.replace(`-${s}`, '')}`] = p.id;
  });

  it('gives a page by id with every field', async () => {
    const res = await api.get(`${PAGES}/${id.story}`);
    expect(res.status).to.equal(200);
    const p = res.body;
    expect(p).to.include({
      id: id.story,
      slug: `story-${st.s}`,
      url: `/news/story-${st.s}`,
      headline: 'The headline',
      blurb: 'The blurb',
      abstract: 'The abstract',
      image: 'https://img.example.org/story.jpg',
      titleTag: 'Title tag',
      metaKeywords: 'a, b',
      metaDescription: 'Meta description',
      canonicalUrl: 'https://www.example.org/news/story',
      socialTitle: 'Social title',
      socialDescription: 'Social description',
      htmlInfo: '<p>Body</p>',
      publishedAt: '2026-02-01T09:00:00.000Z',
      family: null,
    });
    expect(p.template).to.deep.equal({ name: 'article', filePath: 'news/article.html' });
    expect(p.sections).to.deep.equal({
      hero: [{ title: 'Hero title', image: 'https://img.example.org/hero.jpg' }],
      points: [{ text: 'First' }, { text: 'Second' }],
      links: [{ url: '/guides', label: 'Guides' }],
    });
    expect(p.headerImages.map(({ id: _id, ...rest }: { id: number }) => rest)).to.deep.equal([
      {
        alternativeText: 'First',
        caption: 'One',
        masterUrl: 'https://img.example.org/h1.jpg',
        thumbnailUrl: 'https://img.example.org/h1-t.jpg',
      },
      { alternativeText: '', caption: '', masterUrl: 'https://img.example.org/h2.jpg', thumbnailUrl: 'https://img.example.org/h2.jpg' },
    ]);
    expect(p.location).to.deep.equal({
      region: 'Yorkshire and The Humber',
      type: 'town',
      reference: null,
      name: 'Harrogate',
      latitude: 53.99,
      longitude: -1.54,
      radius: 3,
    });
    expect(p.relatedTo.entity).to.deep.equal({ code: 'local_authority', name: 'Local authority' });
    expect(p.relatedTo.item.slug).to.equal('leeds');
  });

  it('gives a page by slug, taking the sitemap code into account', async () => {
    const news = await api.get(`${PAGES}/slug/story-${st.s}`, { query: { sitemap_code: st.newsMap } });
    expect(news.body.id).to.equal(id.story);
    const blog = await api.get(`${PAGES}/slug/story-${st.s}`, { query: { sitemap_code: st.blogMap } });
    expect(blog.body).to.include({ id: id['blog-story'], url: `/blog/${st.topics.market}/story-${st.s}` });
    // without a sitemap code: the most recently published of the two
    expect((await api.get(`${PAGES}/slug/story-${st.s}`)).body.id).to.equal(id['blog-story']);
    expect((await api.get(`${PAGES}/slug/story-${st.s}`, { query: { sitemap_code: st.guidesMap } })).status).to.equal(404);
  });

  it('lists the visible pages of a family, in their order, on each of them', async () => {
    const res = await api.get(`${PAGES}/slug/two-${st.s}`, { query: { sitemap_code: st.guidesMap } });
    expect(res.status).to.equal(200);
    expect(res.body.family).to.deep.equal([
      { id: id.one, slug: `one-${st.s}`, name: 'One', url: `/guides/fam-${st.s}/one-${st.s}`, menuLabel: 'Start', displayOrder: 1 },
      { id: id.two, slug: `two-${st.s}`, name: 'Two', url: `/guides/fam-${st.s}/two-${st.s}`, menuLabel: null, displayOrder: 2 },
    ]);
    const preview = await api.get(`${PAGES}/${id.two}`, { query: { ignore_visibility: '1', api_key: editor } });
    expect(preview.body.family.map((f: { slug: string }) => f.slug)).to.deep.equal([`one-${st.s}`, `two-${st.s}`, `three-${st.s}`]);
  });

  it('404s an unknown id or slug, a non-numeric id, and an unpublished page', async () => {
    expect((await api.get(`${PAGES}/999999999`)).status).to.equal(404);
    expect((await api.get(`${PAGES}/abc`)).status).to.equal(404);
    expect((await api.get(`${PAGES}/slug/nothing-${st.s}`)).status).to.equal(404);
    expect((await api.get(`${PAGES}/${id.three}`)).status).to.equal(404);
    expect((await api.get(`${PAGES}/slug/three-${st.s}`, { query: { sitemap_code: st.guidesMap } })).status).to.equal(404);
  });

  it('shows an unpublished page only with ignore_visibility and an editor api_key', async () => {
    expect((await api.get(`${PAGES}/${id.three}`, { query: { ignore_visibility: '1' } })).status).to.equal(404);
    expect((await api.get(`${PAGES}/${id.three}`, { query: { api_key: editor } })).status).to.equal(404);
    const byId = await api.get(`${PAGES}/${id.three}`, { query: { ignore_visibility: 'true', api_key: editor } });
    expect(byId.status).to.equal(200);
    expect(byId.body.publishedAt).to.equal(null);
    const bySlug = await api.get(`${PAGES}/slug/three-${st.s}`, { query: { ignore_visibility: '1', api_key: editor } });
    expect(bySlug.body.id).to.equal(id.three);
  });

  describe('topics', () => {
    it('gives a topic by id and by slug with its content type and the tags of its listed content, counted', async () => {
      const bySlug = await api.get(`${TOPICS}/slug/${st.topics.market}`);
      expect(bySlug.status).to.equal(200);
      const t = bySlug.body;
      expect(t).to.include({
        code: st.topics.market,
        slug: st.topics.market,
        name: `Market ${st.s}`,
        blurb: 'Market news',
        htmlDetails: null,
      });
      expect(t.contentType).to.deep.include({
        name: 'News',
        singleContent: true,
        activateSources: true,
        singularTopicLabel: 'Topic',
        singularSeriesLabel: 'Series',
      });
      // story (so, leeds) and blog story (so) are listed; the unpublished page's tag (fh) is not counted
      expect(t.tags).to.deep.equal([
        { name: 'Shared ownership', slug: st.tags.so, count: 2 },
        { name: 'Leeds', slug: st.tags.leeds, count: 1 },
      ]);
      expect(t.createdAt).to.be.a('string');
      const byId = await api.get(`${TOPICS}/${t.id}`);
      expect(byId.body).to.deep.equal(t);
    });

    it('counts only main pages, once per family', async () => {
      const res = await api.get(`${TOPICS}/slug/${st.topics.guide}`);
      expect(res.body.tags).to.deep.equal([{ name: 'Shared ownership', slug: st.tags.so, count: 1 }]);
      expect(res.body.htmlDetails).to.equal('<p>All about it</p>');
      expect(res.body.contentType).to.include({ singleContent: false, activateSources: false, singularSeriesLabel: null });
    });

    it('lists every topic, by name', async () => {
      const res = await api.get(TOPICS);
      expect(res.status).to.equal(200);
      const mine = res.body.data.filter((t: { code: string }) => t.code.endsWith(st.s));
      expect(mine.map((t: { code: string }) => t.code)).to.deep.equal([st.topics.guide, st.topics.market, st.topics.policy]);
      expect(mine.find((t: { code: string }) => t.code === st.topics.policy).tags).to.deep.equal([
        { name: 'First Homes', slug: st.tags.fh, count: 1 },
      ]);
    });

    it('404s an unknown topic', async () => {
      expect((await api.get(`${TOPICS}/999999999`)).status).to.equal(404);
      expect((await api.get(`${TOPICS}/x1`)).status).to.equal(404);
      expect((await api.get(`${TOPICS}/slug/nothing-${st.s}`)).status).to.equal(404);
    });
  });
});
