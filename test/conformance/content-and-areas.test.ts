// Conformance: area pages (Area pages endpoints, Area-page resources) and generic content (Generic content
// endpoints, Content resources: list item, page, sub-objects, topic).
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, withdrawListingsOf, type TestAccount } from '../support/factories.ts';
import { pushAppListing, type PushedListing } from '../support/applications.ts';
import { cms, contentStructure, editorKey, importOk, newsPage, uniqueSuffix, type ContentStructure } from '../support/content.ts';

const P = '/api/rest/portal';
type Body = Record<string, any>;

const LIST_ITEM_FIELDS = [
  'id',
  'familyId',
  'url',
  'blurb',
  'publishedAt',
  'image',
  'headerImages',
  'sitemapCode',
  'contentTypeCode',
  'name',
  'headline',
  'slug',
  'abstract',
  'location',
  'topic',
  'series',
  'sources',
  'authors',
  'tags',
];
const PAGE_FIELDS = [
  ...LIST_ITEM_FIELDS,
  'relatedTo',
  'titleTag',
  'metaKeywords',
  'metaDescription',
  'canonicalUrl',
  'socialTitle',
  'socialDescription',
  'htmlInfo',
  'template',
  'sections',
  'family',
];
const AREA_FIELDS = [
  'id',
  'name',
  'slug',
  'template',
  'scheme',
  'region',
  'titleTag',
  'metaKeywords',
  'metaDescription',
  'headline',
  'content',
  'faqs',
  'mainImageUrl',
  'socialImageUrl',
  'socialTitle',
  'socialDescription',
];

