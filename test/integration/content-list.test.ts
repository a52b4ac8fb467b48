import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount } from '../support/factories.ts';
import { contentStructure, editorKey, importOk, newsPage, type ContentStructure } from '../support/content.ts';
import { testApp } from '../support/test-app.ts';

const LIST = '/api/rest/portal/contents';
const slugsOf = (res: { body: { data: { slug: string }[] } }) => res.body.data.map((p) => p.slug);

describe('content list', function () {
  this.timeout(60_000);
  let st: ContentStructure;
  let editor: string;
  const ids: Record<string, number> = {};
  let relatedSchemeId: number;

  before(async () => {
    st = await contentStructure();
    editor = await editorKey();
    const s = st.s;
    const { prisma } = testApp().runtime;
    relatedSchemeId = (await prisma.scheme.findUniqueOrThrow({ where: { slug: 'first-homes' } })).id;
    // created in this order; publication dates chosen to test the ordering rule
    await importOk({
      families: [
        {
          slug: `guide-fam-${s}`,
          name: 'A guide',
          contentType: st.guide,
          topic: st.topics.guide,
          tags: [st.tags.so],
          collections: [st.collections.two],
        },
      ],
      pages: [
        newsPage(st, `a-${s}`, {
          publishedAt: '2026-03-01T10:00:00Z',
          family: {
            topic: st.topics.market,
            series: st.series,
            tags: [st.tags.so, st.tags.leeds],
            authors: [{ author: st.authors.ann, role: 'Author' }],
            collections: [st.collections.one],
            sources: [{ name: 'ONS', url: 'https://www.ons.gov.uk/' }],
          },
        }),
        newsPage(st, `b-${s}`, {
          publishedAt: '2026-05-01T10:00:00Z',
          family: {
            topic: st.topics.policy,
            tags: [st.tags.fh],
            authors: [
              { author: st.authors.bob, role: 'Author' },
              { author: st.authors.ann, role: 'Reviewer' },
            ],
            relatedTo: { entity: 'scheme', item: 'first-homes' },
          },
        }),
        // same publication date as a: created later, so listed before it
        newsPage(st, `c-${s}`, {
          publishedAt: '2026-03-01T10:00:00Z',
          family: { topic: st.topics.market, location: { type: 'local_authority', reference: 'Leeds' } },
        }),
        {
          sitemap: st.blogMap,
          template: 'post',
          slug: `d-${s}`,
          name: 'Blog post',
          publishedAt: '2026-02-01T10:00:00Z',
          family: { topic: st.topics.market, series: st.series },
        },
        {
          sitemap: st.guidesMap,
          template: 'chapter',
          family: `guide-fam-${s}`,
          slug: `g1-${s}`,
          name: 'Chapter 1',
          sections: { intro: [{ summary: 'Start here' }] },
          publishedAt: '2026-04-01T10:00:00Z',
        },
        {
          sitemap: st.guidesMap,
          template: 'chapter',
          family: `guide-fam-${s}`,
          slug: `g2-${s}`,
          name: 'Chapter 2',
          sections: { intro: [{ summary: 'Then this' }] },
          publishedAt: '2026-04-02T10:00:00Z',
        },
        // not visible to the public
        newsPage(st, `draft-${s}`, { publishedAt: null, family: { topic: st.topics.market } }),
        newsPage(st, `future-${s}`, { publishedAt: '2099-01-01T00:00:00Z', family: { topic: st.topics.market } }),
        newsPage(st, `disabled-${s}`, { enabled: false, family: { topic: st.topics.market } }),
        newsPage(st, `hidden-family-${s}`, { family: { topic: st.topics.market, enabled: false } }),
      ],
    });
    for (const p of await prisma.contentPage.findMany({ where: { slug: { endsWith: s } } })) ids[p.slug.replace(`-${s}`, '')] = p.id;
  });

  const byTopic = (extra: Record<string, string | number> = {}) => api.get(LIST, { query: { topic_code: st.topics.market, ...extra } });

  it('lists main pages newest published first, then newest created, with pagination and links', async () => {
    const res = await byTopic();
    expect(res.status).to.equal(200);
    expect(slugsOf(res)).to.deep.equal([`c-${st.s}`, `a-${st.s}`, `d-${st.s}`]);
    expect(res.body.pagination).to.deep.equal({ currentPage: 1, perPage: 10, from: 1, to: 3, total: 3, lastPage: 1 });
    expect(res.body.links.first).to.contain(`topic_code=${st.topics.market}`);
    expect(res.body.links.next).to.equal(null);
  });

  it('pages through the list', async () => {
    const first = await byTopic({ size: 2 });
    expect(slugsOf(first)).to.deep.equal([`c-${st.s}`, `a-${st.s}`]);
    expect(first.body.pagination).to.include({ currentPage: 1, perPage: 2, total: 3, lastPage: 2, from: 1, to: 2 });
    expect(first.body.links.next).to.contain('page=2');
    const second = await byTopic({ size: 2, page: 2 });
    expect(slugsOf(second)).to.deep.equal([`d-${st.s}`]);
    expect(second.body.pagination).to.include({ from: 3, to: 3 });
    const beyond = await byTopic({ size: 2, page: 5 });
    expect(beyond.status).to.equal(200);
    expect(beyond.body.data).to.deep.equal([]);
  });

  it('lists only the main page of a family', async () => {
    const res = await api.get(LIST, { query: { content_type_code: st.guide } });
    expect(slugsOf(res)).to.deep.equal([`g1-${st.s}`]);
    expect(res.body.data[0]).to.include({
      url: `/guides/guide-fam-${st.s}/g1-${st.s}`,
      contentTypeCode: st.guide,
      sitemapCode: st.guidesMap,
    });
  });

  it('presents every list item field', async () => {
    const res = await api.get(LIST, {
      query: {
        author_id: (await testApp().runtime.prisma.contentAuthor.findUniqueOrThrow({ where: { slug: st.authors.ann } })).id,
        series_slug: st.series,
      },
    });
    expect(slugsOf(res)).to.deep.equal([`a-${st.s}`]);
    const item = res.body.data[0];
    expect(item).to.have.all.keys(
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
    );
    expect(item).to.include({
      id: ids.a,
      url: `/news/a-${st.s}`,
      publishedAt: '2026-03-01T10:00:00.000Z',
      sitemapCode: st.newsMap,
      contentTypeCode: st.news,
      location: null,
    });
    expect(item.topic).to.include({ code: st.topics.market, slug: st.topics.market });
    expect(item.series).to.include({ slug: st.series, name: 'Monthly update' });
    expect(item.sources).to.deep.equal([{ id: item.sources[0].id, name: 'ONS', url: 'https://www.ons.gov.uk/', displayOrder: 0 }]);
    expect(item.authors).to.deep.equal([{ id: item.authors[0].id, name: 'Ann Author', role: 'Author', trails: ['Housing editor'] }]);
    expect(item.tags.map((t: { slug: string }) => t.slug)).to.have.members([st.tags.so, st.tags.leeds]);
    expect(item.tags.find((t: { slug: string }) => t.slug === st.tags.leeds).category).to.deep.equal({
      name: 'Place',
      slug: st.categories.place,
    });
  });

  it('gives the location of a local authority with its region', async () => {
    const res = await api.get(LIST, { query: { sitemap_code: st.newsMap, topic_slug: st.topics.market } });
    const c = res.body.data.find((p: { slug: string }) => p.slug === `c-${st.s}`);
    expect(c.location).to.deep.include({
      type: 'local_authority',
      name: 'Leeds',
      region: 'Yorkshire and The Humber',
      latitude: null,
      longitude: null,
      radius: null,
    });
    expect(c.location.reference).to.be.a('number');
  });

  describe('filters', () => {
    const cases: [string, () => Record<string, string | number>, () => string[]][] = [];
    const add = (name: string, query: () => Record<string, string | number>, expected: () => string[]) =>
      cases.push([name, query, expected]);
    const S = () => st.s;
    add(
      'sitemap_code',
      () => ({ sitemap_code: st.blogMap }),
      () => [`d-${S()}`],
    );
    add(
      'content_type_code',
      () => ({ content_type_code: st.news, topic_code: st.topics.policy }),
      () => [`b-${S()}`],
    );
    add(
      'related_entity_code',
      () => ({ related_entity_code: 'scheme', content_type_code: st.news }),
      () => [`b-${S()}`],
    );
    add(
      'related_item_id',
      () => ({ related_entity_code: 'scheme', related_item_id: relatedSchemeId, sitemap_code: st.newsMap }),
      () => [`b-${S()}`],
    );
    add(
      'related_item_slug',
      () => ({ related_item_slug: 'first-homes', sitemap_code: st.newsMap }),
      () => [`b-${S()}`],
    );
    add(
      'collection_slug',
      () => ({ collection_slug: st.collections.one }),
      () => [`a-${S()}`],
    );
    add(
      'collection_slug (guide)',
      () => ({ collection_slug: st.collections.two }),
      () => [`g1-${S()}`],
    );
    add(
      'topic_slug',
      () => ({ topic_slug: st.topics.policy }),
      () => [`b-${S()}`],
    );
    add(
      'series_slug',
      () => ({ series_slug: st.series }),
      () => [`a-${S()}`, `d-${S()}`],
    );
    add(
      'tag_slug',
      () => ({ tag_slug: st.tags.so }),
      () => [`g1-${S()}`, `a-${S()}`],
    );
    add(
      'category_slug',
      () => ({ category_slug: st.categories.place }),
      () => [`a-${S()}`],
    );
    add(
      'category_slug (subject)',
      () => ({ category_slug: st.categories.subject }),
      () => [`b-${S()}`, `g1-${S()}`, `a-${S()}`],
    );
    add(
      'several filters together',
      () => ({ tag_slug: st.tags.so, sitemap_code: st.newsMap }),
      () => [`a-${S()}`],
    );
    add(
      'an unknown value',
      () => ({ tag_slug: `nothing-${S()}` }),
      () => [],
    );
    for (const [name, query, expected] of cases) {
      it(`filters by ${name}`, async () => {
        const res = await api.get(LIST, { query: query() });
        expect(res.status).to.equal(200);
        expect(slugsOf(res)).to.deep.equal(expected());
      });
    }

    it('filters by the ids of topics, series, collections and authors', async () => {
      const { prisma } = testApp().runtime;
      const topic = await prisma.contentTopic.findUniqueOrThrow({ where: { code: st.topics.policy } });
      const series = await prisma.contentSeries.findUniqueOrThrow({ where: { slug: st.series } });
      const collection = await prisma.contentCollection.findUniqueOrThrow({ where: { slug: st.collections.one } });
      const bob = await prisma.contentAuthor.findUniqueOrThrow({ where: { slug: st.authors.bob } });
      expect(slugsOf(await api.get(LIST, { query: { topic_id: topic.id } }))).to.deep.equal([`b-${st.s}`]);
      expect(slugsOf(await api.get(LIST, { query: { series_id: series.id } }))).to.deep.equal([`a-${st.s}`, `d-${st.s}`]);
      expect(slugsOf(await api.get(LIST, { query: { collection_id: collection.id } }))).to.deep.equal([`a-${st.s}`]);
      expect(slugsOf(await api.get(LIST, { query: { author_id: bob.id } }))).to.deep.equal([`b-${st.s}`]);
    });

    it('relates content to the site and the marketplace portal by default', async () => {
      const res = await api.get(LIST, { query: { related_entity_code: 'site', related_item_id: 1, topic_code: st.topics.market } });
      expect(slugsOf(res)).to.deep.equal([`c-${st.s}`, `a-${st.s}`, `d-${st.s}`]);
      const bySlug = await api.get(LIST, { query: { related_item_slug: 'home-seeker-marketplace', topic_code: st.topics.market } });
      expect(slugsOf(bySlug)).to.deep.equal([`c-${st.s}`, `a-${st.s}`, `d-${st.s}`]);
    });

    it('refuses malformed filter values and paging with 422, per parameter', async () => {
      const res = await api.get(LIST, { query: { topic_id: 'abc', author_id: '0', page: '0', size: '1000' } });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.all.keys('topic_id', 'author_id', 'page', 'size');
      const repeated = await api.get(LIST, { query: { tag_slug: ['a', 'b'] } });
      expect(repeated.status).to.equal(422);
      expect(repeated.body.errors).to.have.key('tag_slug');
    });
  });

  describe('visibility', () => {
    const hidden = () => [`draft-${st.s}`, `future-${st.s}`, `disabled-${st.s}`, `hidden-family-${st.s}`];

    it('hides unpublished, scheduled, disabled content and disabled families', async () => {
      const res = await byTopic({ size: 50 });
      expect(slugsOf(res)).to.not.include.members(hidden());
      expect(res.body.pagination.total).to.equal(3);
    });

    it('shows them with ignore_visibility and an editor api_key, drafts first', async () => {
      const res = await byTopic({ size: 50, ignore_visibility: '1', api_key: editor });
      expect(slugsOf(res)).to.include.members(hidden());
      expect(res.body.pagination.total).to.equal(7);
      expect(res.body.data[0]).to.include({ slug: `draft-${st.s}`, publishedAt: null });
      expect(slugsOf(res).slice(1, 2)).to.deep.equal([`future-${st.s}`]);
      expect(res.body.links.first).to.not.contain('api_key');
    });

    it('ignores ignore_visibility without an editor key, and an editor key without ignore_visibility', async () => {
      const provider = await createAccount();
      const queries: Record<string, string>[] = [
        { ignore_visibility: 'true' },
        { ignore_visibility: 'true', api_key: provider.key },
        { ignore_visibility: '1', api_key: 'hsp_unknown' },
        { api_key: editor },
      ];
      for (const query of queries) {
        const res = await byTopic({ size: 50, ...query });
        expect(res.status).to.equal(200);
        expect(res.body.pagination.total, JSON.stringify(query)).to.equal(3);
      }
    });
  });
});
