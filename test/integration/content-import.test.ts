import { expect } from 'chai';
import path from 'node:path';
import { api } from '../support/api.ts';
import { contentStructure, importContent, newsPage } from '../support/content.ts';
import { testApp } from '../support/test-app.ts';
import { readContentFolder } from '../../src/content-import/content-folder.ts';
import { ContentImporter, importWriters } from '../../src/content-import/content-import.ts';

const DEMO = path.resolve(import.meta.dirname, '../../content');

describe('content import', function () {
  this.timeout(120_000);

  describe('the demo content', () => {
    const run = () => {
      const { prisma } = testApp().runtime;
      return new ContentImporter(prisma, importWriters(prisma)).run(readContentFolder(DEMO));
    };

    it('imports without a failure, then again changing nothing', async () => {
      const first = await run();
      expect(first.failures).to.deep.equal([]);
      const before = (await api.get('/api/rest/portal/contents/slug/what-is-shared-ownership', { query: { sitemap_code: 'guides' } })).body;
      const news = (await api.get('/api/rest/portal/contents/slug/november-2026-market-update', { query: { sitemap_code: 'news' } })).body;

      const second = await run();
      expect(second.failures).to.deep.equal([]);
      expect(Object.values(second.created).every((count) => count === 0)).to.equal(true);
      expect(second.updated.pages).to.equal(11);
      expect(second.updated.areaPages).to.equal(7);
      // same ids for pages, header images, sources, authors: nothing was recreated
      expect((await api.get(`/api/rest/portal/contents/${before.id}`)).body).to.deep.equal(before);
      expect((await api.get(`/api/rest/portal/contents/${news.id}`)).body).to.deep.equal(news);
    });

    it('gives the guide to shared ownership as one listed family of five pages', async () => {
      const list = await api.get('/api/rest/portal/contents', { query: { sitemap_code: 'guides', topic_code: 'shared-ownership' } });
      expect(list.body.data.map((p: { slug: string }) => p.slug)).to.deep.equal(['what-is-shared-ownership']);
      const page = await api.get(`/api/rest/portal/contents/${list.body.data[0].id}`);
      expect(page.body.family.map((p: { menuLabel: string }) => p.menuLabel)).to.deep.equal([
        'Overview',
        'Who can buy',
        'Costs',
        'Buying more shares',
        'Selling',
      ]);
      expect(page.body.url).to.equal('/guides/guide-to-shared-ownership/what-is-shared-ownership');
      // the Markdown body became the page's html
      expect(page.body.htmlInfo).to.contain('<h2>How it works</h2>');
      expect(page.body.sections.faqs).to.have.length(2);
      expect(page.body.relatedTo).to.deep.equal({
        entity: { code: 'scheme', name: 'Scheme' },
        item: { id: page.body.relatedTo.item.id, slug: 'shared-ownership' },
      });
    });

    it('gives news posts with their topics, series, sources and locations, and area pages for the demo regions', async () => {
      const series = await api.get('/api/rest/portal/contents', { query: { series_slug: 'market-update' } });
      expect(series.body.data.map((p: { slug: string }) => p.slug)).to.deep.equal([
        'november-2026-market-update',
        'october-2026-market-update',
      ]);
      const manchester = await api.get('/api/rest/portal/contents/slug/new-homes-open-in-manchester', { query: { sitemap_code: 'news' } });
      expect(manchester.body.location).to.deep.include({ type: 'city', name: 'Manchester', region: 'North West', radius: 5 });
      const areas = await api.get('/api/rest/portal/scheme-areas');
      const so = areas.body.data.find((x: { slug: string }) => x.slug === 'shared-ownership');
      expect(so.regions.map((r: { name: string }) => r.name)).to.include.members([
        'London',
        'North West',
        'Yorkshire and The Humber',
        'South West',
        'Wales',
        'Scotland',
      ]);
      const london = await api.get('/api/rest/portal/scheme-areas/pages/slug/shared-ownership-london');
      expect(london.body.content.featuredListings.map((f: { imageAltText: string }) => f.imageAltText)).to.deep.equal([
        'Flats beside a canal in east London',
        'Terraced family houses in south London',
      ]);
    });
  });

  describe('failures', () => {
    it('reports each refused object with its source and errors, and imports the rest', async () => {
      const st = await contentStructure();
      const report = await importContent({
        tags: [
          { slug: `ok-${st.s}`, name: 'Fine', category: st.categories.subject },
          { slug: `bad-${st.s}`, name: 'Bad', category: 'nope' },
        ],
        pages: [newsPage(st, `good-${st.s}`), newsPage(st, `broken-${st.s}`, { sections: { hero: [{}] } })],
        sitemaps: [{ code: `bad-map-${st.s}`, name: 'X', contentType: st.news, urlPattern: '/x/{id}', templates: [] }],
        contentTypes: [{ code: `bad-type-${st.s}`, name: 'X', tagCategories: ['nope'] }],
      });
      expect(report.created.tags).to.equal(1);
      expect(report.created.pages).to.equal(1);
      expect(report.failures.map((f) => f.source)).to.deep.equal([
        'test:contentTypes[0]',
        'test:sitemaps[0]',
        'test:tags[1]',
        'test:pages[1]',
      ]);
      expect(report.failures[1]!.errors).to.include.keys('urlPattern', 'templates');
      expect(report.failures[2]!.errors).to.have.key('category');
      expect(report.failures[3]!.errors).to.include.keys('sections.hero[0].title', 'sections.points');
    });

    it('keeps a page in its family: naming another family is refused, an inline family is updated', async () => {
      const st = await contentStructure();
      const slug = `kept-${st.s}`;
      expect((await importContent({ pages: [newsPage(st, slug, { family: { topic: st.topics.market } })] })).failures).to.deep.equal([]);
      const moved = await importContent({ pages: [newsPage(st, slug, { family: `elsewhere-${st.s}` })] });
      expect(moved.failures[0]!.errors).to.have.key('family');
      const updated = await importContent({ pages: [newsPage(st, slug, { headline: 'Changed', family: { topic: st.topics.policy } })] });
      expect(updated.failures).to.deep.equal([]);
      const page = await api.get(`/api/rest/portal/contents/slug/${slug}`, { query: { sitemap_code: st.newsMap } });
      expect(page.body.headline).to.equal('Changed');
      expect(page.body.topic.code).to.equal(st.topics.policy);
    });

    it('never changes the content type of a sitemap entry', async () => {
      const st = await contentStructure();
      const report = await importContent({
        sitemaps: [
          {
            code: st.newsMap,
            name: 'News',
            contentType: st.guide,
            urlPattern: '/news/{slug}',
            templates: [{ name: 'article', filePath: 'x', sections: [] }],
          },
        ],
      });
      expect(report.failures[0]!.errors).to.have.key('contentType');
      const { prisma } = testApp().runtime;
      const template = await prisma.contentTemplate.findFirstOrThrow({ where: { sitemap: { code: st.newsMap }, name: 'article' } });
      expect(template.filePath).to.equal('news/article.html');
    });
  });
});
