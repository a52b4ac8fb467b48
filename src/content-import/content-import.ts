// Imports a content bundle, idempotently: every object is matched by its key (codes for content types,
// sitemap entries and topics; slugs otherwise; sitemap entry + slug for pages) and created or brought up to
// date through the same writers as the content management interface, so the same rules and template
// checks apply. Content types, tag categories, sitemap entries with their templates, series, authors and
// collections are set up here only. Each object is its own transaction; failures are collected and reported.
import type { PrismaClient } from '../db/prisma.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { AppError, ValidationError } from '../core/errors.ts';
import { validate } from '../core/validation.ts';
import { AreaPageWriter } from '../areas/area-page-writer.ts';
import { areaPageSchema } from '../areas/area-inputs.ts';
import {
  authorSchema,
  collectionSchema,
  contentTypeSchema,
  familySchema,
  pageCreateSchema,
  pageUpdateSchema,
  seriesSchema,
  sitemapSchema,
  tagCategorySchema,
  tagSchema,
  topicSchema,
} from '../content/content-inputs.ts';
import { normaliseSections } from '../content/template-model.ts';
import { BUNDLE_KINDS, type BundleItem, type BundleKind, type ContentBundle } from './content-folder.ts';
import { FamilyWriter } from '../content/family-writer.ts';
import { PageWriter } from '../content/page-writer.ts';
import { TaxonomyWriter } from '../content/taxonomy-writer.ts';

export interface ImportWriters {
  families: FamilyWriter;
  pages: PageWriter;
  taxonomy: TaxonomyWriter;
  areaPages: AreaPageWriter;
}

export function importWriters(prisma: PrismaClient): ImportWriters {
  const families = new FamilyWriter(prisma);
  return { families, pages: new PageWriter(prisma, families), taxonomy: new TaxonomyWriter(prisma), areaPages: new AreaPageWriter(prisma) };
}

export interface ImportFailure {
  source: string;
  message: string;
  errors?: Record<string, string[]>;
}

export interface ImportReport {
  created: Record<BundleKind, number>;
  updated: Record<BundleKind, number>;
  failures: ImportFailure[];
}

