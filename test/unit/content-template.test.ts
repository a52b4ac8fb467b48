import { expect } from 'chai';
import {
  fieldProblem,
  normaliseSections,
  sectionsForTemplate,
  templateSectionsSchema,
  validateSections,
  type TemplateSection,
} from '../../src/content/template-model.ts';
import { validate } from '../../src/core/validation.ts';
import { ValidationError } from '../../src/core/errors.ts';

const template = {
  name: 'article',
  sections: normaliseSections(
    validate(templateSectionsSchema, [
      {
        name: 'hero',
        fields: [
          { name: 'title', type: 'Text', required: true },
          { name: 'image', type: 'Image' },
        ],
      },
      {
        name: 'faqs',
        repeatable: true,
        min: 1,
        max: 2,
        fields: [
          { name: 'question', type: 'Text', required: true },
          { name: 'answer', type: 'Html' },
        ],
      },
      {
        name: 'links',
        repeatable: true,
        fields: [
          { name: 'url', type: 'Url' },
          { name: 'notes', type: 'TextArea' },
        ],
      },
    ]),
  ),
};

describe('content templates', () => {
  it('normalises a definition: plain sections hold exactly one object, repeatable ones min to max', () => {
    const [hero, faqs, links] = template.sections as [TemplateSection, TemplateSection, TemplateSection];
    expect(hero).to.include({ repeatable: false, min: 1, max: 1 });
    expect(faqs).to.include({ repeatable: true, min: 1, max: 2 });
    expect(links).to.include({ repeatable: true, min: 0, max: null });
    expect(hero.fields[1]).to.deep.equal({ name: 'image', type: 'Image', required: false });
  });

  it('refuses definitions with bad names, unknown field types, duplicates or min above max', () => {
    const bad = (sections: unknown) => {
      try {
        validate(templateSectionsSchema, sections);
        return {};
      } catch (err) {
        return (err as ValidationError).errors;
      }
    };
    expect(bad([{ name: '1hero', fields: [{ name: 'title', type: 'Text' }] }])).to.have.key('[0].name');
    expect(bad([{ name: 'hero', fields: [{ name: 'my-title', type: 'Text' }] }])).to.have.key('[0].fields[0].name');
    expect(bad([{ name: 'hero', fields: [{ name: 'title', type: 'Markdown' }] }])).to.have.key('[0].fields[0].type');
    expect(bad([{ name: 'hero', fields: [] }])).to.have.key('[0].fields');
    expect(
      bad([
        {
          name: 'hero',
          fields: [
            { name: 'a', type: 'Text' },
            { name: 'a', type: 'Url' },
          ],
        },
      ]),
    ).to.have.key('[0].fields');
    expect(bad([{ name: 'x', repeatable: true, min: 3, max: 2, fields: [{ name: 'a', type: 'Text' }] }])).to.have.key('[0]');
    expect(
      Object.keys(
        bad([
          { name: 'x', fields: [{ name: 'a', type: 'Text' }] },
          { name: 'x', fields: [{ name: 'b', type: 'Text' }] },
        ]),
      ),
    ).to.have.length(1);
    expect(bad([{ name: '$ok_name2', fields: [{ name: '_a', type: 'Html' }] }])).to.deep.equal({});
  });

  it('accepts a page that fills its template, and fills every field of every section', () => {
    const { value, errors } = validateSections(template, {
      hero: [{ title: 'Hello', image: 'https://img.example.org/a.jpg' }],
      faqs: [{ question: 'Why?' }, { question: 'How?', answer: '<p>So</p>' }],
    });
    expect(errors).to.deep.equal({});
    expect(value).to.deep.equal({
      hero: [{ title: 'Hello', image: 'https://img.example.org/a.jpg' }],
      faqs: [
        { question: 'Why?', answer: null },
        { question: 'How?', answer: '<p>So</p>' },
      ],
      links: [],
    });
  });

  it('reports every problem with a path per section, item and field', () => {
    const { errors } = validateSections(template, {
      hero: [{ image: 'not a url', extra: 'x' }],
      faqs: [{ question: 'a' }, { question: 'b' }, { question: 'line\nbreak' }],
      links: [{ url: 'javascript:alert(1)' }, 'text'],
      unknown: [],
    });
    expect(errors).to.have.all.keys(
      'sections.hero[0].title',
      'sections.hero[0].image',
      'sections.hero[0].extra',
      'sections.faqs',
      'sections.faqs[2].question',
      'sections.links[0].url',
      'sections.links[1]',
      'sections.unknown',
    );
    expect(errors['sections.hero[0].title']).to.deep.equal(['title is required']);
    expect(errors['sections.faqs']).to.deep.equal(['faqs allows at most 2 items']);
  });

  it('needs a plain section to hold exactly one object, and a repeatable one its minimum', () => {
    expect(validateSections(template, { hero: [{ title: 'a' }, { title: 'b' }], faqs: [{ question: 'q' }] }).errors).to.have.key(
      'sections.hero',
    );
    expect(validateSections(template, { hero: [], faqs: [{ question: 'q' }] }).errors).to.have.key('sections.hero');
    expect(validateSections(template, { hero: [{ title: 'a' }] }).errors).to.deep.equal({
      'sections.faqs': ['faqs needs at least 1 item'],
    });
    // a plain section left out is one object of empty fields, so its required fields are reported
    expect(validateSections(template, { faqs: [{ question: 'q' }] }).errors).to.deep.equal({
      'sections.hero[0].title': ['title is required'],
    });
    expect(validateSections(template, { hero: 'x', faqs: [{ question: 'q' }] }).errors).to.have.key('sections.hero');
    expect(validateSections(template, 'not an object').errors).to.have.key('sections');
  });

  it('checks each field type', () => {
    const f = (type: 'Text' | 'TextArea' | 'Html' | 'Image' | 'Url', required = false) => ({ name: 'f', type, required });
    expect(fieldProblem(f('Text'), 'one line')).to.equal(null);
    expect(fieldProblem(f('Text'), 'two\nlines')).to.match(/single line/);
    expect(fieldProblem(f('Text'), 'x'.repeat(501))).to.match(/at most/);
    expect(fieldProblem(f('TextArea'), 'two\nlines')).to.equal(null);
    expect(fieldProblem(f('Html'), '<p>ok</p>')).to.equal(null);
    expect(fieldProblem(f('Html'), '<p>x</p><script>alert(1)</script>')).to.match(/script/);
    expect(fieldProblem(f('Image'), 'https://img.example.org/x.png')).to.equal(null);
    expect(fieldProblem(f('Image'), '/x.png')).to.match(/full http/);
    expect(fieldProblem(f('Url'), '/guides/x')).to.equal(null);
    expect(fieldProblem(f('Url'), 'https://example.org')).to.equal(null);
    expect(fieldProblem(f('Url'), '//evil.example.org')).to.match(/url/);
    expect(fieldProblem(f('Url'), 'ftp://example.org')).to.match(/url/);
    expect(fieldProblem(f('Text'), 42)).to.match(/string/);
    expect(fieldProblem(f('Text', true), '')).to.match(/required/);
    expect(fieldProblem(f('Text', true), null)).to.match(/required/);
    expect(fieldProblem(f('Text'), null)).to.equal(null);
  });

  it('presents stored sections in template order, with missing ones empty', () => {
    expect(sectionsForTemplate(template.sections, { faqs: [{ question: 'q', answer: null }], stale: [{}] })).to.deep.equal({
      hero: [],
      faqs: [{ question: 'q', answer: null }],
      links: [],
    });
  });
});