describe('conformance: area pages and generic content', function () {
  this.timeout(90_000);
  let st: ContentStructure;
  let editor: string;
  let account: TestAccount;
  const listings: PushedListing[] = [];
  const s = uniqueSuffix();
  let area: { id: number; slug: string };

  before(async () => {
    editor = await editorKey();
    st = await contentStructure();
    await importOk({
      pages: [
        newsPage(st, `old-${s}`, {
          publishedAt: '2026-01-01T10:00:00Z',
          family: {
            topic: st.topics.market,
            tags: [st.tags.so],
            authors: [{ author: st.authors.ann, role: 'Author' }],
            sources: [{ name: 'ONS', url: 'https://www.ons.gov.uk/' }],
            series: st.series,
            location: { type: 'local_authority', reference: 'Leeds' },
          },
        }),
        newsPage(st, `new-${s}`, { publishedAt: '2026-06-01T10:00:00Z', family: { topic: st.topics.market } }),
        newsPage(st, `same-day-later-${s}`, { publishedAt: '2026-01-01T10:00:00Z', family: { topic: st.topics.market } }),
        {
          sitemap: st.guidesMap,
          template: 'chapter',
          family: { slug: `guide-${s}`, name: 'A guide', contentType: st.guide, topic: st.topics.guide },
          slug: `ch1-${s}`,
          name: 'Chapter 1',
          sections: { intro: [{ summary: 'Start' }] },
          publishedAt: '2026-04-01T10:00:00Z',
        },
        {
          sitemap: st.guidesMap,
          template: 'chapter',
          family: `guide-${s}`,
          slug: `ch2-${s}`,
          name: 'Chapter 2',
          sections: { intro: [{ summary: 'Then' }] },
          publishedAt: '2026-04-02T10:00:00Z',
        },
        newsPage(st, `draft-${s}`, { publishedAt: null, family: { topic: st.topics.market } }),
      ],
    });
    account = await createAccount();
    for (let i = 0; i < 7; i++) listings.push(await pushAppListing(account));
    const res = await cms.post(editor, '/area-pages', {
      slug: `manchester-so-${s}`,
      name: 'Shared ownership in Manchester',
      template: 'featured-listings',
      scheme: 'shared-ownership',
      area: { type: 'local_authority', reference: 'Manchester' },
      publishedAt: '2026-01-01T00:00:00Z',
      titleTag: 'Manchester homes',
      metaKeywords: 'manchester',
      metaDescription: 'Homes in Manchester',
      headline: 'Buy a share in Manchester',
      content: {
        heading: 'Manchester',
        description: 'About',
        title1: 'One',
        copy1: 'Copy',
        title2: 'Two',
        copy2: 'Copy two',
        featuredListings: [
          { image: 'https://img.example.org/a.jpg', imageAltText: 'A home', title: 'First', content: 'Text', url: listings[0]!.slug },
        ],
      },
      faqs: [{ question: 'Who can buy?', answer: 'First-time buyers.' }],
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    area = { id: res.body.id, slug: res.body.slug };
  });

  after(() => withdrawListingsOf(account));

  it('[table:area-pages] scheme-areas lists {data} of id, name, slug, color (non-null) and regions of {name, areas of {id, name, slug}}', async () => {
    const res = await api.get(`${P}/scheme-areas`);
    expect(res.status).to.equal(200);
    for (const item of res.body.data) {
      expect(item.id).to.be.a('number');
      for (const f of ['name', 'slug', 'color']) expect(item[f], f).to.be.a('string');
      for (const region of item.regions) {
        expect(region.name).to.be.a('string');
        for (const a of region.areas) expect(a).to.include.keys('id', 'name', 'slug');
      }
    }
    const so = res.body.data.find((x: Body) => x.slug === 'shared-ownership');
    const mine = so.regions.flatMap((r: Body) => r.areas).find((a: Body) => a.id === area.id);
    expect(mine).to.include({ slug: area.slug, name: 'Shared ownership in Manchester' });
  });

  it('[table:area-page] an area page by id and by slug has every field; content has the template fields and featuredListings (camel case)', async () => {
    for (const path of [`${P}/scheme-areas/pages/${area.id}`, `${P}/scheme-areas/pages/slug/${area.slug}`]) {
      const res = await api.get(path);
      expect(res.status, path).to.equal(200);
      expect(res.body).to.include.all.keys(...AREA_FIELDS);
      expect(res.body.template).to.equal('featured-listings');
      expect(res.body.scheme).to.include.keys('id', 'name', 'slug', 'color');
      expect(res.body.region).to.be.a('string');
      expect(res.body.content).to.include.keys('heading', 'description', 'title1', 'copy1', 'title2', 'copy2', 'featuredListings');
      expect(res.body.content.featuredListings[0]).to.include({
        image: 'https://img.example.org/a.jpg',
        imageAltText: 'A home',
        title: 'First',
        content: 'Text',
        url: listings[0]!.slug,
      });
      expect(res.body.faqs).to.deep.equal([{ question: 'Who can buy?', answer: 'First-time buyers.' }]);
    }
  });

  it('[table:area-pages] area listings: {data: [listing items]}, 6 by default, by id and by slug; an unknown page is 404', async () => {
    for (const path of [`${P}/scheme-areas/pages/${area.id}/listings`, `${P}/scheme-areas/pages/slug/${area.slug}/listings`]) {
      const res = await api.get(path);
      expect(res.status).to.equal(200);
      expect(res.body.data).to.have.length(6);
      for (const item of res.body.data) expect(item).to.include.keys('id', 'name', 'slug', 'displayAs', 'schemes');
      expect((await api.get(path, { query: { size: 2 } })).body.data).to.have.length(2);
    }
    expect((await api.get(`${P}/scheme-areas/pages/999999999`)).status).to.equal(404);
  });

  it('[limits.size-defaults] area listings default to 6', async () => {
    const res = await api.get(`${P}/scheme-areas/pages/${area.id}/listings`);
    expect(res.body.data).to.have.length(6);
  });

  it('[table:generic-content] the content list: {data, pagination, links}, published date then creation date descending, page 1 and size 10 by default', async () => {
    const res = await api.get(`${P}/contents`, { query: { topic_code: st.topics.market } });
    expect(res.status).to.equal(200);
    expect(res.body.data.map((x: Body) => x.slug)).to.deep.equal([`new-${s}`, `same-day-later-${s}`, `old-${s}`]);
    expect(res.body.pagination).to.deep.equal({ currentPage: 1, perPage: 10, from: 1, to: 3, total: 3, lastPage: 1 });
    expect(res.body.links).to.include.all.keys('first', 'prev', 'next', 'last');
    const page2 = await api.get(`${P}/contents`, { query: { topic_code: st.topics.market, size: 2, page: 2 } });
    expect(page2.body.data.map((x: Body) => x.slug)).to.deep.equal([`old-${s}`]);
  });

  it('[table:generic-content] filters (sitemap_code, tag_slug) narrow the list; an unmatched filter gives an empty data array', async () => {
    const bySitemap = await api.get(`${P}/contents`, { query: { sitemap_code: st.newsMap } });
    expect(bySitemap.body.data.map((x: Body) => x.slug)).to.include.members([`new-${s}`, `old-${s}`]);
    const byTag = await api.get(`${P}/contents`, { query: { tag_slug: st.tags.so } });
    expect(byTag.body.data.map((x: Body) => x.slug)).to.deep.equal([`old-${s}`]);
    const none = await api.get(`${P}/contents`, { query: { tag_slug: `nothing-${s}` } });
    expect(none.status).to.equal(200);
    expect(none.body.data).to.deep.equal([]);
  });

  it('[table:content-list-item] a content list item has every field of the table, with sub-objects as described', async () => {
    const res = await api.get(`${P}/contents`, { query: { tag_slug: st.tags.so } });
    const [item] = res.body.data;
    expect(item).to.include.all.keys(...LIST_ITEM_FIELDS);
    expect(item.headerImages).to.be.an('array');
    expect(item.publishedAt).to.be.a('string');
  });

  it('[table:content-sub-objects] topic, series, sources, authors, tags and location carry the fields of the sub-objects table', async () => {
    const res = await api.get(`${P}/contents`, { query: { tag_slug: st.tags.so } });
    const [item] = res.body.data;
    expect(item.topic).to.include.keys('id', 'name', 'slug', 'code');
    expect(item.series).to.include.keys('id', 'name', 'slug');
    expect(item.sources[0]).to.include.keys('id', 'name', 'url', 'displayOrder');
    expect(item.authors[0]).to.include.keys('id', 'name', 'role');
    expect(item.tags[0]).to.include.keys('name', 'slug', 'category');
    expect(item.tags[0].category).to.include.keys('name', 'slug');
    expect(item.location).to.include({ type: 'local_authority', name: 'Leeds' });
    expect(item.location.reference).to.be.a('number');
    expect(item.location.region).to.be.a('string');
  });

  it('[content-concepts.family] only the main page of a content family is listed; the page shows its family', async () => {
    const res = await api.get(`${P}/contents`, { query: { content_type_code: st.guide } });
    expect(res.body.data.map((x: Body) => x.slug)).to.deep.equal([`ch1-${s}`]);
    const second = await api.get(`${P}/contents/slug/ch2-${s}`, { query: { sitemap_code: st.guidesMap } });
    expect(second.status).to.equal(200);
    expect(second.body.family.map((f: Body) => f.slug)).to.deep.equal([`ch1-${s}`, `ch2-${s}`]);
  });

  it('[table:content-page] a content page by id and by slug (with sitemap_code) has the list fields plus the page fields', async () => {
    const list = await api.get(`${P}/contents`, { query: { tag_slug: st.tags.so } });
    const id = list.body.data[0].id;
    const byId = await api.get(`${P}/contents/${id}`);
    expect(byId.status).to.equal(200);
    expect(byId.body).to.include.all.keys(...PAGE_FIELDS);
    expect(byId.body.relatedTo).to.include.keys('entity', 'item');
    expect(byId.body.template).to.include.keys('name', 'filePath');
    expect(byId.body.sections).to.be.an('object');
    const bySlug = await api.get(`${P}/contents/slug/old-${s}`, { query: { sitemap_code: st.newsMap } });
    expect(bySlug.body.id).to.equal(id);
  });

  it('[table:generic-content] ignore_visibility shows content not yet published (to an editor); without it it is 404', async () => {
    const path = `${P}/contents/slug/draft-${s}`;
    expect((await api.get(path, { query: { sitemap_code: st.newsMap } })).status).to.equal(404);
    const preview = await api.get(path, { query: { sitemap_code: st.newsMap, ignore_visibility: '1', api_key: editor } });
    expect(preview.status).to.equal(200);
    expect(preview.body.slug).to.equal(`draft-${s}`);
  });

  it('[table:topic] topics: {data} list, one by id and by slug with contentType, name, code, slug, tags of {name, slug, count}', async () => {
    const list = await api.get(`${P}/topics`);
    expect(list.status).to.equal(200);
    const mine = list.body.data.find((t: Body) => t.code === st.topics.market);
    expect(mine).to.not.equal(undefined);
    for (const path of [`${P}/topics/${mine.id}`, `${P}/topics/slug/${mine.slug}`]) {
      const res = await api.get(path);
      expect(res.status).to.equal(200);
      expect(res.body).to.include.all.keys(
        'id',
        'contentType',
        'name',
        'code',
        'slug',
        'blurb',
        'htmlDetails',
        'tags',
        'updatedAt',
        'createdAt',
      );
      expect(res.body.contentType).to.include.all.keys(
        'id',
        'name',
        'singleContent',
        'activateSources',
        'singularTopicLabel',
        'singularSeriesLabel',
      );
      const so = res.body.tags.find((t: Body) => t.slug === st.tags.so);
      expect(so).to.include({ count: 1 });
    }
  });
});
