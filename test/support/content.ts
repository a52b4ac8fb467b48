// Content for tests: an editor account, and a content structure with names unique to the calling test file
// (content types, sitemap entries with templates, tags, topics, series, authors, collections), set up through
// the import so each file works on its own data in the shared test database.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { api } from './api.ts';
import { testApp } from './test-app.ts';
import { ApiAccountService } from '../../src/api-accounts/api-account-service.ts';
import { bundleOf, type BundleKind } from '../../src/content-import/content-folder.ts';
import { ContentImporter, importWriters, type ImportReport } from '../../src/content-import/content-import.ts';

export const uniqueSuffix = () => randomUUID().slice(0, 8);

export async function editorKey(): Promise<string> {
  const { key } = await new ApiAccountService(testApp().runtime.prisma).createAccount({
    name: `Editor ${uniqueSuffix()}`,
    kind: 'editor',
    tier: 'basic',
  });
  return key;
}

export async function importContent(parts: Partial<Record<BundleKind, Record<string, unknown>[]>>): Promise<ImportReport> {
  const { prisma } = testApp().runtime;
  return new ContentImporter(prisma, importWriters(prisma)).run(bundleOf(parts, 'test'));
}

/** Imports and insists that nothing was refused. */
export async function importOk(parts: Partial<Record<BundleKind, Record<string, unknown>[]>>): Promise<ImportReport> {
  const report = await importContent(parts);
  expect(report.failures, JSON.stringify(report.failures)).to.deep.equal([]);
  return report;
}

export interface ContentStructure {
  s: string;
  /** content types */
  news: string;
  guide: string;
  page: string;
  /** sitemap entries */
  newsMap: string;
  blogMap: string;
  guidesMap: string;
  pagesMap: string;
  tags: { so: string; fh: string; leeds: string; ftb: string };
  categories: { subject: string; place: string; audience: string };
  topics: { market: string; policy: string; guide: string };
  series: string;
  authors: { ann: string; bob: string };
  collections: { one: string; two: string };
}

/**
 * Content types: news (single page, topic optional, series and sources, subject and place tags), guide
 * (several pages, topic required, subject tags), page (single page, no topic, no tags).
 * Sitemap entries: news and blog (news), guides (guide), pages (page).
 */
export async function contentStructure(): Promise<ContentStructure> {
  const s = uniqueSuffix();
  const st: ContentStructure = {
    s,
    news: `news-${s}`,
    guide: `guide-${s}`,
    page: `page-${s}`,
    newsMap: `news-${s}`,
    blogMap: `blog-${s}`,
    guidesMap: `guides-${s}`,
    pagesMap: `pages-${s}`,
    tags: { so: `so-${s}`, fh: `fh-${s}`, leeds: `leeds-${s}`, ftb: `ftb-${s}` },
    categories: { subject: `subject-${s}`, place: `place-${s}`, audience: `audience-${s}` },
    topics: { market: `market-${s}`, policy: `policy-${s}`, guide: `guide-topic-${s}` },
    series: `update-${s}`,
    authors: { ann: `ann-${s}`, bob: `bob-${s}` },
    collections: { one: `col-${s}`, two: `col2-${s}` },
  };
  const c = st.categories;
  await importOk({
    tagCategories: [
      { slug: c.subject, name: 'Subject' },
      { slug: c.place, name: 'Place' },
      { slug: c.audience, name: 'Audience' },
    ],
    contentTypes: [
      {
        code: st.news,
        name: 'News',
        singleContent: true,
        topic: 'optional',
        series: true,
        sources: true,
        singularTopicLabel: 'Topic',
        singularSeriesLabel: 'Series',
        tagCategories: [c.subject, c.place],
      },
      { code: st.guide, name: 'Guide', singleContent: false, topic: 'required', tagCategories: [c.subject] },
      { code: st.page, name: 'Page', singleContent: true, topic: 'none', tagCategories: [] },
    ],
    sitemaps: [
      {
        code: st.newsMap,
        name: 'News',
        contentType: st.news,
        urlPattern: '/news/{slug}',
        templates: [
          {
            name: 'article',
            filePath: 'news/article.html',
            sections: [
              {
                name: 'hero',
                fields: [
                  { name: 'title', type: 'Text', required: true },
                  { name: 'image', type: 'Image' },
                ],
              },
              { name: 'points', repeatable: true, min: 1, max: 3, fields: [{ name: 'text', type: 'Text', required: true }] },
              {
                name: 'links',
                repeatable: true,
                fields: [
                  { name: 'url', type: 'Url', required: true },
                  { name: 'label', type: 'Text' },
                ],
              },
            ],
          },
          { name: 'brief', filePath: 'news/brief.html', sections: [{ name: 'body', fields: [{ name: 'html', type: 'Html' }] }] },
        ],
      },
      {
        code: st.blogMap,
        name: 'Blog',
        contentType: st.news,
        urlPattern: '/blog/{topic}/{slug}',
        templates: [{ name: 'post', filePath: 'blog/post.html', sections: [{ name: 'body', fields: [{ name: 'html', type: 'Html' }] }] }],
      },
      {
        code: st.guidesMap,
        name: 'Guides',
        contentType: st.guide,
        urlPattern: '/guides/{family}/{slug}',
        templates: [
          {
            name: 'chapter',
            filePath: 'guides/chapter.html',
            sections: [{ name: 'intro', fields: [{ name: 'summary', type: 'TextArea', required: true }] }],
          },
        ],
      },
      {
        code: st.pagesMap,
        name: 'Pages',
        contentType: st.page,
        urlPattern: '/{slug}',
        templates: [{ name: 'plain', filePath: 'pages/plain.html', sections: [] }],
      },
    ],
    tags: [
      { slug: st.tags.so, name: 'Shared ownership', category: c.subject },
      { slug: st.tags.fh, name: 'First Homes', category: c.subject },
      { slug: st.tags.leeds, name: 'Leeds', category: c.place },
      { slug: st.tags.ftb, name: 'First-time buyers', category: c.audience },
    ],
    topics: [
      { contentType: st.news, code: st.topics.market, slug: st.topics.market, name: `Market ${s}`, blurb: 'Market news' },
      { contentType: st.news, code: st.topics.policy, slug: st.topics.policy, name: `Policy ${s}` },
      { contentType: st.guide, code: st.topics.guide, slug: st.topics.guide, name: `Guides ${s}`, htmlDetails: '<p>All about it</p>' },
    ],
    series: [{ contentType: st.news, slug: st.series, name: 'Monthly update' }],
    authors: [
      { slug: st.authors.ann, name: 'Ann Author', trails: ['Housing editor'] },
      { slug: st.authors.bob, name: 'Bob Writer' },
    ],
    collections: [
      { slug: st.collections.one, name: 'Essentials' },
      { slug: st.collections.two, name: 'Campaign' },
    ],
  });
  return st;
}

/** A valid news page body for the `article` template; `overrides` replace top-level fields. */
export function newsPage(st: ContentStructure, slug: string, overrides: Record<string, unknown> = {}) {
  return {
    sitemap: st.newsMap,
    template: 'article',
    slug,
    name: `News ${slug}`,
    sections: { hero: [{ title: `Title of ${slug}` }], points: [{ text: 'One point' }] },
    publishedAt: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}

export const cms = {
  post: (key: string, path: string, body: unknown) => api.post(`/api/rest/cms${path}`, body, { query: { api_key: key } }),
  patch: (key: string, path: string, body: unknown) => api.patch(`/api/rest/cms${path}`, body, { query: { api_key: key } }),
};
