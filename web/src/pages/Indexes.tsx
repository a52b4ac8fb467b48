// The index pages of the editorial content and the area pages: /news and /guides (the content list of
// that sitemap, newest first, a page at a time) and /areas (every published area page by scheme and region).
import { useLocation } from 'preact-iso';
import { api, P, type Schemas } from '../api.ts';
import { Loading, Problem, useLoad, useTitle } from '../components/common.tsx';
import { CardGrid, ContentCard } from '../components/CardGrid.tsx';

const PAGE_SIZE = 12;

type ContentList = { data: Schemas['ContentListItem'][]; pagination: Schemas['Pagination'] };

function ContentIndex({ sitemap, title, intro }: { sitemap: 'news' | 'guides'; title: string; intro: string }) {
  const { query, path } = useLocation();
  const page = Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1);
  // a tag chip of a content page opens this index narrowed to its tag
  const tag = query.tag || null;
  const list = useLoad(
    () => api<ContentList>(`${P}/contents`, { query: { sitemap_code: sitemap, page, size: PAGE_SIZE, ...(tag ? { tag_slug: tag } : {}) } }),
    [sitemap, page, tag],
  );
  const tagName = tag ? (list.data?.data.flatMap((item) => item.tags).find((t) => t.slug === tag)?.name ?? tag) : null;
  const heading = tagName ? `${title}: ${tagName}` : title;
  useTitle(heading);
  const pageHref = (n: number) => `${path}?${tag ? `tag=${encodeURIComponent(tag)}&` : ''}page=${n}`;
  const pagination = list.data?.pagination;
  return (
    <div class="wrap">
      <h1>{heading}</h1>
      {tag && (
        <p>
          <a href={path}>All {title.toLowerCase()}</a>
        </p>
      )}
      <p>{intro}</p>
      {list.loading && <Loading />}
      {list.error ? <Problem error={list.error} /> : null}
      {list.data && list.data.data.length === 0 && <p>Nothing has been published here yet.</p>}
      <CardGrid items={list.data?.data}>{(item) => <ContentCard item={item} heading="h2" />}</CardGrid>
      {pagination && pagination.lastPage > 1 && (
        <nav class="pager" aria-label={`Pages of ${title.toLowerCase()}`}>
          {page > 1 && <a href={pageHref(page - 1)}>Newer</a>}
          <span>
            Page {pagination.currentPage} of {pagination.lastPage}
          </span>
          {page < pagination.lastPage && <a href={pageHref(page + 1)}>Older</a>}
        </nav>
      )}
    </div>
  );
}

export function NewsIndex() {
  return <ContentIndex sitemap="news" title="News" intro="News about affordable homes, schemes and the portal." />;
}

export function GuidesIndex() {
  return <ContentIndex sitemap="guides" title="Guides" intro="Guides to the schemes, buying a share, renting and applying for a home." />;
}

export function AreasIndex() {
  useTitle('Areas');
  const areas = useLoad(() => api<{ data: Schemas['SchemeAreas'][] }>(`${P}/scheme-areas`), []);
  return (
    <div class="wrap">
      <h1>Areas</h1>
      <p>Homes and schemes by area: each page tells what a scheme offers there, with its homes.</p>
      {areas.loading && <Loading />}
      {areas.error ? <Problem error={areas.error} /> : null}
      {areas.data && areas.data.data.length === 0 && <p>No area pages have been published yet.</p>}
      {areas.data?.data.map((scheme) => (
        <section key={scheme.id} class="section" aria-labelledby={`scheme-${scheme.id}`}>
          <h2 id={`scheme-${scheme.id}`}>{scheme.name}</h2>
          {scheme.regions.map((region) => (
            <div key={region.name} class="area-region">
              <h3>{region.name}</h3>
              <ul class="area-list">
                {region.areas.map((area) => (
                  <li key={area.id}>
                    <a href={`/areas/${area.slug}`}>{area.name}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
