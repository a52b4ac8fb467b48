// The document's request schemas and the validation at the edge agree: each sample body is accepted by
// both (the JSON Schema the document carries, checked as a client would, and the yup schema the route
// applies) or refused by both.
import { expect } from 'chai';
import type * as yup from 'yup';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { jsonSchemaOf } from '../../src/core/openapi/from-yup.ts';
import { validate } from '../../src/core/validation.ts';
import {
  familySchema,
  pageCreateSchema,
  pageUpdateSchema,
  publishSchema,
  tagSchema,
  topicSchema,
} from '../../src/content/content-inputs.ts';
import { areaPageSchema } from '../../src/areas/area-inputs.ts';
import { parseDateTime } from '../../src/core/date-time-format.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

function verdicts(schema: yup.AnySchema, body: unknown): { document: boolean; server: boolean } {
  const document = ajv.validate(jsonSchemaOf(schema), body);
  let server = true;
  try {
    validate(schema, body);
  } catch {
    server = false;
  }
  return { document, server };
}

const astral = (n: number) => '😀'.repeat(n);

const cases: [string, yup.AnySchema, unknown, boolean][] = [
  ['a tag', tagSchema('create'), { slug: 'first-homes', name: 'First Homes', category: 'subject' }, true],
  ['a tag without a category', tagSchema('create'), { slug: 'first-homes', name: 'First Homes' }, false],
  ['a name padded with spaces', tagSchema('update'), { name: '  First Homes ' }, true],
  ['a blank name', tagSchema('update'), { name: ' \t ' }, false],
  ['an empty name', tagSchema('update'), { name: '' }, false],
  ['a number for a name', tagSchema('update'), { name: 5 }, false],
  ['255 characters outside the BMP', tagSchema('update'), { name: astral(255) }, true],
  ['256 characters outside the BMP', tagSchema('update'), { name: astral(256) }, false],
  ['a NUL in a name', tagSchema('update'), { name: 'a\u0000b' }, false],
  ['a slug with capitals', tagSchema('update'), { slug: 'First' }, false],
  ['a slug padded with spaces', tagSchema('update'), { slug: ' first ' }, false],
  ['an unknown field', tagSchema('update'), { colour: 'red' }, false],
  ['null for the whole body', tagSchema('update'), null, false],
  ['an array for the whole body', tagSchema('update'), [], false],
  ['a string for the whole body', tagSchema('update'), 'x', false],
  ['no field at all', topicSchema('update'), {}, true],
  ['null text', topicSchema('update'), { blurb: null }, true],
  ['a NUL in text', topicSchema('update'), { blurb: 'a\u0000' }, false],
  ['a date-time', publishSchema, { publishedAt: '2030-01-31T09:00:00+01:00' }, true],
  ['fractions of a second', publishSchema, { publishedAt: '2030-01-31T09:00:00.123456Z' }, true],
  ['no publication date', publishSchema, { publishedAt: null }, true],
  ['a date alone', publishSchema, { publishedAt: '2030-01-31' }, false],
  ['a 30th of February', publishSchema, { publishedAt: '2030-02-30T09:00:00Z' }, false],
  ['a year the database cannot hold with every offset', publishSchema, { publishedAt: '0001-01-01T00:00:00+01:00' }, false],
  ['a timestamp number', publishSchema, { publishedAt: 1_900_000_000_000 }, false],
  ['a reference by id', familySchema('update'), { topic: 3 }, true],
  ['a reference by slug', familySchema('update'), { topic: 'market' }, true],
  ['a reference by id 0', familySchema('update'), { topic: 0 }, false],
  ['a reference beyond the integer range', familySchema('update'), { topic: 2 ** 31 }, false],
  ['a blank reference', familySchema('update'), { topic: '  ' }, false],
  ['a reference of another type', familySchema('update'), { topic: true }, false],
  ['a relation', familySchema('update'), { relatedTo: { entity: 'scheme', item: 'first-homes' } }, true],
  ['an unknown relation entity', familySchema('update'), { relatedTo: { entity: 'planet', item: 1 } }, false],
  ['an unknown field in a relation', familySchema('update'), { relatedTo: { entity: 'scheme', item: 1, x: 1 } }, false],
  ['a source', familySchema('update'), { sources: [{ name: 'ONS', url: 'https://www.ons.gov.uk/' }] }, true],
  ['a source without a full url', familySchema('update'), { sources: [{ name: 'ONS', url: '/ons' }] }, false],
  ['enabled as text', familySchema('update'), { enabled: 'true' }, false],
  ['a latitude out of range', familySchema('update'), { location: { type: 'county', reference: 1, latitude: 91 } }, false],
  ['a display order as text', pageUpdateSchema, { displayOrder: '3' }, false],
  ['a display order beyond the integer range', pageUpdateSchema, { displayOrder: 2 ** 31 }, false],
  ['the smallest display order', pageUpdateSchema, { displayOrder: -(2 ** 31) }, true],
  ['sections', pageUpdateSchema, { sections: { hero: [{ title: 'T', image: null }] } }, true],
  ['a section name that is not an attribute name', pageUpdateSchema, { sections: { '1x': [] } }, false],
  ['a section that is not an array', pageUpdateSchema, { sections: { hero: { title: 'T' } } }, false],
  ['a section field that is not text', pageUpdateSchema, { sections: { hero: [{ title: 5 }] } }, false],
  ['a header image', pageUpdateSchema, { headerImages: [{ masterUrl: 'http://img.example.org/a.jpg' }] }, true],
  [
    'a page with a new family',
    pageCreateSchema,
    { sitemap: 'news', template: 'article', slug: 'a', name: 'A', family: { slug: 'a' } },
    true,
  ],
  ['a page in a family by slug', pageCreateSchema, { sitemap: 'news', template: 'article', slug: 'a', name: 'A', family: 'guides' }, true],
  ['a page in a family by id 0', pageCreateSchema, { sitemap: 'news', template: 'article', slug: 'a', name: 'A', family: 0 }, false],
  [
    'a new family with an unknown field',
    pageCreateSchema,
    { sitemap: 'news', template: 'article', slug: 'a', name: 'A', family: { colour: 'red' } },
    false,
  ],
  [
    'an area page',
    areaPageSchema('create'),
    { slug: 'leeds', name: 'Leeds', template: 'basic', scheme: 'first-homes', region: 'Yorkshire' },
    true,
  ],
  ['an unknown template', areaPageSchema('update'), { template: 'fancy' }, false],
  ['null where text may not be null', areaPageSchema('update'), { titleTag: null }, false],
  [
    'featured listings',
    areaPageSchema('update'),
    { content: { featuredListings: [{ image: 'https://x.example/a.jpg', title: 'A', image_alt_text: 'alt' }] } },
    true,
  ],
  [
    '25 featured listings',
    areaPageSchema('update'),
    { content: { featuredListings: Array(25).fill({ image: 'https://x.example/a.jpg', title: 'A' }) } },
    false,
  ],
  ['a blank question', areaPageSchema('update'), { faqs: [{ question: ' ', answer: 'A' }] }, false],
];

