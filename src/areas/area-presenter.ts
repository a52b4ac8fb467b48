// The only place that shapes area-page JSON: scheme areas, area pages, and the editors' view.
import type { AreaPageRow } from './area-rows.ts';
import { areaOf } from './area-rows.ts';
import type { AREA_TEMPLATES } from './area-inputs.ts';
import type { AreaPagePayload, EditorAreaPagePayload, SchemeAreasPayload } from './area-payload.ts';

interface StoredContent {
  heading?: string | null;
  description?: string | null;
  title1?: string | null;
  copy1?: string | null;
  title2?: string | null;
  copy2?: string | null;
  featuredListings?: { image: string; imageAltText?: string; title: string; content?: string; url?: string | null }[];
}

export function presentAreaPage(p: AreaPageRow): AreaPagePayload {
  const c = (p.content ?? {}) as StoredContent;
  const content: AreaPagePayload['content'] = {
    heading: c.heading ?? null,
    description: c.description ?? null,
    title1: c.title1 ?? null,
    copy1: c.copy1 ?? null,
    title2: c.title2 ?? null,
    copy2: c.copy2 ?? null,
    ...(p.template === 'featured-listings'
      ? {
          featuredListings: (c.featuredListings ?? []).map((f) => ({
            image: f.image,
            imageAltText: f.imageAltText ?? '',
            title: f.title,
            content: f.content ?? '',
            url: f.url ?? null,
          })),
        }
      : {}),
  };
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    // the column holds only the templates the writer accepts
    template: p.template as (typeof AREA_TEMPLATES)[number],
    scheme: { id: p.scheme.id, name: p.scheme.text, slug: p.scheme.slug, color: p.scheme.color },
    region: p.region.name,
    titleTag: p.titleTag,
    metaKeywords: p.metaKeywords,
    metaDescription: p.metaDescription,
    headline: p.headline,
    content,
    faqs: (p.faqs as { question: string; answer: string }[] | null) ?? null,
    mainImageUrl: p.mainImageUrl,
    socialImageUrl: p.socialImageUrl,
    socialTitle: p.socialTitle,
    socialDescription: p.socialDescription,
  };
}

/** Editors also see the page's area and its publication. */
export function presentEditorAreaPage(p: AreaPageRow): EditorAreaPagePayload {
  const area = areaOf(p);
  return {
    ...presentAreaPage(p),
    area: { type: area.type, reference: area.id, name: area.name },
    displayOrder: p.displayOrder,
    publishedAt: p.publishedAt ? p.publishedAt.toISOString() : null,
  };
}

/** Schemes with visible pages, each with its regions and their areas (pages), in the order given. */
export function presentSchemeAreas(pages: AreaPageRow[]): SchemeAreasPayload[] {
  const schemes: SchemeAreasPayload[] = [];
  for (const p of pages) {
    let scheme = schemes.find((s) => s.id === p.scheme.id);
    if (!scheme) schemes.push((scheme = { id: p.scheme.id, name: p.scheme.text, slug: p.scheme.slug, color: p.scheme.color, regions: [] }));
    let region = scheme.regions.find((r) => r.name === p.region.name);
    if (!region) scheme.regions.push((region = { name: p.region.name, areas: [] }));
    region.areas.push({ id: p.id, name: p.name, slug: p.slug });
  }
  return schemes;
}
