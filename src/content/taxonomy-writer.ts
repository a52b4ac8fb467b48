// Topics and tags, as editors create and change them. A topic's code and content type are fixed once
// created (other systems refer to topics by code); its other fields change freely. Tags belong to a category.
import type { PrismaClient } from '../db/prisma.ts';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.ts';
import { isUniqueViolation } from '../db/db-errors.ts';
import type { TagInput, TopicInput } from './content-inputs.ts';
import { topicInclude } from './content-rows.ts';
import { Problems } from './content-references.ts';

function fail(problems: Problems): never {
  throw new ValidationError(problems.errors, Object.values(problems.errors)[0]![0]);
}

export class TaxonomyWriter {
  constructor(private readonly prisma: PrismaClient) {}

  async createTopic(input: TopicInput) {
    const problems = new Problems();
    const type = await this.prisma.contentType.findUnique({ where: { code: input.contentType! } });
    if (!type) problems.add('contentType', `no content type ${input.contentType}`);
    else if (type.topicUse === 'none') problems.add('contentType', `content of type ${type.code} has no topics`);
    if (problems.any || !type) fail(problems);
    if (await this.prisma.contentTopic.findFirst({ where: { OR: [{ code: input.code! }, { slug: input.slug! }] } }))
      throw new ConflictError(`A topic with the code ${input.code} or the slug ${input.slug} exists`);
    try {
      return await this.prisma.contentTopic.create({
        data: {
          contentTypeId: type.id,
          code: input.code!,
          slug: input.slug!,
          name: input.name!,
          blurb: input.blurb ?? null,
          htmlDetails: input.htmlDetails ?? null,
        },
        include: topicInclude,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(`A topic with the code ${input.code} or the slug ${input.slug} exists`);
      throw err;
    }
  }

  async updateTopic(id: number, input: TopicInput) {
    const topic = await this.prisma.contentTopic.findUnique({ where: { id }, include: topicInclude });
    if (!topic) throw new NotFoundError(`Topic ${id} was not found`);
    const problems = new Problems();
    if (input.code !== undefined && input.code !== topic.code) problems.add('code', 'the code of a topic cannot change');
    if (input.contentType !== undefined && input.contentType !== topic.contentType.code)
      problems.add('contentType', 'the content type of a topic cannot change');
    if (
      input.slug !== undefined &&
      input.slug !== topic.slug &&
      (await this.prisma.contentTopic.findUnique({ where: { slug: input.slug } }))
    )
      problems.add('slug', `a topic with the slug ${input.slug} exists`);
    if (problems.any) fail(problems);
    return this.prisma.contentTopic.update({
      where: { id },
      data: { slug: input.slug, name: input.name, blurb: input.blurb, htmlDetails: input.htmlDetails },
      include: topicInclude,
    });
  }

  async createTag(input: TagInput) {
    const category = await this.prisma.contentTagCategory.findUnique({ where: { slug: input.category! } });
    if (!category) throw ValidationError.field('category', `no tag category ${input.category}`);
    if (await this.prisma.contentTag.findUnique({ where: { slug: input.slug! } }))
      throw new ConflictError(`A tag with the slug ${input.slug} exists`);
    try {
      return await this.prisma.contentTag.create({
        data: { slug: input.slug!, name: input.name!, categoryId: category.id },
        include: { category: true },
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(`A tag with the slug ${input.slug} exists`);
      throw err;
    }
  }

  async updateTag(id: number, input: TagInput) {
    const tag = await this.prisma.contentTag.findUnique({ where: { id } });
    if (!tag) throw new NotFoundError(`Tag ${id} was not found`);
    const problems = new Problems();
    let categoryId = tag.categoryId;
    if (input.category !== undefined) {
      const category = await this.prisma.contentTagCategory.findUnique({ where: { slug: input.category } });
      if (!category) problems.add('category', `no tag category ${input.category}`);
      else categoryId = category.id;
    }
    if (input.slug !== undefined && input.slug !== tag.slug && (await this.prisma.contentTag.findUnique({ where: { slug: input.slug } })))
      problems.add('slug', `a tag with the slug ${input.slug} exists`);
    if (problems.any) fail(problems);
    return this.prisma.contentTag.update({
      where: { id },
      data: { slug: input.slug, name: input.name, categoryId },
      include: { category: true },
    });
  }
}
