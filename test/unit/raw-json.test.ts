import { expect } from 'chai';
import { RawJsonArray, serialiseBody } from '../../src/core/raw-json.ts';

describe('raw JSON splicing', () => {
  const members = [{ id: 1, name: 'Quay "One"' }, { id: 2, name: 'Ünïcode \u2028 line' }].map((m) => Buffer.from(JSON.stringify(m)));

  it('writes the members of a raw array as they are, and everything else as JSON.stringify does', () => {
    const body = { data: [{ a: 1 }], skipped: undefined, mapListings: RawJsonArray.of(members), n: null, text: 'x' };
    const text = serialiseBody(body).toString('utf8');
    expect(JSON.parse(text)).to.deep.equal({ data: [{ a: 1 }], mapListings: [{ id: 1, name: 'Quay "One"' }, { id: 2, name: 'Ünïcode \u2028 line' }], n: null, text: 'x' });
    expect(text).to.equal(JSON.stringify(body));
  });

  it('writes an empty raw array as []', () => {
    expect(serialiseBody({ mapListings: RawJsonArray.of([]) }).toString()).to.equal('{"mapListings":[]}');
    expect(serialiseBody({}).toString()).to.equal('{}');
    expect(serialiseBody({ a: RawJsonArray.of([Buffer.from('1')]), b: 2, c: RawJsonArray.of([Buffer.from('3'), Buffer.from('4')]) }).toString()).to.equal('{"a":[1],"b":2,"c":[3,4]}');
  });
});
