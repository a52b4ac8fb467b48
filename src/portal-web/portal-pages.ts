// Which addresses are the portal's pages (the routes of web/src/main.tsx), and whether the listing, area
// page or content page an address names exists, so that the page is answered with 200 or 404 as a site
// of server-rendered pages would. Existence is asked of the same services the API's reads use.
import { NotFoundError } from '../core/errors.ts';
import type { AreaPageService } from '../areas/area-page-service.ts';
import type { ContentReadService } from '../content/content-read-service.ts';
import type { ListingReadService } from '../listing-reads/listing-read-service.ts';
import { DEFAULT_PORTAL_ID } from '../portals/portal-settings.ts';

/** What an address names that may not exist; null for pages that always exist (search, sign-in, account…). */
export type PageSubject =
  { kind: 'listing'; slug: string } | { kind: 'area'; slug: string } | { kind: 'content'; slug: string; sitemap: string } | null;

export interface PageExistence {
  exists(subject: NonNullable<PageSubject>): Promise<boolean>;
}

const ACCOUNT_SECTIONS = new Set(['favourites', 'applications', 'appointments', 'saved-searches']);

/** One route: its segments; `:name` takes any one segment. Kept in step with web/src/main.tsx. */
const ROUTES: { pattern: string[]; subject?: (params: string[]) => PageSubject }[] = [
  { pattern: [] },
  { pattern: ['search'] },
  { pattern: ['listings', ':slug'], subject: ([slug]) => ({ kind: 'listing', slug: slug! }) },
  { pattern: ['sign-in'] },
  { pattern: ['sign-in', 'link', ':id', ':token'] },
  { pattern: ['sign-in', 'forgot-password'] },
  { pattern: ['sign-in', 'reset-password', ':id', ':token'] },
  { pattern: ['news'] },
  { pattern: ['guides'] },
  { pattern: ['areas'] },
  { pattern: ['account'] },
  { pattern: ['account', ':section'] },
  { pattern: ['account', 'saved-searches', ':id'] },
  { pattern: ['alerts', 'unsubscribe', ':token'] },
  { pattern: ['areas', ':slug'], subject: ([slug]) => ({ kind: 'area', slug: slug! }) },
  { pattern: ['news', ':slug'], subject: ([slug]) => ({ kind: 'content', slug: slug!, sitemap: 'news' }) },
  { pattern: ['guides', ':family', ':slug'], subject: ([, slug]) => ({ kind: 'content', slug: slug!, sitemap: 'guides' }) },
  { pattern: ['pages', ':slug'], subject: ([slug]) => ({ kind: 'content', slug: slug!, sitemap: 'pages' }) },
];

/**
 * The portal page an address is: `undefined` when it is none of them (the portal's "Page not found"),
 * else what it names that may not exist (null for none).
 */
export function portalPageOf(pathname: string): PageSubject | undefined {
  const segments = pathname.split('/').filter(Boolean);
  let decoded: string[];
  try {
    decoded = segments.map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
  for (const route of ROUTES) {
    if (route.pattern.length !== decoded.length) continue;
    if (!route.pattern.every((part, i) => part.startsWith(':') || part === decoded[i])) continue;
    const params = decoded.filter((_, i) => route.pattern[i]!.startsWith(':'));
    if (route.pattern[0] === 'account' && route.pattern.length === 2 && !ACCOUNT_SECTIONS.has(params[0]!)) continue;
    return route.subject ? route.subject(params) : null;
  }
  return undefined;
}

// Only "not found" makes a 404: when a read fails otherwise (the engine is down), the page is served
// as usual and says what went wrong itself, as it would on its own request.
const found = (read: Promise<unknown>): Promise<boolean> =>
  read.then(
    () => true,
    (err: unknown) => !(err instanceof NotFoundError),
  );

/** Existence as the portal's own reads see it: published and visible on the default portal. */
export function servicePageExistence(deps: {
  listings: ListingReadService;
  areas: AreaPageService;
  contents: ContentReadService;
}): PageExistence {
  return {
    exists(subject) {
      switch (subject.kind) {
        case 'listing':
          return found(deps.listings.find({ slug: subject.slug }, DEFAULT_PORTAL_ID, null));
        case 'area':
          return found(deps.areas.find({ slug: subject.slug }, false));
        case 'content':
          return found(deps.contents.page({ slug: subject.slug, sitemapCode: subject.sitemap }, false));
      }
    },
  };
}