describe('content input schemas and the document', () => {
  for (const [name, schema, body, accepted] of cases) {
    it(`${accepted ? 'accepts' : 'refuses'} ${name}, in the document and at the edge alike`, () => {
      expect(verdicts(schema, body)).to.deep.equal({ document: accepted, server: accepted });
    });
  }

  it('reads RFC 3339 date-times as the instants they name', () => {
    expect(parseDateTime('2030-01-31T09:00:00+01:00')?.toISOString()).to.equal('2030-01-31T08:00:00.000Z');
    expect(parseDateTime('2030-01-31t09:00:00.5z')?.toISOString()).to.equal('2030-01-31T09:00:00.500Z');
    expect(parseDateTime('1000-01-01T00:00:00+23:59')?.toISOString()).to.equal('0999-12-31T00:01:00.000Z');
    for (const bad of ['2030-01-31', '2030-01-31 09:00:00Z', '2030-01-31T24:00:00Z', '2030-01-31T09:00:00+0100', '2031-02-29T00:00:00Z'])
      expect(parseDateTime(bad), bad).to.equal(null);
  });

  it('declares an object that refuses unknown fields, down to nested ones', () => {
    const page = jsonSchemaOf(pageCreateSchema) as { additionalProperties: unknown; properties: Record<string, Record<string, unknown>> };
    expect(page.additionalProperties).to.equal(false);
    expect((page.properties.headerImages!.items as Record<string, unknown>).additionalProperties).to.equal(false);
    expect(page.properties.family!.type).to.deep.equal(['integer', 'string', 'object', 'null']);
  });
});
