// The body parser's `__proto__` refusal and validation's dropping of inherited names, case by case.
import { expect } from 'chai';
import * as yup from 'yup';
import { holdsProtoKey } from '../../src/core/json-body.ts';
import { validate, withoutInheritedNames } from '../../src/core/validation.ts';

describe('body keys', () => {
  describe('holdsProtoKey', () => {
    const cases: [string, unknown, boolean][] = [
      ['a top-level key', '{"__proto__":{"a":1}}', true],
      ['a key deep in an array', '{"a":[1,{"b":{"__proto__":null}}]}', true],
      ['an escaped key', '{"\\u005f_proto__":1}', true],
      ['a value that is the text', '{"a":"__proto__"}', false],
      ['a key that only contains it', '{"x__proto__":1}', false],
      ['malformed JSON', '{"__proto__":', false],
      ['no text', undefined, false],
    ];
    for (const [name, text, expected] of cases) it(`${name}: ${expected}`, () => expect(holdsProtoKey(text)).to.equal(expected));
  });

  describe('withoutInheritedNames', () => {
    it('drops constructor, toString and the like at any depth, keeping every other member', () => {
      const input = { a: 1, constructor: { prototype: { x: 1 } }, list: [{ toString: 'x', b: 2 }, 3], nested: { hasOwnProperty: 1, c: 'c' } };
      expect(withoutInheritedNames(input)).to.deep.equal({ a: 1, list: [{ b: 2 }, 3], nested: { c: 'c' } });
    });

    it('returns the very input when there is nothing to drop', () => {
      const input = { a: [1, { b: null }], c: 'constructor' };
      expect(withoutInheritedNames(input)).to.equal(input);
    });

    it('lets validation drop such a member instead of failing on it', () => {
      const schema = yup.object({ name: yup.string(), inner: yup.object({ n: yup.number() }) });
      expect(validate(schema, { name: 'a', constructor: 1, inner: { n: 2, toString: 3 } })).to.deep.equal({ name: 'a', inner: { n: 2 } });
    });
  });
});
