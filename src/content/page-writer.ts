// Creating, changing, publishing and unpublishing content pages. A page belongs to a sitemap entry and one
// of its templates (its sections are checked against it) and to a family of the same content type: an
// existing one, or a new one made from the page (its fields under `family`). A family's first page becomes
// its main page unless said otherwise; single-content families hold one page.
import type { PrismaClient } from '../db/prisma.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../core/errors.ts';
import { isUniqueViolation } from '../db/db-errors.ts';
import type { FamilyInput, PageCreateInput, PageUpdateInput, PublishInput } from './content-inputs.ts';
import { familyPageProblem } from './content-type-rules.ts';
import { pageInclude, type PageRow } from './content-rows.ts';
import { validateSections, type TemplateSection } from './template-model.ts';
import { familyByRef, Problems, type Db, type Ref } from './content-references.ts';
import type { FamilyWriter } from './family-writer.ts';

const TEXT_COLUMNS = [
  'headline',
  'blurb',
  'abstract',
  'image',
  'titleTag',
  'metaKeywords',
  'metaDescription',
  'canonicalUrl',
  'socialTitle',
  'socialDescription',
  'htmlInfo',
  'menuLabel',
] as const;

function fail(errors: FieldErrors): never {
  throw new ValidationError(errors, Object.values(errors)[0]![0]);
}

function withPrefix(err: unknown, prefix: string): FieldErrors {
  if (!(err instanceof ValidationError)) throw err;
  return Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k.startsWith(prefix) ? k : `${prefix}${k}`, v]));
}

type PageInput = PageCreateInput | PageUpdateInput;

function columnsOf(input: PageInput) {
  const out: Record<string, unknown> = {};
  for (const key of TEXT_COLUMNS) if (input[key] !== undefined) out[key] = input[key];
  if (input.slug !== undefined) out.slug = input.slug;
  if (input.name !== undefined) out.name = input.name;
  if (input.displayOrder !== undefined) out.displayOrder = input.displayOrder;
  if (input.enabled !== undefined) out.enabled = input.enabled;
  if (input.publishedAt !== undefined) out.publishedAt = input.publishedAt;
  return out;
}

const headerImagesOf = (input: PageInput) =>
  input.headerImages?.map((h, i) => ({
    masterUrl: h.masterUrl!,
    thumbnailUrl: h.thumbnailUrl ?? h.masterUrl!,
    alternativeText: h.alternativeText,
    caption: h.caption,
    displayOrder: i,
  }));

async function sitemapByCode(db: Db, code: string) {
  return db.contentSitemap.findUnique({ where: { code }, include: { contentType: true, templates: true } });
}

/** A family made from a page is named after it: its slug, else prefixed with the sitemap code, else numbered. */
async function freeFamilySlug(db: Db, pageSlug: string, sitemapCode: string): Promise<string> {
  const candidates = [pageSlug, `${sitemapCode}-${pageSlug}`];
  for (let i = 2; i < 50; i++) candidates.push(`${sitemapCode}-${pageSlug}-${i}`);
  const taken = new Set(
    (await db.contentFamily.findMany({ where: { slug: { in: candidates } }, select: { slug: true } })).map((f) => f.slug),
  );
  return candidates.find((c) => !taken.has(c)) ?? `${sitemapCode}-${pageSlug}-${Date.now()}`;
}