type Outcome = 'created' | 'updated';
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export class ContentImporter {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly writers: ImportWriters,
  ) {}

  async run(bundle: ContentBundle): Promise<ImportReport> {
    const zero = () => Object.fromEntries(BUNDLE_KINDS.map((k) => [k, 0])) as Record<BundleKind, number>;
    const report: ImportReport = { created: zero(), updated: zero(), failures: [] };
    const steps: Record<BundleKind, (data: Record<string, unknown>) => Promise<Outcome>> = {
      tagCategories: (d) => this.tagCategory(d),
      contentTypes: (d) => this.contentType(d),
      sitemaps: (d) => this.sitemap(d),
      tags: (d) => this.tag(d),
      topics: (d) => this.topic(d),
      series: (d) => this.series(d),
      authors: (d) => this.author(d),
      collections: (d) => this.collection(d),
      families: (d) => this.family(d),
      pages: (d) => this.page(d),
      areaPages: (d) => this.areaPage(d),
    };
    for (const kind of BUNDLE_KINDS) {
      for (const item of bundle[kind]) {
        try {
          report[await steps[kind](item.data)][kind]++;
        } catch (err) {
          report.failures.push(failure(item, err));
        }
      }
    }
    return report;
  }

  private async tagCategory(data: Record<string, unknown>): Promise<Outcome> {
    const input = validate(tagCategorySchema, data);
    const existing = await this.prisma.contentTagCategory.findUnique({ where: { slug: input.slug } });
    await this.prisma.contentTagCategory.upsert({ where: { slug: input.slug }, create: input, update: { name: input.name } });
    return existing ? 'updated' : 'created';
  }

  /** The code is the key, so it never changes; the tag categories offered are replaced. */
  private async contentType(data: Record<string, unknown>): Promise<Outcome> {
    const input = validate(contentTypeSchema, data);
    const categories = await this.prisma.contentTagCategory.findMany({ where: { slug: { in: input.tagCategories } } });
    const missing = input.tagCategories.filter((slug) => !categories.some((c) => c.slug === slug));
    if (missing.length) throw ValidationError.field('tagCategories', `no tag categories ${missing.join(', ')}`);
    const fields = {
      name: input.name,
      singleContent: input.singleContent,
      topicUse: input.topic,
      activateSeries: input.series,
      activateSources: input.sources,
      singularTopicLabel: input.singularTopicLabel ?? null,
      singularSeriesLabel: input.singularSeriesLabel ?? null,
    };
    const existing = await this.prisma.contentType.findUnique({ where: { code: input.code } });
    await this.prisma.$transaction(async (tx) => {
      const type = await tx.contentType.upsert({ where: { code: input.code }, create: { code: input.code, ...fields }, update: fields });
      await tx.contentTypeCategory.deleteMany({ where: { contentTypeId: type.id } });
      await tx.contentTypeCategory.createMany({ data: categories.map((c) => ({ contentTypeId: type.id, categoryId: c.id })) });
    });
    return existing ? 'updated' : 'created';
  }

  /** Templates are matched by name within the entry; templates no longer listed are kept for their pages. */
  private async sitemap(data: Record<string, unknown>): Promise<Outcome> {
    const input = validate(sitemapSchema, data);
    const type = await this.prisma.contentType.findUnique({ where: { code: input.contentType } });
    if (!type) throw ValidationError.field('contentType', `no content type ${input.contentType}`);
    const existing = await this.prisma.contentSitemap.findUnique({ where: { code: input.code } });
    if (existing && existing.contentTypeId !== type.id)
      throw ValidationError.field('contentType', 'the content type of a sitemap entry cannot change');
    await this.prisma.$transaction(async (tx) => {
      const fields = { name: input.name, contentTypeId: type.id, urlPattern: input.urlPattern };
      const sitemap = await tx.contentSitemap.upsert({
        where: { code: input.code },
        create: { code: input.code, ...fields },
        update: fields,
      });
      for (const t of input.templates) {
        const sections = normaliseSections(t.sections) as unknown as Prisma.InputJsonValue;
        await tx.contentTemplate.upsert({
          where: { sitemapId_name: { sitemapId: sitemap.id, name: t.name } },
          create: { sitemapId: sitemap.id, name: t.name, filePath: t.filePath, sections },
          update: { filePath: t.filePath, sections },
        });
      }
    });
    return existing ? 'updated' : 'created';
  }

  private async tag(data: Record<string, unknown>): Promise<Outcome> {
    const existing = str(data.slug) ? await this.prisma.contentTag.findUnique({ where: { slug: str(data.slug) } }) : null;
    if (existing) await this.writers.taxonomy.updateTag(existing.id, validate(tagSchema('update'), data));
    else await this.writers.taxonomy.createTag(validate(tagSchema('create'), data));
    return existing ? 'updated' : 'created';
  }

  private async topic(data: Record<string, unknown>): Promise<Outcome> {
    const existing = str(data.code) ? await this.prisma.contentTopic.findUnique({ where: { code: str(data.code) } }) : null;
    if (existing) await this.writers.taxonomy.updateTopic(existing.id, validate(topicSchema('update'), data));
    else await this.writers.taxonomy.createTopic(validate(topicSchema('create'), data));
    return existing ? 'updated' : 'created';
  }

  private async series(data: Record<string, unknown>): Promise<Outcome> {
    const input = validate(seriesSchema, data);
    const type = await this.prisma.contentType.findUnique({ where: { code: input.contentType } });
    if (!type) throw ValidationError.field('contentType', `no content type ${input.contentType}`);
    if (!type.activateSeries) throw ValidationError.field('contentType', `content of type ${type.code} has no series`);
    const existing = await this.prisma.contentSeries.findUnique({ where: { slug: input.slug } });
    const fields = { name: input.name, contentTypeId: type.id };
    await this.prisma.contentSeries.upsert({ where: { slug: input.slug }, create: { slug: input.slug, ...fields }, update: fields });
    return existing ? 'updated' : 'created';
  }

  private async author(data: Record<string, unknown>): Promise<Outcome> {
    const input = validate(authorSchema, data);
    const existing = await this.prisma.contentAuthor.findUnique({ where: { slug: input.slug } });
    await this.prisma.contentAuthor.upsert({
      where: { slug: input.slug },
      create: input,
      update: { name: input.name, trails: input.trails },
    });
    return existing ? 'updated' : 'created';
  }

  private async collection(data: Record<string, unknown>): Promise<Outcome> {
    const input = validate(collectionSchema, data);
    const existing = await this.prisma.contentCollection.findUnique({ where: { slug: input.slug } });
    const fields = { name: input.name, description: input.description ?? null };
    await this.prisma.contentCollection.upsert({ where: { slug: input.slug }, create: { slug: input.slug, ...fields }, update: fields });
    return existing ? 'updated' : 'created';
  }

  private async family(data: Record<string, unknown>): Promise<Outcome> {
    const existing = str(data.slug) ? await this.prisma.contentFamily.findUnique({ where: { slug: str(data.slug) } }) : null;
    if (existing) await this.writers.families.update(existing.id, validate(familySchema('update'), data));
    else await this.writers.families.create(validate(familySchema('create'), data));
    return existing ? 'updated' : 'created';
  }

  /**
   * A page already there is updated; its family stays (a named family must be the page's own), and an
   * inline family updates the page's family.
   */
  private async page(data: Record<string, unknown>): Promise<Outcome> {
    const sitemap = str(data.sitemap) ? await this.prisma.contentSitemap.findUnique({ where: { code: str(data.sitemap) } }) : null;
    const existing =
      sitemap && str(data.slug)
        ? await this.prisma.contentPage.findUnique({
            where: { sitemapId_slug: { sitemapId: sitemap.id, slug: str(data.slug)! } },
            include: { family: true },
          })
        : null;
    if (!existing) {
      await this.writers.pages.create(validate(pageCreateSchema, data));
      return 'created';
    }
    const { family, ...page } = data;
    if (typeof family === 'string' && family !== existing.family.slug)
      throw ValidationError.field('family', `the page belongs to family ${existing.family.slug}; a page cannot move to another family`);
    const pageInput = validate(pageUpdateSchema, page);
    if (family && typeof family === 'object')
      await this.writers.families.update(existing.familyId, validate(familySchema('update'), family));
    await this.writers.pages.update(existing.id, pageInput);
    return 'updated';
  }

  private async areaPage(data: Record<string, unknown>): Promise<Outcome> {
    const existing = str(data.slug) ? await this.prisma.areaPage.findUnique({ where: { slug: str(data.slug) } }) : null;
    if (existing) await this.writers.areaPages.update(existing.id, validate(areaPageSchema('update'), data));
    else await this.writers.areaPages.create(validate(areaPageSchema('create'), data));
    return existing ? 'updated' : 'created';
  }
}

function failure(item: BundleItem, err: unknown): ImportFailure {
  if (err instanceof ValidationError) return { source: item.source, message: err.message, errors: err.errors };
  if (err instanceof AppError) return { source: item.source, message: err.message };
  throw err;
}
