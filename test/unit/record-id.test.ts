// Record ids: the one check of PostgreSQL's integer range that paths, tokens, links and bodies share.
import { expect } from 'chai';
import { isRecordId, recordIdOf } from '../../src/core/record-id.ts';
import { pathId } from '../../src/core/path-id.ts';

describe('record ids', () => {
  const texts: [string | undefined, number | null][] = [
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['2147483648', null],
    ['9999999999', null],
    ['0', null],
    ['01', null],
    ['-1', null],
    ['1.0', null],
    [' 1', null],
    ['1e3', null],
    ['', null],
    [undefined, null],
  ];
  for (const [text, id] of texts) {
    it(`reads ${JSON.stringify(text)} as ${id}, and a path as ${id ?? 0}`, () => {
      expect(recordIdOf(text)).to.equal(id);
      expect(pathId(text)).to.equal(id ?? 0);
    });
  }

  const values: [unknown, boolean][] = [
    [1, true],
    [2_147_483_647, true],
    [2_147_483_648, false],
    [0, false],
    [-5, false],
    [1.5, false],
    [Number.NaN, false],
    ['1', false],
    [null, false],
  ];
  for (const [value, expected] of values) it(`${String(value)} is ${expected ? '' : 'not '}an id`, () => expect(isRecordId(value)).to.equal(expected));
});