export class PageWriter {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly families: FamilyWriter,
  ) {}

  async load(id: number, db: Db = this.prisma): Promise<PageRow> {
    const row = await db.contentPage.findUnique({ where: { id }, include: pageInclude(undefined) });
    if (!row) throw new NotFoundError(`Content page ${id} was not found`);
    return row;
  }

  async create(input: PageCreateInput): Promise<PageRow> {
    const familyRef = input.family;
    const id = await this.prisma
      .$transaction(async (tx) => {
        const problems = new Problems();
        const sitemap = await sitemapByCode(tx, input.sitemap!);
        if (!sitemap) problems.add('sitemap', `no sitemap entry ${input.sitemap}`);
        const template = sitemap?.templates.find((t) => t.name === input.template);
        if (sitemap && !template) problems.add('template', `sitemap entry ${sitemap.code} has no template ${input.template}`);
        const sections = template
          ? validateSections({ name: template.name, sections: template.sections as unknown as TemplateSection[] }, input.sections)
          : null;
        if (sections) problems.merge(sections.errors);

        let familyId: number | null = null;
        let familyMain: number | null = null;
        if (typeof familyRef === 'number' || typeof familyRef === 'string') {
          const family = await familyByRef(tx, familyRef as Ref);
          if (!family) problems.add('family', `no family ${familyRef}`);
          else if (sitemap) {
            const type = await tx.contentType.findUniqueOrThrow({ where: { id: family.contentTypeId } });
            if (family.contentTypeId !== sitemap.contentTypeId)
              problems.add(
                'family',
                `the family is of content type ${type.code}, sitemap entry ${sitemap.code} of ${sitemap.contentType.code}`,
              );
            const problem = familyPageProblem(type, await tx.contentPage.count({ where: { familyId: family.id } }));
            if (problem) problems.add('family', problem);
            familyId = family.id;
            familyMain = family.mainPageId;
          }
        }
        if (sitemap && (await tx.contentPage.findUnique({ where: { sitemapId_slug: { sitemapId: sitemap.id, slug: input.slug! } } }))) {
          if (!problems.any) throw new ConflictError(`Sitemap entry ${sitemap.code} has a page with the slug ${input.slug}`);
        }
        if (familyId === null && sitemap && typeof familyRef !== 'number' && typeof familyRef !== 'string') {
          // a new family made from the page: its slug, name and content type unless given
          const given: FamilyInput = familyRef ?? {};
          try {
            const slug = given.slug ?? (await freeFamilySlug(tx, input.slug!, sitemap.code));
            const familyInput: FamilyInput = { name: input.name, contentType: sitemap.contentType.code, ...given, slug };
            familyId = await this.families.createIn(tx, familyInput, new Problems('family.'), 'field');
          } catch (err) {
            fail({ ...problems.errors, ...withPrefix(err, 'family.') });
          }
        }
        if (problems.any || familyId === null || !sitemap || !template || !sections) fail(problems.errors);

        const page = await tx.contentPage.create({
          data: {
            ...(columnsOf(input) as Prisma.ContentPageUncheckedCreateInput),
            slug: input.slug!,
            name: input.name!,
            familyId,
            sitemapId: sitemap.id,
            templateId: template.id,
            sections: sections.value as Prisma.InputJsonValue,
            headerImages: { create: headerImagesOf(input) ?? [] },
          },
        });
        if (input.main === true || (input.main !== false && familyMain === null))
          await tx.contentFamily.update({ where: { id: familyId }, data: { mainPageId: page.id } });
        return page.id;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new ConflictError(`Sitemap entry ${input.sitemap} has a page with the slug ${input.slug}`);
        throw err;
      });
    return this.load(id);
  }

  async update(id: number, input: PageUpdateInput): Promise<PageRow> {
    await this.prisma.$transaction(async (tx) => {
      const page = await tx.contentPage.findUnique({
        where: { id },
        include: {
          family: true,
          sitemap: { include: { contentType: true, templates: true } },
          template: true,
          headerImages: { orderBy: [{ displayOrder: 'asc' }, { id: 'asc' }] },
        },
      });
      if (!page) throw new NotFoundError(`Content page ${id} was not found`);
      const problems = new Problems();
      let sitemap = page.sitemap;
      if (input.sitemap !== undefined && input.sitemap !== page.sitemap.code) {
        const next = await sitemapByCode(tx, input.sitemap);
        if (!next) problems.add('sitemap', `no sitemap entry ${input.sitemap}`);
        else if (next.contentTypeId !== page.family.contentTypeId)
          problems.add('sitemap', `sitemap entry ${next.code} is for another content type than the page's family`);
        else sitemap = next;
      }
      const templateName = input.template ?? page.template.name;
      const template = sitemap.templates.find((t) => t.name === templateName);
      if (!template) problems.add('template', `sitemap entry ${sitemap.code} has no template ${templateName}`);
      let sections: Prisma.InputJsonValue | undefined;
      if (template && (input.sections !== undefined || template.id !== page.templateId)) {
        const checked = validateSections(
          { name: template.name, sections: template.sections as unknown as TemplateSection[] },
          input.sections !== undefined ? input.sections : page.sections,
        );
        problems.merge(checked.errors);
        sections = checked.value as Prisma.InputJsonValue;
      }
      const slug = input.slug ?? page.slug;
      if (
        (slug !== page.slug || sitemap.id !== page.sitemapId) &&
        (await tx.contentPage.findUnique({ where: { sitemapId_slug: { sitemapId: sitemap.id, slug } } }))
      ) {
        problems.add('slug', `sitemap entry ${sitemap.code} has a page with the slug ${slug}`);
      }
      if (input.main === false && page.family.mainPageId === id)
        problems.add('main', 'a family keeps its main page: make another page main instead');
      if (problems.any || !template) fail(problems.errors);

      const sent = headerImagesOf(input);
      const stored = page.headerImages.map(({ masterUrl, thumbnailUrl, alternativeText, caption, displayOrder }) => ({
        masterUrl,
        thumbnailUrl,
        alternativeText,
        caption,
        displayOrder,
      }));
      const images = sent && JSON.stringify(sent) !== JSON.stringify(stored) ? sent : undefined;
      await tx.contentPage.update({
        where: { id },
        data: {
          ...(columnsOf(input) as Prisma.ContentPageUncheckedUpdateInput),
          sitemapId: sitemap.id,
          templateId: template.id,
          ...(sections !== undefined ? { sections } : {}),
          ...(images ? { headerImages: { deleteMany: {}, create: images } } : {}),
        },
      });
      if (input.main === true) await tx.contentFamily.update({ where: { id: page.familyId }, data: { mainPageId: id } });
    });
    return this.load(id);
  }

  /** Visible from `publishedAt` (default now; a future instant schedules it); enables the page. */
  async publish(id: number, { publishedAt }: PublishInput): Promise<PageRow> {
    await this.load(id);
    await this.prisma.contentPage.update({ where: { id }, data: { publishedAt: publishedAt ?? new Date(), enabled: true } });
    return this.load(id);
  }

  async unpublish(id: number): Promise<PageRow> {
    await this.load(id);
    await this.prisma.contentPage.update({ where: { id }, data: { publishedAt: null } });
    return this.load(id);
  }
}
