// Creating, changing, publishing and unpublishing area pages. The area is the region as a whole unless
// `area` names one of its counties or local authorities (by id, ONS code or name); the region then follows
// from the area and, when given as well, must agree with it.
import type { PrismaClient } from '../db/prisma.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.ts';
import { isUniqueViolation } from '../db/db-errors.ts';
import type { PublishInput } from '../content/content-inputs.ts';
import { countyByRef, localAuthorityByRef, Problems, regionByRef, schemeByRef, type Ref } from '../content/content-references.ts';
import type { AreaPageInput } from './area-inputs.ts';
import { areaPageInclude, type AreaPageRow } from './area-rows.ts';

type Existing = Prisma.AreaPageGetPayload<object>;

interface Placement {
  regionId: number;
  countyId: number | null;
  localAuthorityId: number | null;
}

function fail(problems: Problems): never {
  throw new ValidationError(problems.errors, Object.values(problems.errors)[0]![0]);
}

export class AreaPageWriter {
  constructor(private readonly prisma: PrismaClient) {}

  async load(id: number): Promise<AreaPageRow> {
    const row = await this.prisma.areaPage.findUnique({ where: { id }, include: areaPageInclude });
    if (!row) throw new NotFoundError(`Area page ${id} was not found`);
    return row;
  }

  private async placement(input: AreaPageInput, existing: Existing | null, problems: Problems): Promise<Placement | null> {
    const placeChanged = input.region !== undefined || input.area !== undefined;
    if (existing && !placeChanged)
      return { regionId: existing.regionId, countyId: existing.countyId, localAuthorityId: existing.localAuthorityId };
    let region = null as Awaited<ReturnType<typeof regionByRef>>;
    if (input.region !== undefined && input.region !== null) {
      region = await regionByRef(this.prisma, input.region as Ref);
      if (!region) problems.add('region', `no region ${input.region}`);
    }
    const area = input.area ?? { type: 'region', reference: null };
    if (area.type === 'region') {
      const regionId = region?.id ?? (input.region === undefined ? existing?.regionId : undefined);
      if (regionId === undefined) {
        if (input.region === undefined || input.region === null)
          problems.add('region', 'region is required for an area page of a whole region');
        return null;
      }
      return { regionId, countyId: null, localAuthorityId: null };
    }
    if (area.reference === null || area.reference === undefined) {
      problems.add('area.reference', `area.reference (the ${area.type.replace('_', ' ')}) is required`);
      return null;
    }
    const place =
      area.type === 'county'
        ? await countyByRef(this.prisma, area.reference as Ref)
        : await localAuthorityByRef(this.prisma, area.reference as Ref);
    if (!place) {
      problems.add('area.reference', `no ${area.type.replace('_', ' ')} ${area.reference}`);
      return null;
    }
    const regionId = 'regionId' in place ? place.regionId : place.county.regionId;
    if (region && region.id !== regionId) problems.add('area.reference', `${place.name} is not in region ${region.name}`);
    return area.type === 'county'
      ? { regionId, countyId: place.id, localAuthorityId: null }
      : { regionId, countyId: null, localAuthorityId: place.id };
  }

  private async plan(input: AreaPageInput, existing: Existing | null) {
    const problems = new Problems();
    let schemeId = existing?.schemeId;
    if (input.scheme !== undefined) {
      const scheme = await schemeByRef(this.prisma, input.scheme as Ref);
      if (!scheme) problems.add('scheme', `no scheme ${input.scheme}`);
      schemeId = scheme?.id;
    }
    const place = await this.placement(input, existing, problems);
    const template = input.template ?? existing?.template;
    let content: Record<string, unknown> | undefined;
    if (input.content !== undefined) content = { ...input.content };
    else if (existing && template !== existing.template) content = { ...(existing.content as Record<string, unknown>) };
    if (content) {
      if (template === 'basic') {
        if (input.content?.featuredListings?.length)
          problems.add('content.featuredListings', 'only pages of the featured-listings template have featured listings');
        delete content.featuredListings;
      } else content.featuredListings ??= [];
    }
    if (
      input.slug !== undefined &&
      input.slug !== existing?.slug &&
      existing &&
      (await this.prisma.areaPage.findUnique({ where: { slug: input.slug } }))
    )
      problems.add('slug', `an area page with the slug ${input.slug} exists`);
    if (problems.any || schemeId === undefined || !place) fail(problems);

    const data: Record<string, unknown> = { schemeId, ...place };
    for (const key of [
      'slug',
      'name',
      'template',
      'titleTag',
      'metaKeywords',
      'metaDescription',
      'headline',
      'mainImageUrl',
      'socialImageUrl',
      'socialTitle',
      'socialDescription',
      'displayOrder',
      'publishedAt',
    ] as const) {
      if (input[key] !== undefined) data[key] = input[key];
    }
    if (content) data.content = content;
    if (input.faqs !== undefined) data.faqs = input.faqs === null ? Prisma.DbNull : input.faqs;
    return data;
  }

  async create(input: AreaPageInput): Promise<AreaPageRow> {
    const data = await this.plan({ ...input, content: input.content ?? {} }, null);
    if (await this.prisma.areaPage.findUnique({ where: { slug: input.slug! } }))
      throw new ConflictError(`An area page with the slug ${input.slug} exists`);
    try {
      const page = await this.prisma.areaPage.create({ data: data as Prisma.AreaPageUncheckedCreateInput });
      return this.load(page.id);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(`An area page with the slug ${input.slug} exists`);
      throw err;
    }
  }

  async update(id: number, input: AreaPageInput): Promise<AreaPageRow> {
    const existing = await this.prisma.areaPage.findUnique({ where: { id } });
    if (!existing) throw new NotFoundError(`Area page ${id} was not found`);
    const data = await this.plan(input, existing);
    await this.prisma.areaPage.update({ where: { id }, data: data as Prisma.AreaPageUncheckedUpdateInput });
    return this.load(id);
  }

  async publish(id: number, { publishedAt }: PublishInput): Promise<AreaPageRow> {
    await this.load(id);
    await this.prisma.areaPage.update({ where: { id }, data: { publishedAt: publishedAt ?? new Date() } });
    return this.load(id);
  }

  async unpublish(id: number): Promise<AreaPageRow> {
    await this.load(id);
    await this.prisma.areaPage.update({ where: { id }, data: { publishedAt: null } });
    return this.load(id);
  }
}
