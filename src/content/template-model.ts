// Page templates: sections made of fields. A page's `sections` hold one attribute per template section,
// each an array of objects built from the section's fields: exactly one object for a plain section,
// between `min` and `max` objects for a repeatable one. Pages are checked against their template here.
import * as yup from 'yup';
import { withJsonSchema, NO_NUL } from '../core/validation.ts';
import type { FieldErrors } from '../core/errors.ts';

export const FIELD_TYPES = ['Text', 'TextArea', 'Html', 'Image', 'Url'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface TemplateField {
  name: string;
  type: FieldType;
  required: boolean;
}

export interface TemplateSection {
  name: string;
  repeatable: boolean;
  /** smallest number of objects (1 for a plain section) */
  min: number;
  /** largest number of objects (1 for a plain section); null: no limit */
  max: number | null;
  fields: TemplateField[];
}

export type SectionValues = Record<string, Record<string, string | null>[]>;

/** A valid JavaScript identifier, hence a valid and convenient JSON attribute name. */
export const ATTRIBUTE_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const TEXT_MAX = 500;
const TEXT_AREA_MAX = 20_000;
const HTML_MAX = 200_000;

const nameSchema = (what: string) =>
  yup
    .string()
    .required(`${what} name is required`)
    .matches(ATTRIBUTE_NAME, `${what} name must be a valid JSON attribute name (letters, digits, _ or $, not starting with a digit)`);

const fieldSchema = yup.object({
  name: nameSchema('field'),
  type: yup
    .string()
    .required('type is required')
    .oneOf(FIELD_TYPES, `type must be one of ${FIELD_TYPES.join(', ')}`),
  required: yup.boolean().default(false),
});

const sectionSchema = yup
  .object({
    name: nameSchema('section'),
    repeatable: yup.boolean().default(false),
    min: yup.number().integer('min must be a whole number').min(0, 'min must be at least 0').nullable().default(null),
    max: yup.number().integer('max must be a whole number').min(1, 'max must be at least 1').nullable().default(null),
    fields: yup
      .array(fieldSchema.required())
      .required('fields are required')
      .min(1, 'a section needs at least one field')
      .test(
        'unique-fields',
        'field names must be unique within a section',
        (fields) => new Set(fields?.map((f) => f?.name)).size === (fields?.length ?? 0),
      ),
  })
  .test('min-max', 'min must not exceed max', (s) => s.min === null || s.max === null || s.min <= s.max);

export const templateSectionsSchema = yup
  .array(sectionSchema.required())
  .default([])
  .test(
    'unique-sections',
    'section names must be unique within a template',
    (sections) => new Set(sections?.map((s) => s.name)).size === (sections?.length ?? 0),
  );

/** Normalises a validated definition: plain sections hold exactly one object. */
export function normaliseSections(input: yup.InferType<typeof templateSectionsSchema>): TemplateSection[] {
  return input.map((s) => ({
    name: s.name,
    repeatable: s.repeatable,
    min: s.repeatable ? (s.min ?? 0) : 1,
    max: s.repeatable ? (s.max ?? null) : 1,
    fields: s.fields.map((f) => ({ name: f.name, type: f.type as FieldType, required: f.required })),
  }));
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The problem with one field value, or null when it is acceptable (null and "" are empty values). */
export function fieldProblem(field: TemplateField, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return field.required ? `${field.name} is required` : null;
  if (typeof value !== 'string') return `${field.name} must be a string`;
  switch (field.type) {
    case 'Text':
      if (/[\r\n]/.test(value)) return `${field.name} must be a single line`;
      return value.length > TEXT_MAX ? `${field.name} must be at most ${TEXT_MAX} characters` : null;
    case 'TextArea':
      return value.length > TEXT_AREA_MAX ? `${field.name} must be at most ${TEXT_AREA_MAX} characters` : null;
    case 'Html':
      if (value.length > HTML_MAX) return `${field.name} must be at most ${HTML_MAX} characters`;
      return /<\s*script\b/i.test(value) ? `${field.name} must not contain script elements` : null;
    case 'Image':
      return isHttpUrl(value) ? null : `${field.name} must be a full http(s) image url`;
    case 'Url':
      return isHttpUrl(value) || /^\/(?!\/)\S*$/.test(value) ? null : `${field.name} must be a full http(s) url or a path starting with /`;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where page sections break the shape every template shares (names, arrays of objects, text or null). */
function sectionShapeProblems(input: unknown, prefix: string): [string, string][] {
  if (!isPlainObject(input)) return [[prefix, `${prefix} must be an object with one attribute per section of the template`]];
  const problems: [string, string][] = [];
  for (const [name, items] of Object.entries(input)) {
    const path = `${prefix}.${name}`;
    if (!ATTRIBUTE_NAME.test(name))
      problems.push([path, `${name} is not a section name (letters, digits, _ or $, not starting with a digit)`]);
    else if (!Array.isArray(items)) problems.push([path, `${name} must be an array of objects`]);
    else
      items.forEach((item, i) => {
        if (!isPlainObject(item)) return problems.push([`${path}[${i}]`, `${name} items must be objects`]);
        for (const [field, value] of Object.entries(item)) {
          if (!ATTRIBUTE_NAME.test(field)) problems.push([`${path}[${i}].${field}`, `${field} is not a field name`]);
          else if (value !== null && typeof value !== 'string')
            problems.push([`${path}[${i}].${field}`, `${field} must be a string or null`]);
        }
      });
  }
  return problems;
}

// a valid attribute name, and never `__proto__` (the body parser refuses it with 400)
const names = { pattern: ATTRIBUTE_NAME.source, not: { const: '__proto__' } };

/**
 * A page's `sections` as the request carries them: the shape is checked where the request arrives, the
 * content against the page's template (which the writer looks up) by validateSections.
 */
export const sectionsField = () =>
  withJsonSchema(
    yup.mixed<SectionValues>().test('sections-shape', function (value) {
      if (value === undefined || value === null) return true;
      const problems = sectionShapeProblems(value, this.path);
      if (!problems.length) return true;
      return new yup.ValidationError(problems.map(([path, message]) => this.createError({ path, message })));
    }),
    {
      type: ['object', 'null'],
      description: "one attribute per template section: an array of objects of the section's fields (text or null)",
      propertyNames: names,
      additionalProperties: {
        type: 'array',
        items: {
          type: 'object',
          propertyNames: names,
          additionalProperties: { type: ['string', 'null'], pattern: NO_NUL },
        },
      },
    },
  ).nullable();

/**
 * Checks page sections against a template. Errors are keyed like `sections.hero[0].title`; the value holds
 * every template section (a plain section left out becomes one object of empty fields) and every field.
 */
export function validateSections(
  template: { name: string; sections: TemplateSection[] },
  input: unknown,
  prefix = 'sections',
): { value: SectionValues; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const value: SectionValues = {};
  const given = input === undefined || input === null ? {} : input;
  if (!isPlainObject(given)) {
    add(prefix, `${prefix} must be an object with one attribute per section of template ${template.name}`);
    return { value, errors };
  }
  const known = new Set(template.sections.map((s) => s.name));
  for (const name of Object.keys(given))
    if (!known.has(name)) add(`${prefix}.${name}`, `${name} is not a section of template ${template.name}`);

  for (const section of template.sections) {
    const path = `${prefix}.${section.name}`;
    const raw = given[section.name];
    const empty = () => Object.fromEntries(section.fields.map((f) => [f.name, null]));
    let items: unknown[];
    if (raw === undefined || raw === null) items = section.repeatable ? [] : [empty()];
    else if (!Array.isArray(raw)) {
      add(path, `${section.name} must be an array of objects`);
      continue;
    } else items = raw;

    if (items.length < section.min)
      add(
        path,
        section.repeatable
          ? `${section.name} needs at least ${section.min} item${section.min === 1 ? '' : 's'}`
          : `${section.name} must hold exactly one object`,
      );
    if (section.max !== null && items.length > section.max)
      add(
        path,
        section.repeatable
          ? `${section.name} allows at most ${section.max} item${section.max === 1 ? '' : 's'}`
          : `${section.name} must hold exactly one object`,
      );

    const fields = new Map(section.fields.map((f) => [f.name, f]));
    value[section.name] = items.map((item, i) => {
      const itemPath = `${path}[${i}]`;
      const out: Record<string, string | null> = {};
      if (!isPlainObject(item)) {
        add(itemPath, `${section.name} items must be objects`);
        return out;
      }
      for (const key of Object.keys(item))
        if (!fields.has(key)) add(`${itemPath}.${key}`, `${key} is not a field of section ${section.name}`);
      for (const field of section.fields) {
        const v = item[field.name];
        const problem = fieldProblem(field, v);
        if (problem) add(`${itemPath}.${field.name}`, problem);
        out[field.name] = typeof v === 'string' && v !== '' ? v : null;
      }
      return out;
    });
  }
  return { value, errors };
}

/** Stored sections as presented: every section of the template, in template order. */
export function sectionsForTemplate(template: TemplateSection[], stored: unknown): SectionValues {
  const values = isPlainObject(stored) ? stored : {};
  return Object.fromEntries(
    template.map((s) => [s.name, Array.isArray(values[s.name]) ? (values[s.name] as Record<string, string | null>[]) : []]),
  );
}
