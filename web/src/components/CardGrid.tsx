// The grid of cards the pages show listings and content in, and the card of a content page (news, a guide, a page).
import type { ComponentChildren } from 'preact';
import { dayText } from '../format.ts';

export function CardGrid<T extends { id: number | string }>({
  items,
  keyOf = (item) => item.id,
  children,
}: {
  items: readonly T[] | undefined;
  keyOf?: (item: T) => number | string;
  children: (item: T) => ComponentChildren;
}) {
  return (
    <ul class="card-grid">
      {items?.map((item) => (
        <li key={keyOf(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}

/** where a content page lives in the portal: news and guides at their own addresses, site pages under /pages/ */
export function contentHref(item: { url: string; slug: string; sitemapCode: string }): string {
  if (item.sitemapCode === 'news' || item.sitemapCode === 'guides') return item.url;
  return `/pages/${item.slug}`;
}

export interface ContentCardItem {
  url: string;
  slug: string;
  sitemapCode: string;
  name: string;
  image?: string | null;
  publishedAt?: string | null;
  blurb?: string | null;
}

/** `heading`: the level of the card's title in its page's outline */
export function ContentCard({ item, heading: Heading }: { item: ContentCardItem; heading: 'h2' | 'h3' }) {
  return (
    <article class="card">
      {item.image && <img class="card-image" src={item.image} alt="" loading="lazy" />}
      <div class="card-body">
        <Heading class="card-title">
          <a href={contentHref(item)}>{item.name}</a>
        </Heading>
        {item.publishedAt && <p class="muted">{dayText(item.publishedAt)}</p>}
        {item.blurb && <p>{item.blurb}</p>}
      </div>
    </article>
  );
}
