import { expect } from 'chai';
import { componentsOf, responseSchemaOf } from '../../src/core/openapi/from-yup.ts';
import { about, dateTime, integer, listOf, looseObject, mapOf, named, nullableReference, oneOf, optional, reference, shape, text } from '../../src/core/openapi/payload-fields.ts';

describe('response payloads described in yup', () => {
  const owner = named('Owner', shape({ id: integer, name: text }));
  const thing = shape({
    title: about(text, 'what it is called'),
    colour: oneOf(['red', 'blue']).nullable(),
    at: dateTime,
    owner: owner.nullable(),
    owners: listOf(owner),
    note: optional(text),
    extra: looseObject({ additionalProperties: true }),
    counts: mapOf(integer),
  });

  it('requires every member but an optional one, and gives no defaults', () => {
    const schema = responseSchemaOf(thing);
    expect(schema.required).to.have.members(['title', 'colour', 'at', 'owner', 'owners', 'extra', 'counts']);
    expect(JSON.stringify(schema)).not.to.contain('"default"');
  });

  it('keeps descriptions and formats, and lets a nullable enum take null', () => {
    const properties = responseSchemaOf(thing).properties as Record<string, Record<string, unknown>>;
    expect(properties.title).to.deep.equal({ type: 'string', description: 'what it is called' });
    expect(properties.at).to.deep.equal({ type: 'string', format: 'date-time' });
    expect(properties.colour!.enum).to.deep.equal(['red', 'blue', null]);
  });

  it('refers to a named payload by $ref below the top, and lists it in the components', () => {
    const properties = responseSchemaOf(thing).properties as Record<string, Record<string, unknown>>;
    expect(properties.owner).to.deep.equal({ oneOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'null' }] });
    expect(properties.owners).to.deep.equal({ type: 'array', items: { $ref: '#/components/schemas/Owner' } });
    expect(responseSchemaOf(owner)).to.deep.equal({ $ref: '#/components/schemas/Owner' });
    expect(componentsOf(owner)).to.deep.equal({
      Owner: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] },
    });
  });

  it('describes a loose object and a map by their JSON Schema', () => {
    const properties = responseSchemaOf(thing).properties as Record<string, Record<string, unknown>>;
    expect(properties.extra).to.deep.equal({ type: 'object', additionalProperties: true });
    expect(properties.counts).to.deep.equal({ type: 'object', additionalProperties: { type: 'integer' } });
  });

  it('refers by name to a payload it cannot import, as it is or null, and requires it', () => {
    const holder = shape({ other: reference<object>('Other'), maybe: nullableReference<object>('Other'), later: optional(reference<object>('Other')) });
    const schema = responseSchemaOf(holder);
    expect(schema.properties).to.deep.equal({
      other: { $ref: '#/components/schemas/Other' },
      maybe: { oneOf: [{ $ref: '#/components/schemas/Other' }, { type: 'null' }] },
      later: { $ref: '#/components/schemas/Other' },
    });
    expect(schema.required).to.have.members(['other', 'maybe']);
  });
});
